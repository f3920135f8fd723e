// The published tarball, built by each bundler hosts use, loaded in Chromium: every composition loads without a
// page error, the modal opens and the announced wallet is listed. Bundlers order CommonJS side effects and split
// chunks differently, so a package that loads under one can crash at load under another.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BUNDLERS, buildHosts } from '../../bench/bundlers.mjs'
import { serve } from '../../bench/browser.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { launchBrowser, type TestBrowser } from '../e2e/browser.js'
import { featureEntries, installPackedPackage, root, type PackedHost } from './packed.js'

/** Each composition: the entries it imports and the plugins it passes to createModal. */
const COMPOSITIONS = {
  eip155: { imports: ["import { eip155, mainnet } from 'vestibule/chains/eip155'"], plugins: ['eip155({ networks: [mainnet] })'] },
  walletconnectCatalog: {
    imports: [
      "import { eip155, mainnet } from 'vestibule/chains/eip155'",
      "import { walletConnect } from 'vestibule/plugins/walletconnect'",
      "import { walletCatalog } from 'vestibule/plugins/catalog'",
    ],
    plugins: ['eip155({ networks: [mainnet] })', 'walletConnect()', 'walletCatalog()'],
  },
  allChains: {
    imports: [
      "import { eip155, mainnet } from 'vestibule/chains/eip155'",
      "import { solana, solanaMainnet } from 'vestibule/chains/solana'",
      "import { polkadot, polkadotMainnet } from 'vestibule/chains/polkadot'",
      "import { bip122, bitcoin } from 'vestibule/chains/bip122'",
    ],
    plugins: [
      'eip155({ networks: [mainnet] })',
      'solana({ networks: [solanaMainnet] })',
      'polkadot({ networks: [polkadotMainnet] })',
      'bip122({ networks: [bitcoin] })',
    ],
  },
  allFeatures: {
    imports: [
      "import { eip155, mainnet } from 'vestibule/chains/eip155'",
      "import { walletConnect } from 'vestibule/plugins/walletconnect'",
      "import { walletCatalog } from 'vestibule/plugins/catalog'",
      "import { analytics } from 'vestibule/plugins/analytics'",
      "import { receive } from 'vestibule/plugins/receive'",
      "import { tokens } from 'vestibule/plugins/tokens'",
      "import { send } from 'vestibule/plugins/send'",
      "import { activity } from 'vestibule/plugins/activity'",
      "import { nfts } from 'vestibule/plugins/nfts'",
      "import { identity } from 'vestibule/plugins/identity'",
      "import { onramp } from 'vestibule/plugins/onramp'",
      "import { swap } from 'vestibule/plugins/swap'",
      "import { auth } from 'vestibule/plugins/auth'",
      "import { siwx } from 'vestibule/plugins/siwx'",
      "import { names } from 'vestibule/plugins/names'",
    ],
    plugins: [
      'eip155({ networks: [mainnet] })',
      'walletConnect()',
      'walletCatalog()',
      'analytics()',
      'receive()',
      'tokens()',
      'send()',
      'activity()',
      'nfts()',
      'identity()',
      'onramp()',
      'swap()',
      'auth()',
      'siwx()',
      'names()',
    ],
  },
}

/** A React host: a connect button that opens the modal; the provider API comes from the page's query. */
const hostSource = ({ imports, plugins }: { imports: string[]; plugins: string[] }) => `
import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
${imports.join('\n')}
const query = new URLSearchParams(location.search)
const modal = createModal({ projectId: 'bundlers', apiUrl: query.get('api') || undefined, preload: query.get('preload') || undefined, plugins: [${plugins.join(', ')}] })
window.modal = modal
createRoot(document.getElementById('root')).render(createElement('button', { id: 'connect', type: 'button', 'data-vestibule-preload': '', onClick: () => modal.open() }, 'Connect'))
`

const fakeWallet = readFileSync(join(root, 'bench/fake-wallet.js'), 'utf8')

