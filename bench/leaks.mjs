/**
 * `node bench/leaks.mjs`: what a modal leaves behind, in headless Chromium over the sandbox (local chain, provider
 * API, Sandbox Wallet), on the sandbox's `/lifecycle?bare` page (no modal until `window.makeModal` makes one, here
 * with the catalog and every account feature: tokens, send, swap, activity, NFTs, receive, on-ramp, identity, names):
 *   - a first modal made, opened, connected and destroyed (the code loaded on demand is in the page from then on);
 *   - a second modal opened and closed 300 times, then 200 times more, measured: the JS heap after the last cycle
 *     within 10 % of the heap after the first measured one, and within 2 % of the heap halfway (growth that goes
 *     on cycle after cycle), the JS objects (the heap without compiled code, from heap snapshots) within 1 %, DOM
 *     nodes and event listeners flat (garbage collected before every reading, through the DevTools protocol);
 *     then connected to and disconnected from the Sandbox Wallet 30 times, then 50 times more, measured likewise.
 *     The unmeasured cycles first are the engine's warm-up (see OPEN_CLOSE); their readings are printed too;
 *   - then `destroy()`: no timer, interval, animation frame, observer, BroadcastChannel, WebSocket, iframe, DOM node
 *     or event listener more than the page had before `createModal`.
 * Live timers, listeners and channels are counted by an init script that wraps the browser's functions before the
 * page's code runs. Prints the figures; exits 1 when a budget is missed.
 */
import { startSandbox } from '../sandbox/server.mjs'
import { launchChromium } from './browser.mjs'

/**
 * Cycles run before the first reading (`warmUp`), then measured (`count`). The warm-up is the engine's: as the same
 * code runs again and again it is compiled tier by tier, and a leak-free modal's heap grows by about 0.4 MB over the
 * first 100 opens and closes, 0.16 MB over the next 100, 0.13 MB over the next, then under 0.05 MB per 100, all of
 * it compiled code (bytecode, machine code, type feedback) while its JS objects stay within a few KB; connects and
 * disconnects level off likewise within about 30 cycles. The warm-up's readings are printed on every run.
 */
const OPEN_CLOSE = { warmUp: 300, count: 200, every: 50 }
const CONNECT_DISCONNECT = { warmUp: 30, count: 50, every: 10 }
const BUDGET = { heapGrowth: 0.1, secondHalf: 0.02, objects: 0.01 }

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
 * The JS heap split in two, from a heap snapshot (garbage collected first): compiled code (bytecode, machine code,
 * type feedback: what the engine adds while it optimises code that runs often, up to a bound) and the JS objects
 * (everything else in the JS heap: what a leak would grow). The browser's own C++ objects are not counted.
 */
