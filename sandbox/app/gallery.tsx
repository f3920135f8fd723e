/**
 * The sandbox's gallery (`/gallery`): every view the plugins register, in the dark and the light theme side by side.
 * Two modals embedded in the page, one per theme, with the demo app's plugins; the picker above them (or
 * `window.gallery.show(view, data)`) opens a view in both. Connect the Sandbox Wallet in each for the account views
 * (real balances from the local chain); sign in with email (the sandbox's secure site and mailbox) for the embedded
 * wallet's views: the code, its Account with the account type, a name to register, a transaction to approve.
 */
import { createModal, type Modal } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { receive } from 'vestibule/plugins/receive'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'
import { activity } from 'vestibule/plugins/activity'
import { nfts } from 'vestibule/plugins/nfts'
import { swap } from 'vestibule/plugins/swap'
import { onramp } from 'vestibule/plugins/onramp'
import { auth } from 'vestibule/plugins/auth'
import { names } from 'vestibule/plugins/names'
import { hostBackend, siwx } from 'vestibule/plugins/siwx'
import { kernelOf } from '../../kernel/kernel-of.js'

type Config = {
  auth: { secureSiteUrl: string }
  rpc: string
  l2Rpc: string
  l2ChainId: number
  apiUrl: string
  onrampUrl: string
  walletConnect: { relayUrl: string }
  assets?: { tokens: { chainId: string; address: string }[] }
}
const config = (window as unknown as { __SANDBOX__: Config }).__SANDBOX__
const query = new URLSearchParams(location.search)

const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })
const sandboxL2 = defineNetwork({
  id: config.l2ChainId,
  name: 'Sandbox L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.l2Rpc] } },
  assets: { imageId: `eip155-${config.l2ChainId}` },
  testnet: true,
})
const demoTokens: Record<string, { address: string }[]> = {}
for (const t of config.assets?.tokens ?? []) (demoTokens[t.chainId] ??= []).push({ address: t.address })

const root = document.getElementById('root')!
root.innerHTML = `
  <style>
    #gallery { display: grid; grid-template-columns: repeat(2, 380px); gap: 24px; align-items: start; }
    #gallery section { padding: 10px; border-radius: 12px; }
    #gallery section[data-theme="dark"] { background: #0b0c10; }
    #gallery section[data-theme="light"] { background: #e9ebf2; }
  </style>
  <h1>Gallery</h1>
  <label>View <select id="view"></select></label>
  <div id="gallery">
    <section data-theme="dark" aria-label="Dark theme"><div id="dark"></div></section>
    <section data-theme="light" aria-label="Light theme"><div id="light"></div></section>
  </div>`

const make = (theme: 'dark' | 'light') =>
  createModal({
    projectId: 'sandbox',
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.apiUrl,
    metadata: { name: 'Vestibule Gallery', url: location.origin },
    storagePrefix: `gallery-${theme}`,
    enableEmbedded: true,
    container: `#${theme}`,
    themeMode: theme,
    ...(query.has('locale') ? { locale: query.get('locale')! } : {}),
    // One font on every machine: the screenshots compare pixels.
    themeVariables: { '--vb-font-family': "'DejaVu Sans', sans-serif" },
    featuredWalletIds: [
      '5b33a1818687ed67c8acb7b7cee8eb2fda203cf43e69ba5af313dc16bfe67e8b',
      'c18951708197de3e66371b3b56723bf49e4e9e47266716f105dea28fc7e01c83',
    ],
    tokens: demoTokens,
    secureSiteUrl: config.auth.secureSiteUrl,
    features: { socials: ['google', 'github', 'farcaster'], smartSessions: true },
    // Optional sign-in through the sandbox's backend on this origin: the sign view follows a connection.
    siwx: { statement: 'Sign in to the Vestibule Gallery', store: hostBackend({ url: '/siwx' }) },
    swapNetworks: [31337, config.l2ChainId],
    onrampProviders: [
      { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%' },
      { id: 'meld', name: 'Meld', feeRange: '1-2%', url: `${config.onrampUrl}/widget` },
    ],
    plugins: [
      eip155({ networks: [localChain, sandboxL2] }),
      walletCatalog(),
      walletConnect({ relayUrl: config.walletConnect.relayUrl, networks: [localChain] }),
      auth(),
      onramp(),
      receive(),
      tokens(),
      send(),
      swap(),
      nfts(),
      activity(),
      names({ zone: 'sandbox.id' }),
      siwx(),
    ],
  })

const modals: Modal[] = [make('dark'), make('light')]
const dark = modals[0]!

const picker = document.getElementById('view') as HTMLSelectElement
for (const id of kernelOf(dark).views.ids()) picker.append(new Option(id, id))
picker.addEventListener('change', () => void gallery.show(picker.value))

const gallery = {
  modals,
  views: () => kernelOf(dark).views.ids(),
  /** Opens `view` (with `data`) in both modals. */
  show: (view: string, data?: unknown) => Promise.all(modals.map((m) => m.open(view, data))).then(() => undefined),
}
;(window as unknown as { gallery: typeof gallery }).gallery = gallery
void Promise.all(modals.map((m) => m.open()))
