// Run by node.test.ts in a Node process of its own: the browser's globals (window, document, navigator, storage …)
// are defined as getters that record every read, then every entry of the built package is imported, a headless
// modal is created and <ModalProvider> with the hooks renders to a string. Prints what was read, as JSON.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = process.argv[2]
const BROWSER_GLOBALS = [
  'window',
  'self',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'indexedDB',
  'customElements',
  'HTMLElement',
  'matchMedia',
  'requestAnimationFrame',
  'requestIdleCallback',
]
const reads = []
let phase = 'import'

/**
 * Runs the timers the code scheduled: resolves once no timer is pending, or after `ms` (a timer that keeps
 * scheduling itself). Checked between turns of the event loop, where this function's own short pause has ended.
 */
async function timersRun(ms = 2000) {
  const until = Date.now() + ms
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve))
    if (!process.getActiveResourcesInfo().includes('Timeout') || Date.now() > until) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
for (const name of BROWSER_GLOBALS) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      // The frames below the getter: where the read happened.
      const where = (new Error().stack ?? '')
        .split('\n')
        .slice(2, 6)
        .map((line) => line.trim())
        .join(' < ')
      reads.push({ name, phase, where })
      return undefined
    },
  })
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const entries = Object.entries(manifest.exports).filter(([key]) => key !== './package.json' && !key.endsWith('.css'))
const load = (key) => import(pathToFileURL(join(root, manifest.exports[key].import)).href)
const imported = {}
for (const [key] of entries) imported[key] = Object.keys(await load(key)).length
// Work an entry schedules for later runs now.
await timersRun()

phase = 'createModal'
const { createModal } = await load('.')
const { eip155, mainnet } = await load('./chains/eip155')
const { solana, solanaMainnet } = await load('./chains/solana')
const modal = createModal({
  projectId: 'p',
  storage: null,
  plugins: [eip155({ networks: [mainnet] }), solana({ networks: [solanaMainnet] })],
})
const state = modal.getState()

phase = 'renderToString'
const { createElement } = await import('react')
const { renderToString } = await import('react-dom/server')
const { ModalProvider, useAccount, useNetwork, useModal } = await load('./react')
function Status() {
  const account = useAccount()
  const network = useNetwork()
  const { isOpen } = useModal()
  return createElement('p', null, `${account.status} ${network.caipNetworkId ?? 'none'} ${isOpen}`)
}
const html = renderToString(createElement(ModalProvider, { modal }, createElement(Status)))
modal.destroy()
await timersRun()

process.stdout.write(JSON.stringify({ imported, state: { open: state.open, status: state.status }, html, reads }))
