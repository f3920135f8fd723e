// Headless Chromium and a static file server on 127.0.0.1 for the bench scripts.
import { fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
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
 * Chromium with a fresh profile. Every request that does not go to 127.0.0.1 fails and its URL is recorded in
 * `blocked`.
 * - By default each request is routed through this process, which aborts the others; routing also turns the HTTP
 *   cache off, so every load is a cold download.
 * - `{ routed: false }`, for timings: host names do not resolve (the request fails in the browser) and requests
 *   are only observed, so no request waits on this process, which is busy with the DevTools protocol; pages turn
 *   the cache off themselves (`Network.setCacheDisabled`).
 */
export async function launchChromium({ routed = true } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'vb-bench-'))
  const args = routed ? CHROMIUM_ARGS : [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1']
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args,
  })
  const blocked = []
  const offLoopback = (url) => /^(https?|wss?):/.test(url) && new URL(url).hostname !== '127.0.0.1'
  if (routed) {
    await context.route('**/*', (route) => {
      if (!offLoopback(route.request().url())) return route.continue()
      blocked.push(route.request().url())
      return route.abort()
    })
  } else {
    context.on('request', (request) => {
      if (offLoopback(request.url())) blocked.push(request.url())
    })
  }
  return {
    context,
    blocked,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
}

/**
 * Serves `dir` as `serve` does, from a process of its own: a page's requests are answered at once even while this
 * process is busy (DevTools protocol traffic, traces), as a real server would. Resolves with `{ address(), close() }`.
 */
export function serveApart(dir) {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', dir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  const stop = () => child.kill()
  process.once('exit', stop)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`static server for ${dir} exited (${code})`)))
    child.once('message', ({ port }) =>
      resolve({
        address: () => ({ port }),
        close() {
          process.off('exit', stop)
          stop()
        },
      }),
    )
  })
}

/**
 * Serves the files of `dir` on 127.0.0.1 (a free port), uncached; resolves with the listening server. Scripts and
 * pages go gzip-compressed (level 9, the size the bench reports) to a client that accepts it, as production servers
 * send them: under an emulated 20 Mbit/s link, uncompressed scripts would take three to four times as long.
 */
export function serve(dir) {
  const compressed = new Map()
  const server = http.createServer((req, res) => {
    // normalize() of an absolute path cannot climb above "/", so the file stays inside dir.
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/\/$/, '/index.html')
    try {
      const file = join(dir, path)
      const body = readFileSync(file)
      const headers = {
        'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-store',
        vary: 'accept-encoding',
      }
      if (extname(path) in TYPES && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        const key = `${file}:${body.length}:${statSync(file).mtimeMs}`
        if (!compressed.has(key)) compressed.set(key, gzipSync(body, { level: 9 }))
        res.writeHead(200, { ...headers, 'content-encoding': 'gzip' })
        return res.end(compressed.get(key))
      }
      res.writeHead(200, headers)
      res.end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

// `node bench/browser.mjs --serve <dir>` (forked by serveApart): serves dir, tells the parent its port, and ends
// with the parent.
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--serve') {
  const server = await serve(process.argv[3])
  process.send({ port: server.address().port })
  process.on('disconnect', () => process.exit(0))
}
