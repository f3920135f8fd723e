// The sandbox: local chains, the demo host app and the Sandbox Wallet, all on 127.0.0.1.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { startAnvil, rpc } from './anvil.mjs'
import { DEMO_BALANCE_WEI, DEMO_L2_BALANCE_WEI, DEMO_PRIVATE_KEY, DEMO_SECOND_PRIVATE_KEY, SANDBOX_L2_CHAIN_ID } from './demo.mjs'
import { root, vestibuleSource } from './resolve.mjs'
import { cachedBuild } from './build-cache.mjs'
import { startProviderApi } from './provider-api/server.mjs'
import { deployDemoAssets } from './assets.mjs'
import { deploySwapPools } from './contracts/pools.mjs'
import { deployEns } from './contracts/ens.mjs'
import { startWalletConnect } from './walletconnect/sandbox.mjs'
import { startMail } from './mail/server.mjs'
import { startOAuth } from './oauth/server.mjs'
import { startSecureSite } from './secure-site/server.mjs'
import { startOnrampProvider } from './onramp/provider.mjs'
import { createSiwxBackend } from './siwx/backend.mjs'

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.html': 'text/html; charset=utf-8', '.map': 'application/json' }

async function demoAddress() {
  const { privateKeyToAccount } = await import('viem/accounts')
  return privateKeyToAccount(DEMO_PRIVATE_KEY).address
}

/**
 * Chain families beyond eip155. Each `sandbox/<family>/chain.mjs` exports `start()` resolving to either
 * `{ skipped: reason }` or `{ config, wallet: { entry, url }, describe, stop }`: `config` reaches the page as
 * `window.__SANDBOX__.families[family]`, `wallet.entry` (a .ts file) is bundled and served at `wallet.url`.
 */
export const EXTRA_FAMILIES = ['solana', 'polkadot', 'bip122']

async function startFamily(family) {
  let module
  try {
    module = await import(`./${family}/chain.mjs`)
  } catch (error) {
    if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes(`/${family}/chain.mjs`))
      return { family, skipped: 'not part of this sandbox yet' }
    throw error
  }
  try {
    return { family, ...(await module.start()) }
  } catch (error) {
    return { family, skipped: error instanceof Error ? error.message : String(error) }
  }
}

/** Bundles the demo app (code-split, as a host's bundler would) and the wallet scripts into memory. */
async function build(wallets, production = false) {
  // The bench asks for a production build (minified, React's production mode); the demo keeps source maps.
  const common = {
    bundle: true,
    write: false,
    minify: production,
    sourcemap: production ? false : 'inline',
    logLevel: 'silent',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"', global: 'globalThis' },
  }
  const results = await Promise.all([
    cachedBuild({
      ...common,
      entryPoints: {
        main: path.join(root, 'sandbox/app/main.tsx'),
        extensions: path.join(root, 'sandbox/app/extensions.tsx'),
        lifecycle: path.join(root, 'sandbox/app/lifecycle.tsx'),
        embedded: path.join(root, 'sandbox/app/embedded.tsx'),
        'address-book': path.join(root, 'sandbox/app/address-book.tsx'),
        gallery: path.join(root, 'sandbox/app/gallery.tsx'),
        wagmi: path.join(root, 'sandbox/app/wagmi.tsx'),
        headless: path.join(root, 'sandbox/app/headless.tsx'),
        'headless-shell': path.join(root, 'sandbox/app/headless-shell.tsx'),
      },
      outdir: '/app',
      format: 'esm',
      splitting: true,
      plugins: [vestibuleSource],
    }),
    cachedBuild({
      ...common,
      entryPoints: [path.join(root, 'sandbox/wallet/sandbox-wallet.ts')],
      outfile: '/sandbox-wallet.js',
      format: 'iife',
    }),
    ...wallets.map((w) => cachedBuild({ ...common, entryPoints: [path.join(root, w.entry)], outfile: w.url, format: 'iife' })),
  ])
  const files = new Map()
  for (const file of results.flat()) files.set(file.path, file.contents)
  return files
}

/**
 * Starts two local chains (31337 and the "Sandbox L2", which the wallet does not know until the modal adds it),
 * funds the demo account on both, and serves the demo app. Ports: 0 picks free ones. `walletConnectVerify`
 * leaves the WalletConnect SDKs' Verify step on (it needs the Verify server, which is not on loopback).
 */
