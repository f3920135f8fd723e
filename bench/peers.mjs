/**
 * `npm run bench:peers`: the same minimal React host written for Vestibule (the quick start, from the packed
 * package) and for other wallet modals (pinned versions below), built with Vite in production mode, measured in
 * one interleaved run on loopback and at 50 ms round trip / 20 Mbit/s: button ready, click → wallet list (the
 * bench's announced "Bench Wallet" visible), main-thread work, JS at load and after the click, heap. Beside them: a
 * second Vestibule host with all four chain families (what composition costs) and the bare React list of
 * `bench:field` (the floor the overheads are taken over).
 * Then, once per library on loopback (bench/peers-audit.mjs): axe-core (WCAG 2.2 AA tags) on the open wallet list,
 * the keyboard (focus into the dialog, Escape closes, focus back on the button), and the languages each library
 * lets the host pick, counted in its installed package. Results: bench/.out/peers.json and peers-audit.json.
 * The other libraries are installed into a folder outside this package (VB_PEERS_DIR, by default a folder in the
 * system's temporary directory, kept between runs). BENCH_RUNS sets the rounds (default 7).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium, serveApart } from './browser.mjs'
import { buildHosts } from './bundlers.mjs'
import { HOSTS as FIELD_HOSTS, PROFILES, instrument, measureOnce, report } from './field.mjs'
import { WCAG_AA, auditOnce, byImpact, countLocales, countPlugins } from './peers-audit.mjs'
import { installPackedPackage, root } from './packed.mjs'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const DIR = process.env.VB_PEERS_DIR ?? join(tmpdir(), 'vestibule-bench-peers')

/** The versions measured: change them here to compare with others. */
const PEERS = {
  '@web3-onboard/core': '2.24.1',
  '@web3-onboard/injected-wallets': '2.11.3',
  '@rainbow-me/rainbowkit': '2.2.11',
  wagmi: '2.19.5',
  // wagmi 2's own core and connectors, so nothing pulls the next major in beside them.
  '@wagmi/core': '2.22.1',
  '@wagmi/connectors': '6.2.0',
  '@tanstack/react-query': '5.108.0',
  '@reown/appkit': '1.8.24',
  '@reown/appkit-adapter-wagmi': '1.8.24',
}
const installed = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version

const button = (open) =>
  `createRoot(document.getElementById('root')).render(createElement('button', { id: 'connect', type: 'button', onClick: () => ${open} }, 'Connect'))`
const HOSTS = {
  'web3-onboard': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import Onboard from '@web3-onboard/core'
import injectedModule from '@web3-onboard/injected-wallets'
const onboard = Onboard({ wallets: [injectedModule()], chains: [{ id: '0x1', token: 'ETH', label: 'Ethereum', rpcUrl: 'http://127.0.0.1:9/' }], appMetadata: { name: 'Bench', description: 'Bench' }, connect: { autoConnectLastWallet: false }, accountCenter: { desktop: { enabled: false }, mobile: { enabled: false } } })
${button('void onboard.connectWallet()')}
`,
  rainbowkit: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import '@rainbow-me/rainbowkit/styles.css'
import { getDefaultConfig, RainbowKitProvider, useConnectModal } from '@rainbow-me/rainbowkit'
import { WagmiProvider } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
const config = getDefaultConfig({ appName: 'Bench', projectId: 'bench', chains: [mainnet], ssr: false })
const queryClient = new QueryClient()
function Button() {
  const { openConnectModal } = useConnectModal()
  return createElement('button', { id: 'connect', type: 'button', onClick: () => openConnectModal?.() }, 'Connect')
}
createRoot(document.getElementById('root')).render(createElement(WagmiProvider, { config }, createElement(QueryClientProvider, { client: queryClient }, createElement(RainbowKitProvider, null, createElement(Button)))))
`,
  appkit: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet } from '@reown/appkit/networks'
