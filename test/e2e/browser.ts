import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
// The bench's flags: tests and bench run the same headless Chromium.
import { CHROMIUM_ARGS } from '../../bench/browser.mjs'

export { CHROMIUM_ARGS }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])

export interface TestBrowser {
  context: BrowserContext
  page: Page
  /** Every URL the page requested that did not go to loopback (data: and blob: URLs are local). */
  offLoopback: string[]
  close(): Promise<void>
}

/** Debian's Chromium with a fresh profile; requests leaving loopback are recorded and aborted. */
export async function launchBrowser(): Promise<TestBrowser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'vb-e2e-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1100, height: 800 },
  })
  const offLoopback: string[] = []
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url())
    if (url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.has(url.hostname)) return route.continue()
    offLoopback.push(url.href)
    return route.abort()
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = context.pages()[0] ?? (await context.newPage())
  return {
    context,
    page,
    offLoopback,
    async close() {
      await context.close()
      await rm(profile, { recursive: true, force: true })
    },
  }
}
