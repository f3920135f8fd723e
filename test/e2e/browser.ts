import { mkdtemp, rm } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
// The bench's flags: tests and bench run the same headless Chromium.
import { CHROMIUM_ARGS } from '../../bench/browser.mjs'
import { deliverClicks } from './delivered-click.js'

export { CHROMIUM_ARGS }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]'])
/** The schemes of requests that reach a network. */
const NETWORK = /^(https?|wss?):/i
/** React's development warnings for rendering bugs that leave a view looking fine (it still renders). */
const RENDER_FAULT =
  /Maximum update depth exceeded|Too many re-renders|unique "key" prop|two children with the same key|Cannot update a component .* while rendering a different component/

export interface TestBrowser {
  context: BrowserContext
  page: Page
  /**
   * Every URL the pages requested, over HTTP or WebSocket, that did not go to loopback (data: and blob: URLs are
   * local). HTTP requests are aborted, WebSockets closed.
   */
  offLoopback: string[]
  /** Every WebSocket the pages opened, loopback or not. */
  webSockets: string[]
  /**
   * React's development warnings that reveal a rendering bug (an update loop, list keys, a state update during
   * another component's render), as the pages logged them.
   */
  renderFaults: string[]
  close(): Promise<void>
}

export interface LaunchOptions {
  /**
   * Host names Chromium resolves to 127.0.0.1 (`--host-resolver-rules`), to the port given: services the SDKs
   * hard-code, served by local stand-ins. Requests to them stay on loopback.
   */
  mapHosts?: Record<string, number>
  /** Accept the self-signed certificates of those stand-ins. */
  ignoreCertificateErrors?: boolean
  /** Keep Chromium's back-forward cache on (Playwright turns it off by default). */
  backForwardCache?: boolean
}

/** Debian's Chromium with a fresh profile; requests and WebSockets leaving loopback are recorded and stopped. */
export async function launchBrowser(options: LaunchOptions = {}): Promise<TestBrowser> {
  const mapped = Object.entries(options.mapHosts ?? {})
  const onLoopback = (href: string) => {
    const url = new URL(href)
    return (
      url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.has(url.hostname) || mapped.some(([host]) => host === url.hostname)
    )
  }
  const profile = await mkdtemp(path.join(tmpdir(), 'vb-e2e-'))
  const args = [...CHROMIUM_ARGS]
  if (mapped.length) args.push(`--host-resolver-rules=${mapped.map(([host, port]) => `MAP ${host} 127.0.0.1:${port}`).join(', ')}`)
  if (options.ignoreCertificateErrors) args.push('--ignore-certificate-errors')
  // Every request to another host goes to a proxy that closes each connection at once: it fails in the page and
  // reaches nothing. Loopback and the mapped hosts bypass it.
  const deadEnd = createServer((socket) => socket.destroy())
  await new Promise<void>((resolve) => deadEnd.listen(0, '127.0.0.1', resolve))
  args.push(`--proxy-server=http://127.0.0.1:${(deadEnd.address() as AddressInfo).port}`)
  args.push(`--proxy-bypass-list=${['127.0.0.1', 'localhost', '[::1]', ...mapped.map(([host]) => host)].join(';')}`)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args,
    viewport: { width: 1100, height: 800 },
    ignoreHTTPSErrors: Boolean(options.ignoreCertificateErrors),
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  })
  const offLoopback: string[] = []
  const webSockets: string[] = []
  // HTTP requests are recorded from the browser's own events, which cost nothing per request (routing every
  // request through the test process added about 250 ms to each page load). They are stopped by the proxy above.
  // Only network schemes count: a link to an app's own scheme (`wallet://…`) opens that app, not a connection.
  context.on('request', (request) => {
    if (NETWORK.test(request.url()) && !onLoopback(request.url())) offLoopback.push(request.url())
  })
  // WebSockets leaving loopback are routed: recorded and closed before they reach
  // the network (a routed socket raises no page event). The others are recorded from every page as they open.
  await context.routeWebSocket(
    (url) => !onLoopback(url.href),
    (socket) => {
      webSockets.push(socket.url())
      offLoopback.push(socket.url())
      return socket.close({ code: 1008, reason: 'Off loopback' })
    },
  )
  const watch = (page: Page) =>
    page.on('websocket', (socket) => {
      webSockets.push(socket.url())
      if (!onLoopback(socket.url())) offLoopback.push(socket.url())
    })
  context.pages().forEach(watch)
  context.on('page', watch)
  const renderFaults: string[] = []
  context.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && RENDER_FAULT.test(message.text()))
      renderFaults.push(message.text().slice(0, 300))
  })
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = context.pages()[0] ?? (await context.newPage())
  deliverClicks(page)
  return {
    context,
    page,
    offLoopback,
    webSockets,
    renderFaults,
    async close() {
      await context.close()
      await new Promise((resolve) => deadEnd.close(resolve))
      await rm(profile, { recursive: true, force: true })
    },
  }
}