const wagmiAdapter = new WagmiAdapter({ networks: [mainnet], projectId: 'bench' })
const modal = createAppKit({ adapters: [wagmiAdapter], networks: [mainnet], projectId: 'bench', features: { analytics: false } })
${button('void modal.open()')}
`,
  vestibule: `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
const modal = createModal({ projectId: 'bench', plugins: [eip155({ networks: [mainnet] })] })
${button('void modal.open()')}
`,
  // Composition: the quick start with every chain family's plugin, one network each.
  'vestibule-all-chains': `import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { solana, solanaMainnet } from 'vestibule/chains/solana'
import { polkadot, polkadotMainnet } from 'vestibule/chains/polkadot'
import { bip122, bitcoin } from 'vestibule/chains/bip122'
const modal = createModal({ projectId: 'bench', plugins: [eip155({ networks: [mainnet] }), solana({ networks: [solanaMainnet] }), polkadot({ networks: [polkadotMainnet] }), bip122({ networks: [bitcoin] })] })
${button('void modal.open()')}
`,
  // The floor: a hand-written list of the EIP-6963 wallets in the same React host (no modal library).
  'bare-react': FIELD_HOSTS['bare-react'],
}
/** The hosts that open a modal (the bare list has no dialog to audit). */
const MODALS = ['vestibule', 'vestibule-all-chains', 'web3-onboard', 'rainbowkit', 'appkit']

/** The other libraries, installed once into DIR (again when the pinned versions change). */
function installPeers() {
  mkdirSync(DIR, { recursive: true })
  const manifest = {
    name: 'vestibule-bench-peers',
    private: true,
    type: 'module',
    dependencies: { ...PEERS, react: installed('react'), 'react-dom': installed('react-dom'), viem: installed('viem') },
  }
  const file = join(DIR, 'package.json')
  const wanted = JSON.stringify(manifest, null, 2)
  if (existsSync(file) && readFileSync(file, 'utf8') === wanted && existsSync(join(DIR, 'node_modules'))) return
  writeFileSync(file, wanted)
  console.log(`installing ${Object.keys(PEERS).join(', ')} into ${DIR} …`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--legacy-peer-deps'], {
    cwd: DIR,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
console.log(`${new Date().toISOString()}; ${cpus().length} cores; load average at start: ${load()}`)
installPeers()
mkdirSync(join(root, 'bench/.out'), { recursive: true })
const packed = installPackedPackage()
const browser = await launchChromium({ routed: false })
await browser.context.addInitScript({ path: join(root, 'bench/fake-wallet.js') })
await browser.context.addInitScript(instrument)
const servers = []
try {
  // The peers build in their folder; Vestibule in the folder holding its packed tarball.
  const peerEntries = {}
  for (const name of ['web3-onboard', 'rainbowkit', 'appkit']) {
    peerEntries[name] = join(DIR, `${name}.js`)
    writeFileSync(peerEntries[name], HOSTS[name])
  }
  const ownEntry = {}
  for (const name of ['vestibule', 'vestibule-all-chains', 'bare-react']) {
    ownEntry[name] = join(packed.dir, `${name}.js`)
    writeFileSync(ownEntry[name], HOSTS[name])
  }
  const base = {}
  const served = {}
  // One build per host, each served from its own origin, as each host app is built and served on its own: in one
  // multi-entry build the bundler puts modules two hosts share into one host's entry chunk, and the other host's
  // lazy import of them then runs that host's code (an AppKit page rendered RainbowKit's modal that way).
  for (const [dir, entries] of [
    [DIR, peerEntries],
    [packed.dir, ownEntry],
  ]) {
    process.stdout.write(`building ${Object.keys(entries).join(', ')} with Vite … `)
    for (const [name, file] of Object.entries(entries)) {
      const outdir = join(dir, 'out', 'vite', name)
      await buildHosts('vite', dir, { [name]: file }, outdir)
      const server = await serveApart(outdir)
      servers.push(server)
      base[name] = `http://127.0.0.1:${server.address().port}/${name}.html`
      served[name] = outdir
    }
    console.log('done')
  }
  const samples = new Map()
  for (let round = 1; round <= RUNS; round++) {
    process.stdout.write(`round ${round}/${RUNS} `)
    for (const [profileName, profile] of Object.entries(PROFILES)) {
      for (const name of Object.keys(HOSTS)) {
        const key = `${profileName}|vite|${name}`
        const list = samples.get(key) ?? []
        list.push(await measureOnce(browser, base[name], profile, served[name]))
        samples.set(key, list)
        process.stdout.write('.')
      }
    }
    console.log()
  }
  report(samples, RUNS, 'peers.json')
  printOverheads(samples)
  const audits = {}
  for (const name of MODALS) audits[name] = await auditOnce(browser, base[name])
  const locales = await countLocales(DIR, packed.dir)
  printAudits(audits, locales)
  const plugins = countPlugins(packed.dir)
  console.log(
    `\nvestibule plugin entries in the packed package: ${plugins.chains.length} chain families (${plugins.chains.join(' ')}), ${plugins.features.length} feature plugins (${plugins.features.join(' ')})`,
  )
  writeFileSync(
    join(root, 'bench/.out/peers-audit.json'),
    JSON.stringify({ date: new Date().toISOString(), wcagTags: WCAG_AA, audits, locales, plugins }, null, 2),
  )
  console.log('wrote bench/.out/peers-audit.json')
  console.log(`load average at end: ${load()}`)
  console.log(
    `versions: ${Object.entries(PEERS)
      .map(([n, v]) => `${n}@${v}`)
      .join(', ')}; blocked off-loopback requests: ${new Set(browser.blocked.map((u) => new URL(u).host)).size} hosts`,
  )
} finally {
  for (const server of servers) server.close()
  await browser.close()
  await packed.remove()
}