describe('the packed package in host bundlers', () => {
  let host: PackedHost
  let browser: TestBrowser
  let api: Awaited<ReturnType<typeof startProviderApi>>
  const entries: Record<string, string> = {}

  beforeAll(async () => {
    host = installPackedPackage()
    for (const [name, composition] of Object.entries(COMPOSITIONS)) {
      entries[name] = join(host.dir, `${name}.js`)
      writeFileSync(entries[name], hostSource(composition))
    }
    ;[browser, api] = await Promise.all([launchBrowser(), startProviderApi()])
    await browser.context.addInitScript(fakeWallet)
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await api?.stop()
    await host?.remove()
  }, 300_000)

  it('the every-feature composition imports every feature entry the package exports', () => {
    const imported = COMPOSITIONS.allFeatures.imports.map((line) => /'vestibule\/(plugins\/[\w-]+)'/.exec(line)?.[1]).filter(Boolean)
    expect(imported.sort()).toEqual([...featureEntries].sort())
  })

  it('no file of the package imports a dependency only for its side effects', () => {
    const dist = join(host.dir, 'node_modules/vestibule/dist')
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    expect(files.length).toBeGreaterThan(50)
    // A bare `import 'pkg'` keeps a host bundler from dropping the package from a chunk that does not use it.
    const bare = files.flatMap((f) =>
      [...readFileSync(join(dist, f), 'utf8').matchAll(/^import ['"]([^'"]+)['"];?$/gm)].map((m) => `${f}: ${m[1]}`),
    )
    expect(bare).toEqual([])
  })

  describe.each(Object.keys(BUNDLERS))('built with %s', (bundler) => {
    let server: Server
    let base: string
    beforeAll(async () => {
      const outdir = join(host.dir, 'out', bundler)
      // webpack's minifier (Terser) is about 40 s of its build on two cores, against 7 s for the rest; a minifier's
      // renaming is checked by the three other builds, which all minify, so webpack's is left out here.
      await buildHosts(bundler as keyof typeof BUNDLERS, host.dir, entries, outdir, { terser: false })
      server = await serve(outdir)
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    }, 300_000)
    // The browser keeps its connections alive: they are closed with the server, which would otherwise wait for them.
    afterAll(
      () =>
        new Promise<void>((resolve) => {
          if (!server) return resolve()
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    )

    it.each(Object.keys(COMPOSITIONS))(
      '%s loads, opens and lists the announced wallet; the idle preload leaves no script for the click',
      async (name) => {
        const page = await browser.context.newPage()
        // The first page error fails the test at once, with its message.
        const errors: Error[] = []
        const pageError = new Promise<never>((_, reject) => page.on('pageerror', (error) => (errors.push(error), reject(error))))
        pageError.catch(() => undefined)
        const requests: Array<{ url: string; type: string; clicked: boolean }> = []
        let clicked = false
        page.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType(), clicked }))
        const inFlight = new Set<unknown>()
        page.on('request', (request) => inFlight.add(request))
        page.on('requestfinished', (request) => inFlight.delete(request))
        page.on('requestfailed', (request) => inFlight.delete(request))
        try {
          await page.goto(`${base}/${name}.html?api=${encodeURIComponent(api.url)}`)
          // Loaded and idle: the preload has fetched what the first open needs. The preload runs in the first idle
          // callback after load; one queued after it runs later, and the network then settles with what it fetched
          // (network idle alone can come first on a busy machine).
          await page.waitForLoadState('networkidle')
          await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5000 })))
          // Every request the preload started has ended (polled; a request that never ends is left to the click).
          await expect
            .poll(() => inFlight.size, { timeout: 10_000 })
            .toBe(0)
            .catch(() => undefined)
          clicked = true
          await Promise.race([page.locator('#connect').click({ timeout: 20_000 }), pageError])
          const wallet = page.getByRole('dialog').getByRole('button', { name: /Bench Wallet/ })
          await Promise.race([wallet.first().waitFor({ timeout: 20_000 }), pageError])
          expect(errors).toEqual([])
          expect(requests.filter((r) => !r.clicked && r.url.startsWith(api.url))).toEqual([])
          expect(requests.filter((r) => r.clicked && r.type === 'script').map((r) => r.url)).toEqual([])
          expect(requests.filter((r) => !r.clicked && r.type === 'script').length).toBeGreaterThan(1)
        } finally {
          await page.close()
        }
      },
    )

    // Vite and webpack request a lazy chunk's static imports together with it; esbuild and Rollup leave them to the
    // browser, which finds them only once the chunk has arrived: one more round trip, which the idle preload hides.
    const maxWaves = ({ vite: 1, webpack: 1, esbuild: 2, rollup: 2 } as Record<string, number>)[bundler]
    it(`with preload "none" the first open fetches its code after the click in at most ${maxWaves} wave(s)`, async () => {
      const { waves, detail } = await measureWaves()
      expect(waves, detail).toBeLessThanOrEqual(maxWaves!)
    })

    /**
     * The waves of script requests after the click, read from what started each request (the browser's initiator:
     * the importing module, or the script whose code asked): a request started by a script that itself came after
     * the click could only be sent once that script had arrived, so it is one wave later. Timing plays no part.
     */
    async function measureWaves(): Promise<{ waves: number; detail: string }> {
      const page = await browser.context.newPage()
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Network.enable')
      const waves = new Map<string, number>()
      let clicked = false
      cdp.on('Network.requestWillBeSent', ({ request, initiator, type }) => {
        if (!clicked || (type !== 'Script' && !/\.m?js(\?|$)/.test(request.url))) return
        // Every script on the way to the request (a loader in the first bundle may do the asking for a later chunk).
        const on: string[] = initiator.url ? [initiator.url] : []
        for (let stack = initiator.stack; stack; stack = stack.parent) on.push(...stack.callFrames.map((frame) => frame.url))
        waves.set(request.url, 1 + Math.max(0, ...on.map((url) => waves.get(url) ?? 0)))
      })
      try {
        await page.goto(`${base}/eip155.html?preload=none&api=${encodeURIComponent(api.url)}`)
        await page.waitForLoadState('networkidle')
        clicked = true
        await page.locator('#connect').click()
        await page
          .getByRole('dialog')
          .getByRole('button', { name: /Bench Wallet/ })
          .first()
          .waitFor({ timeout: 20_000 })
        expect(waves.size).toBeGreaterThan(0)
        return { waves: Math.max(...waves.values()), detail: JSON.stringify([...waves]) }
      } finally {
        await cdp.detach()
        await page.close()
      }
    }
  })
})
