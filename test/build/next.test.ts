// The packed package in a Next.js (app router) host, built with `next build` and served by `next start` on
// 127.0.0.1: ModalProvider and the hooks render on the server, hydrate in Chromium without a mismatch (for a new
// visitor and for one returning with a stored session), and the modal opens; vestibule/server answers as its route
// handlers. One build serves every test.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { buildNextHost, startNextHost } from '../../bench/next-host.mjs'
import { createSiwxMessage } from '../../plugins/siwx/messages.js'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { launchBrowser, type TestBrowser } from '../e2e/browser.js'
import { installPackedPackage, root, type PackedHost } from './packed.js'

const fakeWallet = readFileSync(join(root, 'bench/fake-wallet.js'), 'utf8')

/** Every console error and warning and every uncaught error of `page`, as text. */
function collectProblems(page: Page, aborted: readonly string[]) {
  const problems: string[] = []
  page.on('console', (message) => {
    // A mainnet RPC request the test browser itself aborted (it keeps every page on loopback) is not the page's fault.
    if (message.text().startsWith('Failed to load resource') && aborted.includes(message.location().url)) return
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return problems
}

/** Loads `path` and waits until React has hydrated it: the layout marks the document from an effect. */
async function hydrate(page: Page, url: string) {
  await page.goto(url)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

describe('a Next.js app-router host of the packed package', () => {
  let host: PackedHost
  let api: Awaited<ReturnType<typeof startProviderApi>>
  let server: Awaited<ReturnType<typeof startNextHost>>
  let browser: TestBrowser

  beforeAll(async () => {
    api = await startProviderApi()
    host = installPackedPackage()
    await buildNextHost(host.dir, { NEXT_PUBLIC_VESTIBULE_API: api.url })
    ;[server, browser] = await Promise.all([startNextHost(host.dir), launchBrowser()])
    await browser.context.addInitScript(fakeWallet)
  }, 600_000)
  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await api?.stop()
    await host?.remove()
  }, 300_000)

  it('serves vestibule/server from its route handlers: nonce, verify with the session cookie, me; bad JSON is a 400', async () => {
    const origin = server.url
    const account = privateKeyToAccount(`0x${'21'.repeat(32)}`)
    const { nonce } = (await (await fetch(`${origin}/auth/nonce`)).json()) as { nonce: string }
    const message = createSiwxMessage({
      domain: new URL(origin).host,
      accountAddress: account.address,
      chainId: 'eip155:1',
      uri: origin,
      version: '1',
      nonce,
      issuedAt: new Date().toISOString(),
    })
    const post = (body: string) =>
      fetch(`${origin}/auth/verify`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body })
    const verified = await post(JSON.stringify({ message, signature: await account.signMessage({ message }) }))
    expect(verified.status).toBe(200)
    const cookie = verified.headers.get('set-cookie')!
    expect(cookie).toMatch(/^vestibule_siwx=[A-Za-z0-9]{32}; Path=\/; Max-Age=86400; HttpOnly; SameSite=Lax$/)
    const me = await fetch(`${origin}/auth/me`, { headers: { cookie: cookie.split(';')[0]! } })
    expect(await me.json()).toEqual({ address: account.address, chainId: 'eip155:1' })
    const bad = await post('{"message":')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'the request body is not JSON', reasons: ['json'] })
  })

  it('serves the hooks rendered on the server', async () => {
    const html = await (await fetch(server.url)).text()
    expect(html).toContain('<p id="status">disconnected</p>')
    expect(html).toContain('<p id="network">no network</p>')
    expect(html).toContain('<p id="open">closed</p>')
  })

  it('sees a hydration mismatch where there is one (a page that renders differently in the browser)', async () => {
    const page = await browser.context.newPage()
    try {
      const problems = collectProblems(page, browser.offLoopback)
      await hydrate(page, `${server.url}/mismatch`)
      await expect.poll(() => problems.join('\n')).toMatch(/hydrat|#418|#425/i)
    } finally {
      await page.close()
    }
  })

  it('hydrates ModalProvider and the hooks without a mismatch, opens the modal and connects; a returning visitor hydrates too', async () => {
    const page = await browser.context.newPage()
    try {
      const problems = collectProblems(page, browser.offLoopback)
      await hydrate(page, server.url)
      await page.locator('#connect').click()
      await expect.poll(() => page.locator('#open').innerText()).toBe('open')
      const wallet = page.getByRole('dialog').getByRole('button', { name: /Bench Wallet/ })
      await wallet.first().click({ timeout: 20_000 })
      await expect.poll(() => page.locator('#status').innerText(), { timeout: 15_000 }).toBe('connected')
      expect(await page.locator('#network').innerText()).toBe('eip155:1')
      expect(problems).toEqual([])

      // The browser now holds a session and a network; the server still renders a new visitor's page.
      await hydrate(page, server.url)
      await page.locator('#connect').click()
      await expect.poll(() => page.locator('#open').innerText()).toBe('open')
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })

  it('a part streamed in after the modal opened hydrates with what the server rendered, then shows the state', async () => {
    const page = await browser.context.newPage()
    try {
      const problems = collectProblems(page, browser.offLoopback)
      // The response stays open until the streamed part is released: wait for the first bytes only.
      await page.goto(`${server.url}/streamed`, { waitUntil: 'commit' })
      await page.locator('#late').waitFor()
      expect(await page.locator('#late').innerText()).toBe('waiting')
      // Clicks before hydration do nothing; the first one after it opens the modal.
      await expect
        .poll(async () => {
          await page.locator('#connect').click()
          return page.locator('#open').innerText()
        })
        .toBe('open')
      expect(await (await fetch(`${server.url}/streamed/release`)).json()).toEqual({ released: 1 })
      await expect.poll(() => page.locator('#late').innerText(), { timeout: 15_000 }).toBe('open disconnected')
      await page.waitForLoadState('load')
      expect(problems).toEqual([])
    } finally {
      await page.close()
    }
  })
})
