// Headless Chromium and a static file server on 127.0.0.1 for the bench scripts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { chromium } from 'playwright-core'

/** Debian's Chromium, headless, without the background traffic (sync, component updates) that would count as requests. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Chromium with a fresh profile. Every request that does not go to 127.0.0.1 is aborted and its URL recorded
 * in `blocked`; routing also turns the HTTP cache off, so every load is a cold download.
 */
export async function launchChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'vb-bench-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS })
  const blocked = []
  await context.route('**/*', (route) => {
    if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue()
    blocked.push(route.request().url())
    return route.abort()
  })
  return {
    context,
    blocked,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' }

/** Serves the files of `dir` on 127.0.0.1 (a free port), uncached; resolves with the listening server. */
export function serve(dir) {
  const server = http.createServer((req, res) => {
    // normalize() of an absolute path cannot climb above "/", so the file stays inside dir.
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/\/$/, '/index.html')
    try {
      const body = readFileSync(join(dir, path))
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store' })
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}
