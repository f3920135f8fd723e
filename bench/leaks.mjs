/**
 * `node bench/leaks.mjs`: what a modal leaves behind, in headless Chromium over the sandbox (local chain, provider
 * API, Sandbox Wallet), on the sandbox's `/lifecycle?bare` page (no modal until `window.makeModal` makes one, here
 * with the catalog and every account feature: tokens, send, swap, activity, NFTs, receive, on-ramp, identity, names):
 *   - the modal opened and closed 200 times, then connected to and disconnected from the Sandbox Wallet 50 times:
 *     the JS heap after the last cycle within 10 % of the heap after the first one, DOM nodes and event listeners
 *     flat (garbage collected before every reading, through the DevTools protocol);
 *   - then `destroy()`: no timer, interval, animation frame, observer, BroadcastChannel, WebSocket, iframe, DOM node
 *     or event listener more than the page had before `createModal`.
 * Live timers, listeners and channels are counted by an init script that wraps the browser's functions before the
 * page's code runs. Prints the figures; exits 1 when a budget is missed.
 */
import { startSandbox } from '../sandbox/server.mjs'
import { launchChromium } from './browser.mjs'

const OPEN_CLOSE = 200
const CONNECT_DISCONNECT = 50
const BUDGET = { heapGrowth: 0.1 }

/** Runs in the page before its own code: counts what is live (pending, registered, open) at any moment. */
function instrument() {
  const live = {
    timeouts: new Map(),
    intervals: new Map(),
    frames: new Set(),
    listeners: new Map(),
    channels: new Set(),
    sockets: new Set(),
    observers: new Set(),
  }
  const where = () =>
    (new Error().stack ?? '')
      .split('\n')
      .slice(3, 6)
      .map((l) => l.trim())
      .join(' < ')
  const native = { setTimeout, clearTimeout, setInterval, clearInterval, requestAnimationFrame, cancelAnimationFrame }
  window.setTimeout = (handler, ms, ...args) => {
    const id = native.setTimeout.call(
      window,
      () => {
        live.timeouts.delete(id)
        if (typeof handler === 'function') handler(...args)
      },
      ms,
    )
    live.timeouts.set(id, { ms, at: where() })
    return id
  }
  window.setInterval = (handler, ms, ...args) => {
    const id = native.setInterval.call(window, handler, ms, ...args)
    live.intervals.set(id, { ms, at: where() })
    return id
  }
  // Either clear function clears either kind.
  window.clearTimeout = window.clearInterval = (id) => {
    live.timeouts.delete(id)
    live.intervals.delete(id)
    native.clearTimeout.call(window, id)
  }
  window.requestAnimationFrame = (callback) => {
    const id = native.requestAnimationFrame.call(window, (time) => {
      live.frames.delete(id)
      callback(time)
    })
    live.frames.add(id)
    return id
  }
  window.cancelAnimationFrame = (id) => {
    live.frames.delete(id)
    native.cancelAnimationFrame.call(window, id)
  }

  // Listeners on every target that is not a DOM node (window, document, media queries, channels …): DOM nodes go
  // with their node, which Memory.getDOMCounters counts.
  const add = EventTarget.prototype.addEventListener
  const remove = EventTarget.prototype.removeEventListener
  const tracked = (target) => !(target instanceof Node) || target === document
  const capture = (options) => (typeof options === 'boolean' ? options : Boolean(options?.capture))
  const entries = (target) => live.listeners.get(target) ?? live.listeners.set(target, []).get(target)
  const forget = (target, type, listener, options) => {
    const list = live.listeners.get(target)
    const index = list?.findIndex((e) => e.type === type && e.listener === listener && e.capture === capture(options)) ?? -1
    if (index >= 0) list.splice(index, 1)
    if (list && !list.length) live.listeners.delete(target)
  }
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (listener && tracked(this) && !options?.signal?.aborted) {
      const list = entries(this)
      if (!list.some((e) => e.type === type && e.listener === listener && e.capture === capture(options))) {
        list.push({ type, listener, capture: capture(options), at: where() })
        if (typeof options === 'object' && options?.once)
          add.call(this, type, () => forget(this, type, listener, options), { once: true, capture: capture(options) })
        options?.signal?.addEventListener('abort', () => forget(this, type, listener, options), { once: true })
      }
    }
    return add.call(this, type, listener, options)
  }
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (tracked(this)) forget(this, type, listener, options)
    return remove.call(this, type, listener, options)
  }
  // MediaQueryList's older pair.
  const mql = MediaQueryList.prototype
  const addListener = mql.addListener
  const removeListener = mql.removeListener
  mql.addListener = function (listener) {
    entries(this).push({ type: 'change', listener, capture: false, at: where() })
    return addListener.call(this, listener)
  }
  mql.removeListener = function (listener) {
    forget(this, 'change', listener, false)
    return removeListener.call(this, listener)
  }

  const Channel = window.BroadcastChannel
  window.BroadcastChannel = class extends Channel {
    constructor(name) {
      super(name)
      live.channels.add({ channel: this, at: where() })
    }
    close() {
      for (const e of live.channels) if (e.channel === this) live.channels.delete(e)
      super.close()
    }
  }
  const Socket = window.WebSocket
  window.WebSocket = class extends Socket {
    constructor(...args) {
      super(...args)
      const entry = { url: String(args[0]), at: where() }
      live.sockets.add(entry)
      add.call(this, 'close', () => live.sockets.delete(entry))
    }
  }
  for (const name of ['MutationObserver', 'ResizeObserver', 'IntersectionObserver']) {
    const Observer = window[name]
    if (!Observer) continue
    window[name] = class extends Observer {
      observe(...args) {
        live.observers.add(this)
        this.at ??= `${name} ${where()}`
        return super.observe(...args)
      }
      disconnect() {
        live.observers.delete(this)
        return super.disconnect()
      }
    }
  }

  /** Iframes, in the document and in every open shadow root. */
  const iframes = (root = document) => {
    let count = root.querySelectorAll('iframe').length
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) count += iframes(el.shadowRoot)
    return count
  }
  window.__live = () => ({
    timeouts: [...live.timeouts.values()].map((t) => `${t.ms} ms ${t.at}`),
    intervals: [...live.intervals.values()].map((t) => `${t.ms} ms ${t.at}`),
    frames: live.frames.size,
    listeners: [...live.listeners].flatMap(([target, list]) =>
      list.map((e) => `${target === window ? 'window' : target === document ? 'document' : target.constructor.name}:${e.type} ${e.at}`),
    ),
    channels: [...live.channels].map((e) => e.at),
    sockets: [...live.sockets].map((e) => e.url),
    observers: [...live.observers].map((o) => o.at),
    iframes: iframes(),
    hosts: document.querySelectorAll('div[data-vestibule]').length,
  })
}

