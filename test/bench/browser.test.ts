import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { launchChromium, serve, serveApart } from '../../bench/browser.mjs'

const dir = mkdtempSync(join(tmpdir(), 'vb-serve-'))
writeFileSync(join(dir, 'page.html'), '<!doctype html><title>bench page</title><img src="http://example.com/pixel.png">')

describe('bench static server in its own process', () => {
  it('serves the folder uncached and stops on close()', async () => {
    const server = await serveApart(dir)
    const url = `http://127.0.0.1:${server.address().port}/page.html`
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain('bench page')
    // Pages and scripts go compressed to a client that accepts it, as production servers send them.
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) =>
      get(url, { headers: { 'accept-encoding': 'gzip, br' } }, (res) => {
        const chunks: Buffer[] = []
        res
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }))
          .on('error', reject)
      }).on('error', reject),
    )
    expect(raw.encoding).toBe('gzip')
    expect(gunzipSync(raw.body).toString()).toBe(readFileSync(join(dir, 'page.html'), 'utf8'))
    const plain = await new Promise<string | undefined>((resolve, reject) =>
      get(url, (res) => (res.resume(), resolve(res.headers['content-encoding']))).on('error', reject),
    )
    expect(plain).toBeUndefined()
    expect((await fetch(`http://127.0.0.1:${server.address().port}/../../etc/passwd`)).status).toBe(404)
    server.close()
    // The process ends: its port refuses connections soon after (polled).
    await vi.waitFor(() => expect(fetch(url)).rejects.toThrow(), { timeout: 5_000, interval: 20 })
  })
})

describe('Chromium without routing', () => {
  const closing: (() => unknown)[] = []
  afterAll(async () => {
    for (const close of closing) await close()
  })

  it('loads loopback pages and records (and fails) every request to another host', async () => {
    const server = await serve(dir)
    closing.push(() => server.close())
    const browser = await launchChromium({ routed: false })
    closing.push(() => browser.close())
    const page = await browser.context.newPage()
    const failed: string[] = []
    page.on('requestfailed', (request) => failed.push(request.url()))
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/page.html`)
    expect(await page.title()).toBe('bench page')
    await expect.poll(() => failed).toContain('http://example.com/pixel.png')
    expect(browser.blocked).toEqual(['http://example.com/pixel.png'])
  }, 60_000)
})