async function heapSplit() {
  await cdp.send('HeapProfiler.enable')
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage')
  const chunks = []
  const collect = ({ chunk }) => chunks.push(chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect)
  await cdp.send('HeapProfiler.disable')
  const { snapshot, nodes } = JSON.parse(chunks.join(''))
  const fields = snapshot.meta.node_fields
  const types = snapshot.meta.node_types[fields.indexOf('type')]
  const [type, size] = [fields.indexOf('type'), fields.indexOf('self_size')]
  const split = { codeMB: 0, objectsMB: 0 }
  for (let i = 0; i < nodes.length; i += fields.length) {
    const kind = types[nodes[i + type]]
    if (kind === 'code') split.codeMB += nodes[i + size] / 2 ** 20
    else if (kind !== 'native' && kind !== 'synthetic') split.objectsMB += nodes[i + size] / 2 ** 20
  }
  return split
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

/** A reading once the modal's short timers have run (a store lets its value go a second after its last listener). */
async function quietReading() {
  await live()
  return reading()
}

/**
 * `warmUp` runs of `cycle`, read every `every` cycles (the engine's compiled code grows, then levels off), then
 * `count` more: read after the first of them, every `every`, at the middle and after the last (the first, middle and
 * last once short timers have run; the first and last also split into compiled code and JS objects).
 */
async function cycles(label, { warmUp, count, every }, run) {
  let done = 0
  const cycle = () =>
    run().then(
      () => done++,
      (error) => {
        throw new Error(`${label} #${done + 1}: ${error.message}`)
      },
    )
  const warm = []
  for (let i = 1; i <= warmUp; i++) {
    await cycle()
    if (i === 1 || i % every === 0) {
      warm.push((await reading()).heapMB)
      row(`${label} #${i} (warm-up)`, { heapMB: warm.at(-1) })
    }
  }
  const n = (i) => `${label} #${warmUp + i}`
  await cycle()
  const first = await quietReading()
  row(n(1), first)
  const firstSplit = await heapSplit()
  let middle
  for (let i = 2; i <= count; i++) {
    await cycle()
    if (i === count / 2) middle = await quietReading()
    // The heap along the way: growth that levels off is the engine warming up; growth in a straight line, a leak.
    if (i % every === 0 && i < count) row(n(i), i === count / 2 ? middle : await reading())
  }
  const last = await quietReading()
  row(n(count), last)
  return { warm, first, middle, last, firstSplit, lastSplit: await heapSplit() }
}

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
  const phases = [
    ['open/close', OPEN_CLOSE, await cycles('open/close', OPEN_CLOSE, openAndClose)],
    ['connect/disconnect', CONNECT_DISCONNECT, await cycles('connect/disconnect', CONNECT_DISCONNECT, connectAndDisconnect)],
  ]

  const mb = (x) => `${x.toFixed(2)} MB`
  const percent = (a, b) => `${b >= a ? '+' : ''}${(((b - a) / a) * 100).toFixed(1)} %`
  const kb = (a, b) => `${b >= a ? '+' : ''}${Math.round((b - a) * 1024)} KB`
  const growth = (x, y) => (y - x) / x
  for (const [what, { warmUp, count, every }, { warm, first: a, middle: m, last: b, firstSplit: s1, lastSplit: s2 }] of phases) {
    const steps = warm.slice(1).map((x, i) => `${x >= warm[i] ? '+' : ''}${(x - warm[i]).toFixed(2)}`)
    console.log(
      `${what}, warm-up (not budgeted): heap ${mb(warm[0])} after #1, then per ${every} cycles ${steps.join(', ')} MB (the engine compiling the code the cycles run; it levels off)`,
    )
    console.log(
      `${what} #${warmUp + 1} → #${warmUp + count}: heap ${mb(a.heapMB)} → ${mb(b.heapMB)} (${percent(a.heapMB, b.heapMB)}; last ${count / 2} cycles ${percent(m.heapMB, b.heapMB)}), compiled code ${mb(s1.codeMB)} → ${mb(s2.codeMB)} (${kb(s1.codeMB, s2.codeMB)}), JS objects ${mb(s1.objectsMB)} → ${mb(s2.objectsMB)} (${kb(s1.objectsMB, s2.objectsMB)}, ${percent(s1.objectsMB, s2.objectsMB)}), nodes ${a.nodes} → ${b.nodes}, listeners ${a.jsEventListeners} → ${b.jsEventListeners}, documents ${a.documents} → ${b.documents}, window ${a.windowListeners} → ${b.windowListeners}, document ${a.documentListeners} → ${b.documentListeners}`,
    )
    if (growth(a.heapMB, b.heapMB) > BUDGET.heapGrowth)
      failures.push(`${what}: heap grew ${percent(a.heapMB, b.heapMB)} (budget ${BUDGET.heapGrowth * 100} %)`)
    // Growth that goes on cycle after cycle: after the warm-up, a leak-free modal's heap is flat in the second half.
    if (growth(m.heapMB, b.heapMB) > BUDGET.secondHalf)
      failures.push(
        `${what}: heap grew ${percent(m.heapMB, b.heapMB)} over the last ${count / 2} cycles (budget ${BUDGET.secondHalf * 100} %)`,
      )
    if (growth(s1.objectsMB, s2.objectsMB) > BUDGET.objects)
      failures.push(
        `${what}: JS objects grew ${kb(s1.objectsMB, s2.objectsMB)}, ${percent(s1.objectsMB, s2.objectsMB)} (budget ${BUDGET.objects * 100} %)`,
      )
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
console.log(
  '\nNo leaks: heap within 10 % and flat over the second half, JS objects within 1 %, nodes and listeners flat, destroy() leaves nothing behind.',
)