const sandbox = await startSandbox({ production: true })
const browser = await launchChromium()
const page = await browser.context.newPage()
const cdp = await browser.context.newCDPSession(page)
const dialog = () => page.locator('div[data-vestibule] dialog')
const failures = []

/** Garbage collected, then the heap and DOM counters and the listeners on window and document (DevTools protocol). */
async function reading() {
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
  const heap = await cdp.send('Runtime.getHeapUsage')
  const dom = await cdp.send('Memory.getDOMCounters')
  const listeners = {}
  for (const expression of ['window', 'document']) {
    const { result } = await cdp.send('Runtime.evaluate', { expression })
    listeners[expression] = (await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId })).listeners.length
    await cdp.send('Runtime.releaseObject', { objectId: result.objectId })
  }
  return {
    heapMB: heap.usedSize / 2 ** 20,
    nodes: dom.nodes,
    jsEventListeners: dom.jsEventListeners,
    documents: dom.documents,
    windowListeners: listeners.window,
    documentListeners: listeners.document,
  }
}
/**
 * A reading once what a destroyed modal held has been let go: React unmounts a root after the call that asked, and
 * a store lets its value go a second after its last listener; read again while the counts still fall.
 */
async function settledReading() {
  let last = await reading()
  // Settled: no fall for 1.5 s, longer than a store's 1 s before it lets go.
  for (let i = 0, still = 0; i < 40 && still < 6; i++) {
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)))
    const next = await reading()
    still = next.nodes >= last.nodes && next.jsEventListeners >= last.jsEventListeners ? still + 1 : 0
    last = next
  }
  return last
}
/**
 * What is live once what was scheduled to run shortly has run (stores unsubscribe a second after their last
 * listener left, a toast hides): timers of up to 2 s and animation frames, waited for up to 5 s.
 */
