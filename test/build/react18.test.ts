// The packed package on the other React major: the repository develops against React 19, and hosts on React 18
// (the lowest its peer range allows) get the same modal. One host, built by esbuild with React 18.3 in place of
// the host's React (development build, so React reports what it dislikes), runs the smoke set in Chromium:
// the page renders with ModalProvider and the hooks, the modal opens, lists the announced wallet, connects it,
// shows the account and closes, with no console error or warning.
import { readFileSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { build, type Plugin } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve } from '../../bench/browser.mjs'
import { startAnvil } from '../../sandbox/anvil.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { launchBrowser, type TestBrowser } from '../e2e/browser.js'
import { installDependencies, installPackedPackage, root, type PackedHost } from './packed.js'

/** The React 18 release the host gets: the last of that major. */
const REACT_18 = '18.3.1'

const HOST = `
import { createElement as h, version } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { defineNetwork, eip155, mainnet } from 'vestibule/chains/eip155'
import { ModalProvider, useAccount, useModal, useNetwork } from 'vestibule/react'

// Everything on loopback: the provider API and the network's RPC (a local node as chain 1) from the query.
const query = new URLSearchParams(location.search)
const api = query.get('api') || undefined
const network = defineNetwork({ ...mainnet, rpcUrls: { default: { http: [query.get('rpc')] } } })
const modal = createModal({ projectId: 'react18', apiUrl: api, blockchainApiUrl: api, plugins: [eip155({ networks: [network] })] })
window.modal = modal
window.reactVersion = version

function Status() {
  const account = useAccount()
  const network = useNetwork()
  const { open, isOpen } = useModal()
  return h('section', null,
    h('p', { id: 'status' }, account.status),
    h('p', { id: 'network' }, network.caipNetworkId || 'no network'),
    h('p', { id: 'open' }, isOpen ? 'open' : 'closed'),
    h('button', { id: 'connect', type: 'button', onClick: () => open() }, 'Connect'))
}
createRoot(document.getElementById('root')).render(h(ModalProvider, { modal }, h(Status)))
`

/** Resolves react and react-dom (and their subpaths), wherever imported from, to the React 18 install in `dir`. */
const react18From = (dir: string): Plugin => ({
  name: 'react-18',
  setup(b) {
    b.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) =>
      args.pluginData === 'react-18' ? undefined : b.resolve(args.path, { kind: args.kind, resolveDir: dir, pluginData: 'react-18' }),
    )
  },
})

describe('the packed package on React 18', () => {
  let host: PackedHost
  let server: Server
  let browser: TestBrowser
  let api: Awaited<ReturnType<typeof startProviderApi>>
  let chain: Awaited<ReturnType<typeof startAnvil>>
  let base: string

  beforeAll(async () => {
    host = installPackedPackage()
    // React 18 in a folder of the host's own, installed by npm once per version (see installDependencies).
    const react18 = join(host.dir, 'react18')
    installDependencies(react18, { react: REACT_18, 'react-dom': REACT_18 })
    const outdir = join(host.dir, 'out-react18')
    writeFileSync(join(host.dir, 'react18-host.js'), HOST)
    await build({
      absWorkingDir: host.dir,
      entryPoints: { host: join(host.dir, 'react18-host.js') },
      outdir,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"development"' },
      plugins: [react18From(react18)],
      logLevel: 'error',
    })
    writeFileSync(
      join(outdir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><div id="root"></div><script type="module" src="./host.js"></script>',
    )
    ;[server, browser, api, chain] = await Promise.all([serve(outdir), launchBrowser(), startProviderApi(), startAnvil({ chainId: 1 })])
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await browser.context.addInitScript(readFileSync(join(root, 'bench/fake-wallet.js'), 'utf8'))
  }, 300_000)
  afterAll(async () => {
    await browser?.close()
    await api?.stop()
    await chain?.stop()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await host?.remove()
  }, 300_000)

  it('renders the hooks, opens the modal, connects the announced wallet and shows the account, without a console error', async () => {
    const page = await browser.context.newPage()
    const problems: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`)
    })
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
    try {
      await page.goto(`${base}/?api=${encodeURIComponent(api.url)}&rpc=${encodeURIComponent(chain.url)}`)
      expect(await page.evaluate(() => (window as unknown as { reactVersion: string }).reactVersion)).toBe(REACT_18)
      await expect.poll(() => page.locator('#status').innerText()).toBe('disconnected')

      await page.locator('#connect').click()
      await expect.poll(() => page.locator('#open').innerText()).toBe('open')
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Bench Wallet/ })
        .first()
        .click({ timeout: 20_000 })
      await expect.poll(() => page.locator('#status').innerText(), { timeout: 15_000 }).toBe('connected')
      expect(await page.locator('#network').innerText()).toBe('eip155:1')
      await expect.poll(() => page.locator('div[data-vestibule] dialog [data-testid="account"]').count(), { timeout: 15_000 }).toBe(1)

      await page.keyboard.press('Escape')
      await expect.poll(() => page.locator('#open').innerText()).toBe('closed')
      expect(problems).toEqual([])
      expect(browser.offLoopback).toEqual([])
    } finally {
      await page.close()
    }
  })
})