/** The audit of each modal and the locale counts, as a table. */
function printAudits(audits, locales) {
  const yes = (v) => (v === undefined ? '–' : v ? 'yes' : 'no')
  console.log(`\naccessibility on the open wallet list (axe-core, tags ${WCAG_AA.join(' ')}; nodes failing before the click not counted)\n`)
  for (const [name, a] of Object.entries(audits)) {
    if (a.failure) {
      console.log(`${name}: failed: ${a.failure}`)
      continue
    }
    const nodes = a.violations.reduce((sum, v) => sum + v.nodes, 0)
    console.log(
      `${name}: ${a.violations.length} rules violated, ${nodes} nodes${a.violations.length ? ` (${byImpact(a.violations)})` : ''}; reached ${a.reach.shadowRoots} open shadow roots, ${a.reach.iframes} iframes`,
    )
    console.log(
      `  focus into the dialog: ${yes(a.focusAfterOpen.inDialog)} (${a.focusAfterOpen.element}); Escape closes: ${yes(a.escapeCloses)}; focus back on the button: ${yes(a.focusAfterClose.onButton)} (${a.focusAfterClose.element})`,
    )
  }
  console.log('\nlanguages the host can pick\n')
  for (const [name, l] of Object.entries(locales)) console.log(`${name}: ${l.count} (${l.list.join(' ')}): ${l.what}`)
}

/** Weight before the first click over the bare React list (the same host without a modal), per profile. */
function printOverheads(samples) {
  if (!RUNS) return
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`
  const median = (list, field) => {
    const xs = list
      .filter((r) => !r.failure)
      .map((r) => r[field])
      .sort((a, b) => a - b)
    return xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2
  }
  console.log('\nJS before the click over the bare React list (gzip -9; at load, then fetched after load before the click)\n')
  for (const profile of Object.keys(PROFILES)) {
    const floor = samples.get(`${profile}|vite|bare-react`)
    for (const name of MODALS) {
      const list = samples.get(`${profile}|vite|${name}`)
      console.log(
        `${profile} ${name}: +${kb(median(list, 'jsAtLoad') - median(floor, 'jsAtLoad'))} at load, +${kb(median(list, 'jsPreloaded') - median(floor, 'jsPreloaded'))} after load`,
      )
    }
  }
}