async function live() {
  for (const until = Date.now() + 5_000; ; ) {
    const now = await page.evaluate(() => window.__live())
    const short = now.timeouts.filter((t) => Number.parseInt(t, 10) <= 2_000).length
    if ((!short && !now.frames) || Date.now() > until) return now
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 250)))
  }
}

async function openAndClose() {
  await page.evaluate(() => window.bench.open())
  await dialog().waitFor({ state: 'visible' })
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !window.bench.isOpen())
  await dialog().waitFor({ state: 'hidden' })
}

async function connectAndDisconnect() {
  await page.evaluate(() => window.bench.open())
  await dialog().locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
  const prompt = page.locator('[data-testid="sandbox-wallet-prompt"]')
  const connected = () => page.waitForFunction(() => window.bench.getAccount().status === 'connected', null, { timeout: 20_000 })
  // The wallet asks again after a disconnect revoked its grant; it answers at once while the grant stands.
  await Promise.race([
    prompt.waitFor({ state: 'visible', timeout: 20_000 }).then(() => page.locator('[data-testid="sandbox-wallet-approve"]').click()),
    connected(),
  ])
  await connected()
  await dialog().getByTestId('account-address').waitFor({ timeout: 20_000 })
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !window.bench.isOpen())
  await page.evaluate(() => window.bench.disconnect())
  await page.waitForFunction(() => window.bench.getAccount().status === 'disconnected')
}

const rows = []
const row = (label, r) =>
  rows.push({ label, ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v * 100) / 100 : v])) })