export async function startSandbox({
  port = 0,
  anvilPort = 0,
  l2Port = 0,
  apiPort = 0,
  relayPort = 0,
  families = [],
  walletConnectVerify = false,
  production = false,
} = {}) {
  const [chain, l2, address, ...extras] = await Promise.all([
    startAnvil({ port: anvilPort, chainId: 31337 }),
    startAnvil({ port: l2Port, chainId: SANDBOX_L2_CHAIN_ID }),
    demoAddress(),
    ...families.map(startFamily),
  ])
  const running = extras.filter((f) => !f.skipped)
  // The provider API (wallet catalog, images, analytics config, blockchain API) backed by the local nodes.
  // The Solana cluster's CAIP-2 id is its genesis hash cut to 32 characters.
  const solanaFamily = running.find((f) => f.family === 'solana')
  const solanaId = solanaFamily ? `solana:${solanaFamily.chain.genesisHash.slice(0, 32)}` : undefined
  const providerApi = await startProviderApi({
    port: apiPort,
    rpcUrls: {
      'eip155:31337': chain.url,
      [`eip155:${SANDBOX_L2_CHAIN_ID}`]: l2.url,
      ...(solanaId ? { [solanaId]: solanaFamily.chain.url } : {}),
    },
  })
  // The on-ramp provider's checkout page, on its own origin: the URL generator sends buyers there; "Pay" credits
  // the local chain and the purchase shows in the on-ramp history.
  const onramp = await startOnrampProvider({
    rpcUrls: providerApi.rpcUrls,
    solana: solanaFamily?.chain,
    record: (purchase) => providerApi.addOnrampPurchase(purchase),
  })
  providerApi.setOnrampPage(onramp.url)
  // The loopback WalletConnect relay and the Sandbox Mobile Wallet (its own funded keys) on both chains and on
  // every running family.
  const walletConnect = await startWalletConnect({
    chains: { 31337: chain.url, [SANDBOX_L2_CHAIN_ID]: l2.url },
    relayPort,
    families: Object.fromEntries(running.map((f) => [f.family, f])),
  })
  // Email and social login: the mail server and mailbox, the OAuth-style provider, the secure site (the embedded
  // wallet's frame and keys) on three more loopback origins.
  const [mail, oauth] = await Promise.all([startMail(), startOAuth()])
  const secureSite = await startSecureSite({
    rpcUrls: {
      'eip155:31337': chain.url,
      [`eip155:${SANDBOX_L2_CHAIN_ID}`]: l2.url,
      ...(solanaId ? { [solanaId]: solanaFamily.chain.url } : {}),
    },
    mail,
    oauth,
  })
  const files = await build([...running.filter((f) => f.wallet).map((f) => f.wallet), walletConnect.bundle], production)
  await rpc(chain.url, 'anvil_setBalance', [address, `0x${DEMO_BALANCE_WEI.toString(16)}`])
  await rpc(l2.url, 'anvil_setBalance', [address, `0x${DEMO_L2_BALANCE_WEI.toString(16)}`])
  // Demo tokens and collectibles on the local chain; the provider API reports on them.
  const deployed = await deployDemoAssets({ url: chain.url, owner: address, imageBase: providerApi.url })
  const assets = {
    tokens: [
      ...deployed.tokens.map((t) => ({ ...t, chainId: 'eip155:31337' })),
      ...(solanaId && solanaFamily.token ? [{ ...solanaFamily.token, chainId: solanaId }] : []),
    ],
    nfts: deployed.nfts.map((n) => ({ ...n, chainId: 'eip155:31337' })),
  }
  providerApi.setAssets(assets)
  // The swap market beside the demo tokens: a wrapper, SDOL and the pools the convert endpoints quote from.
  const demoToken = deployed.tokens.find((t) => t.symbol === 'DEMO')
  // The sandbox L2 has a market of its own (with its own DEMO).
  const l2ChainId = `eip155:${SANDBOX_L2_CHAIN_ID}`
  const [local, onL2] = await Promise.all([deploySwapPools({ url: chain.url, demo: demoToken.address }), deploySwapPools({ url: l2.url })])
  const market = { chainId: 'eip155:31337', ...local }
  const l2Market = { chainId: l2ChainId, ...onL2 }
  // ENS on the local chain (after the pools: the same deployer, one transaction after another).
  const ens = await deployEns({ url: chain.url })
  providerApi.convert.setMarket(market)
  providerApi.convert.setMarket(l2Market)
  // The balances the provider API reports include what the swaps pay out.
  const paidOut = [market, l2Market].flatMap((m) => m.tokens.map((t) => ({ ...t, chainId: m.chainId, kind: 'erc20' })))
  providerApi.setAssets({ ...assets, tokens: [...assets.tokens, ...paidOut] })

  const configJs =
    `window.__SANDBOX__ = ${JSON.stringify({ rpc: chain.url, l2Rpc: l2.url, l2ChainId: SANDBOX_L2_CHAIN_ID, apiUrl: providerApi.url, onrampUrl: onramp.url, assets, walletConnect: walletConnect.config, ens: { universalResolver: ens.universalResolver }, auth: { secureSiteUrl: secureSite.frameUrl, mailbox: mail.url }, families: Object.fromEntries(running.map((f) => [f.family, f.config])) })};\n` +
    // Sandbox pages only: the WalletConnect SDKs' own test flag skips the Verify step (5 s per proposal offline).
    (walletConnectVerify ? '' : `window.process = window.process || { env: { IS_VITEST: 'true' } };\n`) +
    `window.__SANDBOX_WALLET__ = ${JSON.stringify({ privateKey: DEMO_PRIVATE_KEY, otherKeys: [DEMO_SECOND_PRIVATE_KEY], chains: { 31337: chain.url }, initialChainId: 31337 })};\n`
  const walletTags = running
    .filter((f) => f.wallet)
    .map((f) => `<script src="${f.wallet.url}"></script>`)
    .join('\n    ')
  const html = (await readFile(path.join(root, 'sandbox/app/index.html'), 'utf8')).replace('<!-- family wallets -->', walletTags)

  // The demo app under a strict Content Security Policy with Trusted Types (`/csp`, the same query switches): no
  // inline script or style anywhere on the page, and only the sandbox's own origins reachable.
  const origin = (href) => new URL(href).origin
  const cspHtml = html.replace(/<style>[\s\S]*?<\/style>/, '<link rel="stylesheet" href="/app.css" />')
  const appCss = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
  // With a nonce (`/csp?nonce`), style-src also allows the <style> elements carrying it; the page gets it in a meta tag.
  const cspPolicy = (nonce) =>
    [
      "default-src 'self'",
      "script-src 'self'",
      `style-src 'self'${nonce ? ` 'nonce-${nonce}'` : ''}`,
      // Wallet and network icons come from the provider API.
      `img-src 'self' data: ${origin(providerApi.url)}`,
      `frame-src ${origin(secureSite.frameUrl)}`,
      `connect-src 'self' ${[chain.url, l2.url, providerApi.url, walletConnect.config.relayUrl].map(origin).join(' ')}`,
      "require-trusted-types-for 'script'",
    ].join('; ')

  // The sign-in backend the demo app uses with ?siwx (vestibule/server through sandbox/siwx/backend.mjs), on this same origin.
  const bip122Family = running.find((f) => f.family === 'bip122')
  let appOrigins = []
  const siwx = createSiwxBackend({
    origins: () => appOrigins,
    rpcUrls: { 'eip155:31337': chain.url, [`eip155:${SANDBOX_L2_CHAIN_ID}`]: l2.url },
    custom: bip122Family ? { [bip122Family.config.wallet.caipNetworkId]: { params: bip122Family.config.network.params } } : {},
  })
  const server = createServer((req, res) => {
    if (siwx.handle(req, res)) return
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    // Always asked again (a restarted sandbox serves new builds), yet not `no-store`: that would keep the pages out
    // of the back-forward cache, which the modal must survive as hosts' pages do.
    const send = (status, body, type) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-cache' })
      res.end(body)
    }
    if (url.pathname === '/' || url.pathname === '/index.html') return send(200, html, TYPES['.html'])
    // The page for plugin authors: the example plugin and a failing one (sandbox/app/extensions.tsx).
    if (url.pathname === '/extensions') return send(200, html.replace('/app/main.js', '/app/extensions.js'), TYPES['.html'])
    // The address-book example plugin (sandbox/app/address-book.tsx).
    if (url.pathname === '/address-book') return send(200, html.replace('/app/main.js', '/app/address-book.js'), TYPES['.html'])
    // An app on wagmi's hooks with the modal as its connector (sandbox/app/wagmi.tsx).
    if (url.pathname === '/wagmi') return send(200, html.replace('/app/main.js', '/app/wagmi.js'), TYPES['.html'])
    // A host drawing its own UI from the headless functions and hooks, never the shell (sandbox/app/headless.tsx).
    if (url.pathname === '/headless') return send(200, html.replace('/app/main.js', '/app/headless.js'), TYPES['.html'])
    // Its twin with the shell, for the bench (sandbox/app/headless-shell.tsx).
    if (url.pathname === '/headless-shell') return send(200, html.replace('/app/main.js', '/app/headless-shell.js'), TYPES['.html'])
    // Two modals on one page, one of them destroyed on request (sandbox/app/lifecycle.tsx).
    if (url.pathname === '/lifecycle') return send(200, html.replace('/app/main.js', '/app/lifecycle.js'), TYPES['.html'])
    // A modal embedded inline in the page (sandbox/app/embedded.tsx).
    if (url.pathname === '/embedded') return send(200, html.replace('/app/main.js', '/app/embedded.js'), TYPES['.html'])
    // Every view of every plugin in both themes (sandbox/app/gallery.tsx).
    if (url.pathname === '/gallery') return send(200, html.replace('/app/main.js', '/app/gallery.js'), TYPES['.html'])
    if (url.pathname === '/csp') {
      const nonce = url.searchParams.has('nonce') ? randomBytes(16).toString('base64') : undefined
      res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store', 'content-security-policy': cspPolicy(nonce) })
      return res.end(nonce ? cspHtml.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`) : cspHtml)
    }
    if (url.pathname === '/app.css') return send(200, appCss, 'text/css; charset=utf-8')
    if (url.pathname === '/config.js') return send(200, configJs, TYPES['.js'])
    if (walletConnect.serves(url.pathname)) return send(200, walletConnect.html, TYPES['.html'])
    const file = files.get(url.pathname)
    if (file) return send(200, file, TYPES[path.extname(url.pathname)] ?? 'application/octet-stream')
    send(404, 'Not found', 'text/plain')
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const appUrl = `http://127.0.0.1:${server.address().port}/`
  appOrigins = [new URL(appUrl).origin, `http://localhost:${server.address().port}`]
  secureSite.allowOrigin(new URL(appUrl).origin)
  secureSite.allowOrigin(`http://localhost:${server.address().port}`)
  return {
    url: appUrl,
    chain,
    l2,
    address,
    /** The local provider API: `url`, recorded `requests`, `catalogRequests()`, `setMode('down')`, `setDelay(ms)`, `setImages('hang')`, `setCatalog('inflated' | 'malformed')`, `reset()`. */
    providerApi,
    /** The demo tokens and collectibles on the local chain (`tokens`, `nfts`, each with `chainId` and `address`). */
    assets,
    /** The swap market on the local chain: `exchange`, `weth`, `tokens` (SDOL), `pairs`. */
    market,
    /** The swap market on the sandbox L2: the same, with its own DEMO first in `tokens`. */
    l2Market,
    /** ENS on the local chain: `registry`, `resolver`, `reverseRegistrar`, `universalResolver`, `register({ name, address, avatar?, primary? })`, `setPrimary(address, name)`; seeded with `alice.eth` and `bobby.eth` (contracts/ens.mjs). */
    ens,
    /** The WalletConnect relay in its own process (`relay.url`, `relay.kill()`, `relay.restart()` on the same port) and the mobile wallet's `address`; its page is `/mobile-wallet`. */
    walletConnect,
    /** Email and social login: the secure site (`url`, `frameUrl`, `allowOrigin`, `addressOf(email)`), the mail (`url` of the mailbox, `messages(to)`), the OAuth-style provider (`url`). */
    auth: { secureSite, mail, oauth },
    /** The on-ramp provider's checkout page (`url`), on its own loopback origin. */
    onramp,
    /** The sign-in backend under /siwx/: `setMode('down' | 'refuse' | 'hang' | 'up')`, `setNonceFields`, `requests`, `attempts`, `size()`, `reset()`. */
    siwx,
    /** Per family: its sandbox handle, or `{ skipped: reason }`. */
    families: Object.fromEntries(extras.map((f) => [f.family, f])),
    async stop() {
      await new Promise((resolve) => server.close(resolve))
      await Promise.all([
        chain.stop(),
        l2.stop(),
        providerApi.stop(),
        onramp.stop(),
        walletConnect.stop(),
        secureSite.stop(),
        mail.stop(),
        oauth.stop(),
        ...running.map((f) => f.stop?.()),
      ])
    },
  }
}
