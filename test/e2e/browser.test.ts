/**
 * The browser tests' "nothing leaves loopback" recorder, checked on its own: HTTP requests and WebSockets to
 * other hosts are recorded and stopped, loopback ones pass, and hosts mapped to a local stand-in stay local.
 * And its rendering fault recorder: a real React update loop in a page is recorded, other console errors are not.
 */
import { createServer, type Server } from 'node:http'
import { build } from 'esbuild'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocketServer } from 'ws'
import { launchBrowser, type TestBrowser } from './browser.js'
import { redelivered } from './delivered-click.js'

// TEST-NET-1 (RFC 5737): never routed, so nothing can answer even if the recorder let it through.
const FOREIGN = '192.0.2.1'

let server: Server
let port: number
const seen: string[] = []
/** Scripts served by path; any other path gets an empty page. */
const scripts = new Map<string, string>()

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.headers.host}${req.url}`)
    const script = scripts.get(req.url ?? '')
    if (script !== undefined) return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    res.writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' }).end('<!doctype html><title>loopback</title>')
  })
  const wss = new WebSocketServer({ server })
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo ${String(data)}`)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** Opens a WebSocket in the page; resolves with the echo, or with how it closed. */
const openSocket = (browser: TestBrowser, url: string) =>
  browser.page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(url)
        socket.onopen = () => socket.send('ping')
        socket.onmessage = (event) => (resolve(String(event.data)), socket.close())
        socket.onclose = (event) => resolve(`closed ${event.code}`)
      }),
    url,
  )

describe('the loopback recorder', () => {
  test('records and stops WebSockets and HTTP requests to other hosts; loopback ones pass and are listed', async () => {
    const browser = await launchBrowser()
    try {
      await browser.page.goto(`http://127.0.0.1:${port}/`)
      expect(await openSocket(browser, `ws://127.0.0.1:${port}/`)).toBe('echo ping')
      expect(browser.offLoopback).toEqual([])

      const closed = await openSocket(browser, `ws://${FOREIGN}:8080/relay`)
      expect(closed).toMatch(/^closed \d+$/)
      const fetched = await browser.page.evaluate(
        (url) =>
          fetch(url).then(
            () => 'answered',
            () => 'failed',
          ),
        `http://${FOREIGN}/api`,
      )
      expect(fetched).toBe('failed')
      expect(browser.offLoopback).toEqual([`ws://${FOREIGN}:8080/relay`, `http://${FOREIGN}/api`])
      expect(browser.webSockets).toEqual([`ws://127.0.0.1:${port}/`, `ws://${FOREIGN}:8080/relay`])

      // A page opened later (a wallet's tab) is watched as well.
      const other = await browser.context.newPage()
      await other.goto(`http://127.0.0.1:${port}/`)
      await other.evaluate(
        (url) => new Promise((resolve) => Object.assign(new WebSocket(url), { onclose: resolve, onerror: resolve })),
        `wss://${FOREIGN}/second`,
      )
      expect(browser.offLoopback).toContain(`wss://${FOREIGN}/second`)
    } finally {
      await browser.close()
    }
  })

  test('a host mapped to a local stand-in is resolved to 127.0.0.1 and is not counted as leaving loopback', async () => {
    const browser = await launchBrowser({ mapHosts: { 'stand-in.example': port } })
    try {
      await browser.page.goto(`http://127.0.0.1:${port}/`)
      const answer = await browser.page.evaluate(() => fetch('http://stand-in.example/hello').then((r) => r.status))
      expect(answer).toBe(200)
      expect(seen).toContain('stand-in.example/hello')
      expect(await openSocket(browser, 'ws://stand-in.example/')).toBe('echo ping')
      expect(browser.offLoopback).toEqual([])
    } finally {
      await browser.close()
    }
  })
})

describe('the rendering fault recorder', () => {
  test("records React's update-loop warning from a real component; an unrelated console error is not a fault", async () => {
    // A component whose effect depends on an object made anew each render and sets state: React's development
    // build reports the loop while the page keeps drawing.
    const app = `import { createElement, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
function Loop() {
  const [count, setCount] = useState(0)
  const options = { count }
  useEffect(() => setCount((c) => c + 1), [options])
  return createElement('p', null, String(count))
}
console.error('a failed request, not a rendering fault')
createRoot(document.body.appendChild(document.createElement('div'))).render(createElement(Loop))`
    const bundle = await build({
      stdin: { contents: app, resolveDir: process.cwd(), loader: 'js' },
      bundle: true,
      write: false,
      format: 'esm',
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    })
    scripts.set('/loop.js', bundle.outputFiles[0]!.text)
    const browser = await launchBrowser()
    try {
      await browser.page.goto(`http://127.0.0.1:${port}/`)
      await browser.page.addScriptTag({ url: '/loop.js', type: 'module' })
      await expect.poll(() => browser.renderFaults.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(browser.renderFaults[0]).toMatch(/Maximum update depth exceeded/)
      expect(browser.renderFaults.join('\n')).not.toContain('a failed request')
    } finally {
      await browser.close()
    }
  })
})

describe('clicks the browser did not deliver', () => {
  test('a click whose button moved between press and release is made again once; a delivered click, or one that removes its button, is not', async () => {
    const browser = await launchBrowser()
    try {
      const { page } = browser
      await page.goto(`http://127.0.0.1:${port}/`)
      // The first press inserts a block above the button: the release lands on the block, and the click goes to
      // the body, which holds both. The page counts the clicks each button heard.
      await page.evaluate(() => {
        const w = window as unknown as { heard: Record<string, number> }
        w.heard = {}
        for (const id of ['moves', 'still', 'goes']) {
          const button = document.createElement('button')
          button.id = id
          button.textContent = id
          button.style.cssText = 'display:block;width:200px;height:40px'
          button.addEventListener('click', () => {
            w.heard[id] = (w.heard[id] ?? 0) + 1
            if (id === 'goes') button.remove()
          })
          document.body.append(button)
        }
        const moves = document.getElementById('moves')!
        moves.addEventListener('pointerdown', () => moves.before(Object.assign(document.createElement('div'), { style: 'height:120px' })), {
          once: true,
        })
      })
      const before = redelivered.length
      await page.locator('#moves').click()
      await page.locator('#still').click()
      await page.locator('#goes').click()
      expect(await page.evaluate(() => (window as unknown as { heard: Record<string, number> }).heard)).toEqual({
        moves: 1,
        still: 1,
        goes: 1,
      })
      expect(redelivered.slice(before)).toEqual([expect.stringContaining('#moves')])
    } finally {
      await browser.close()
    }
  })
})