try {
  await page.addInitScript(instrument)
  await page.goto(`${sandbox.url}lifecycle?bare`)
  await page.evaluate(() => localStorage.clear())
  await page.reload()
  await page.waitForFunction(() => typeof window.makeModal === 'function')

  // A first modal made, opened, connected and destroyed: the code the modal loads on demand (shell, views,
  // connection) is in the page from here on, as in a page that ran a modal before.
  const beforeAny = await live()
  const beforeAnyReading = await reading()
  row('page, before any createModal', beforeAnyReading)
  await page.evaluate(() => (window.bench = window.makeModal('Warm-up', 'warm', 'dark', true)))
  await openAndClose()
  await connectAndDisconnect()
  await page.evaluate(() => window.bench.destroy())
  await page.waitForFunction(() => document.querySelectorAll('div[data-vestibule]').length === 0)

  const before = await live()
  const beforeReading = await settledReading()
  row('before createModal (code loaded)', beforeReading)
  await page.evaluate(() => (window.bench = window.makeModal('Bench', 'bench', 'dark', true)))

  await openAndClose()
  const firstOpen = await reading()
  row('after open/close #1', firstOpen)
  for (let i = 2; i <= OPEN_CLOSE; i++) {
    await openAndClose()
    // The heap along the way: growth that levels off is the engine warming up; growth in a straight line, a leak.
    if (i % 50 === 0 && i < OPEN_CLOSE) row(`after open/close #${i}`, await reading())
  }
  const lastOpen = await reading()
  row(`after open/close #${OPEN_CLOSE}`, lastOpen)

  await connectAndDisconnect()
  const firstConnect = await reading()
  row('after connect/disconnect #1', firstConnect)
  for (let i = 2; i <= CONNECT_DISCONNECT; i++) {
    await connectAndDisconnect()
    if (i % 25 === 0 && i < CONNECT_DISCONNECT) row(`after connect/disconnect #${i}`, await reading())
  }
  const lastConnect = await reading()
  row(`after connect/disconnect #${CONNECT_DISCONNECT}`, lastConnect)

  const growth = (a, b) => (b.heapMB - a.heapMB) / a.heapMB
  for (const [what, a, b] of [
    ['open/close', firstOpen, lastOpen],
    ['connect/disconnect', firstConnect, lastConnect],
  ]) {
    const g = growth(a, b)
    console.log(
      `${what}: heap ${a.heapMB.toFixed(2)} → ${b.heapMB.toFixed(2)} MB (${(g * 100).toFixed(1)} %), nodes ${a.nodes} → ${b.nodes}, listeners ${a.jsEventListeners} → ${b.jsEventListeners}, window ${a.windowListeners} → ${b.windowListeners}, document ${a.documentListeners} → ${b.documentListeners}`,
    )
    if (g > BUDGET.heapGrowth) failures.push(`${what}: heap grew ${(g * 100).toFixed(1)} % (budget ${BUDGET.heapGrowth * 100} %)`)
    // A few nodes come and go with what the view last showed (a focus ring, a toast); growth with the cycles is a leak.
    if (b.nodes - a.nodes > 50) failures.push(`${what}: ${b.nodes - a.nodes} more DOM nodes`)
    if (b.jsEventListeners - a.jsEventListeners > 5)
      failures.push(`${what}: ${b.jsEventListeners - a.jsEventListeners} more event listeners`)
    if (b.windowListeners !== a.windowListeners || b.documentListeners !== a.documentListeners)
      failures.push(
        `${what}: window/document listeners ${a.windowListeners}/${a.documentListeners} → ${b.windowListeners}/${b.documentListeners}`,
      )
  }

  // destroy(): back to what the page had before createModal.
  await page.evaluate(() => window.bench.destroy())
  await page.evaluate(() => delete window.bench)
  const after = await live()
  const afterReading = await settledReading()
  row('after destroy()', afterReading)
  console.table(rows)

  const extra = (a, b) => {
    const left = [...b]
    for (const item of a) {
      const i = left.indexOf(item)
      if (i >= 0) left.splice(i, 1)
    }
    return left
  }
  const leftovers = {}
  for (const key of ['timeouts', 'intervals', 'listeners', 'channels', 'sockets', 'observers'])
    leftovers[key] = extra(before[key], after[key])
  leftovers.frames = after.frames - before.frames
  leftovers.iframes = after.iframes - before.iframes
  leftovers.hosts = after.hosts
  leftovers.domNodes = afterReading.nodes - beforeReading.nodes
  leftovers.jsEventListeners = afterReading.jsEventListeners - beforeReading.jsEventListeners
  leftovers.windowListeners = afterReading.windowListeners - beforeReading.windowListeners
  leftovers.documentListeners = afterReading.documentListeners - beforeReading.documentListeners
  console.log('destroy(): left behind, compared with the page before createModal (code already loaded)')
  console.table(Object.fromEntries(Object.entries(leftovers).map(([k, v]) => [k, { count: Array.isArray(v) ? v.length : v }])))
  for (const [k, v] of Object.entries(leftovers)) {
    if (Array.isArray(v) ? v.length : v > 0) failures.push(`destroy() left ${k}: ${Array.isArray(v) ? `\n    ${v.join('\n    ')}` : v}`)
  }
  // Against the page that never ran a modal: what loading the modal's code adds for good (module-level state).
  const once = {}
  for (const key of ['timeouts', 'intervals', 'listeners', 'channels', 'sockets', 'observers'])
    once[key] = extra(beforeAny[key], after[key])
  console.log(
    'compared with the page before any modal (module code loaded since):',
    JSON.stringify({
      ...Object.fromEntries(Object.entries(once).map(([k, v]) => [k, v.length])),
      domNodes: afterReading.nodes - beforeAnyReading.nodes,
      jsEventListeners: afterReading.jsEventListeners - beforeAnyReading.jsEventListeners,
      iframes: after.iframes - beforeAny.iframes,
    }),
  )
  for (const [k, v] of Object.entries(once)) if (v.length) console.log(`  ${k}:\n    ${v.join('\n    ')}`)
  if (browser.blocked.length) failures.push(`requests left loopback: ${browser.blocked.join(', ')}`)
} finally {
  await browser.close()
  await sandbox.stop()
}

if (failures.length) {
  console.error(`\nBudgets missed:\n- ${failures.join('\n- ')}`)
  process.exit(1)
}
console.log('\nNo leaks: heap within 10 %, nodes and listeners flat, destroy() leaves nothing behind.')
