/** The sandbox's demo host app: what an app developer writes to use the modal. */
import { useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal, errorMessage } from 'vestibule'
import { shortenAddress } from 'vestibule/utils'
import { defineNetwork, localhost } from 'vestibule/chains/eip155'
import { eip155 } from 'vestibule/chains/eip155'
import { ModalProvider, useAccount, useModal, useNetwork } from 'vestibule/react'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { receive } from 'vestibule/plugins/receive'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'
import { swap } from 'vestibule/plugins/swap'
import { activity } from 'vestibule/plugins/activity'
import { nfts } from 'vestibule/plugins/nfts'
import { auth } from 'vestibule/plugins/auth'
import { identity } from 'vestibule/plugins/identity'
import { names } from 'vestibule/plugins/names'
import { onramp } from 'vestibule/plugins/onramp'
import { hostBackend, siwx } from 'vestibule/plugins/siwx'
import { defineNetwork as defineSolanaNetwork, solana } from 'vestibule/chains/solana'
import { bip122, defineNetwork as defineBip122Network, type Bip122NetworkInput } from 'vestibule/chains/bip122'
import { defineNetwork as definePolkadotNetwork, polkadot, type PolkadotNetworkInput } from 'vestibule/chains/polkadot'
import { expose } from './expose.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const config = (
  window as unknown as {
    __SANDBOX__: {
      rpc: string
      l2Rpc: string
      l2ChainId: number
      apiUrl: string
      onrampUrl: string
      walletConnect: { relayUrl: string }
      ens: { universalResolver: string }
      assets?: { tokens: { chainId: string; address: string }[] }
    }
  }
).__SANDBOX__

// Wallet catalog options (sandbox/provider-api/catalog.mjs ids). The query string can override them:
// ?featured=<id>,<id>&exclude=<id>&include=<id>&custom=none
const query = new URLSearchParams(location.search)
const ids = (name: string, fallback: string[]) => (query.has(name) ? query.get(name)!.split(',').filter(Boolean) : fallback)
const catalogOptions = {
  // "Cedar Vault" and "Cobalt Vault".
  featuredWalletIds: ids('featured', [
    '5b33a1818687ed67c8acb7b7cee8eb2fda203cf43e69ba5af313dc16bfe67e8b',
    'c18951708197de3e66371b3b56723bf49e4e9e47266716f105dea28fc7e01c83',
  ]),
  // "Basalt Wallet" never shows.
  excludeWalletIds: ids('exclude', ['d4d48f95177d14461df4b16c4ce7b770d417a666629a1e3f8f8ba21884618608']),
  includeWalletIds: ids('include', []),
  customWallets:
    query.get('custom') === 'none'
      ? []
      : [
          {
            id: 'vestibule-custom-wallet',
            name: 'Vestibule Custom Wallet',
            image_url: `${config.apiUrl}/public/getAssetImage/vestibule-custom-wallet`,
            mobile_link: 'vestibule-custom://',
            webapp_link: 'https://custom.wallets.example/',
          },
        ],
}

// ENS on the local chain (sandbox/contracts/ens.mjs): names and avatars resolve on chain through its universal resolver.
const localChain = defineNetwork({
  ...localhost,
  rpcUrls: { default: { http: [config.rpc] } },
  assets: { imageId: 'eip155-31337' },
  contracts: { ensUniversalResolver: { address: config.ens.universalResolver } },
})
const sandboxL2 = defineNetwork({
  id: config.l2ChainId,
  name: 'Sandbox L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.l2Rpc] } },
  assets: { imageId: `eip155-${config.l2ChainId}` },
  // A block explorer address (never fetched) so the pages that link to one can be checked.
  blockExplorers: { default: { name: 'Sandbox Explorer', url: `${config.apiUrl}/explorer` } },
  testnet: true,
})

type SolanaSandbox = { name: string; rpc: string; ws: string; genesisHash: string; walletChain: string }
const solanaSandbox = (window as unknown as { __SANDBOX__: { families?: { solana?: SolanaSandbox } } }).__SANDBOX__.families?.solana
const solanaPlugin =
  solanaSandbox &&
  solana({
    networks: [
      defineSolanaNetwork({
        name: solanaSandbox.name,
        genesisHash: solanaSandbox.genesisHash,
        walletChain: solanaSandbox.walletChain,
        rpcUrls: { default: { http: [solanaSandbox.rpc], webSocket: [solanaSandbox.ws] } },
        testnet: true,
      }),
    ],
  })

// Litecoin regtest from sandbox/bip122/chain.mjs: its genesis hash, Esplora URL and address prefixes are injected.
const bip122Sandbox = (window as unknown as { __SANDBOX__: { families?: { bip122?: { network: Bip122NetworkInput } } } }).__SANDBOX__
  .families?.bip122
const bip122Plugin = bip122Sandbox && bip122({ networks: [defineBip122Network({ ...bip122Sandbox.network, testnet: true })] })

// chopsticks from sandbox/polkadot/chain.mjs: its genesis hash, WebSocket URL, ROC (12 decimals) and SS58 prefix 2.
const polkadotSandbox = (window as unknown as { __SANDBOX__: { families?: { polkadot?: { network: PolkadotNetworkInput } } } }).__SANDBOX__
  .families?.polkadot
const polkadotPlugin = polkadotSandbox && polkadot({ networks: [definePolkadotNetwork(polkadotSandbox.network)] })

// WalletConnect over the loopback relay (?wcRelay=ws://… points it elsewhere, e.g. at a relay that is down).
// ?basic opens the modal without chain plugins: WalletConnect's basic mode (opening rule 1).
const basicMode = query.has('basic')
const walletConnectPlugin = walletConnect({ relayUrl: query.get('wcRelay') ?? config.walletConnect.relayUrl, networks: [localChain] })

// ?auth adds email and social login (the embedded wallet on the sandbox's secure site); ?socials=google,github
// narrows the social list; ?emailShowWallets=off collapses the wallet list beside email login.
const authSandbox = (window as unknown as { __SANDBOX__: { auth?: { secureSiteUrl: string } } }).__SANDBOX__.auth
const withAuth = query.has('auth') && authSandbox !== undefined
const authOptions = withAuth
  ? {
      secureSiteUrl: query.get('secureSite') ?? authSandbox.secureSiteUrl,
      ...(query.has('socials') ? { socials: query.get('socials')!.split(',').filter(Boolean) as never } : {}),
    }
  : undefined
// ?siwx=required (or ?siwx=optional) signs in through the sandbox's sign-in backend on this origin (/siwx/).
const siwxMode = query.get('siwx')
const signIn = siwxMode
  ? { siwx: { required: siwxMode === 'required', statement: 'Sign in to the Vestibule Sandbox', store: hostBackend({ url: '/siwx' }) } }
  : {}
// ?siwe=required (or ?siwe=optional) signs in through the legacy `siweConfig` callbacks over the same backend; what
// the verify hook was given and answered is listed in window.__siweVerified.
const siweMode = siwxMode ? null : query.get('siwe')
const siweVerified: { message: string; signature: string; ok: boolean }[] = []
;(window as unknown as { __siweVerified: typeof siweVerified }).__siweVerified = siweVerified
const siweSignIn = siweMode
  ? {
      siweConfig: {
        required: siweMode === 'required',
        getNonce: async () => ((await (await fetch('/siwx/nonce')).json()) as { nonce: string }).nonce,
        getMessageParams: async () => ({ statement: 'Sign in to the Vestibule Sandbox' }),
        verifyMessage: async ({ message, signature }: { message: string; signature: string }) => {
          const response = await fetch('/siwx/verify', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ message, signature }),
          })
          siweVerified.push({ message, signature, ok: response.ok })
          return response.ok
        },
        getSession: async () => {
          const response = await fetch('/siwx/me')
          const body = response.ok ? ((await response.json()) as { address: string; chainId: string }) : undefined
          return body ? { address: body.address, chainId: Number(body.chainId.split(':')[1]) } : null
        },
        signOut: async () => (await fetch('/siwx/signout', { method: 'POST' })).ok,
      },
    }
  : {}

/** The `tokens` option's shape: token addresses per network. */
function groupBy(list: { chainId: string; address: string }[]) {
  const out: Record<string, { address: string }[]> = {}
  for (const t of list) (out[t.chainId] ??= []).push({ address: t.address })
  return out
}
// The /csp page's nonce, as a server templating a strict policy would hand it to the page.
const cspNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
const modal = createModal({
  ...(cspNonce ? { cspNonce } : {}),
  // ?projectId=… names another project (empty: none), as a host with a wrong or missing id would.
  projectId: query.get('projectId') ?? 'sandbox',
  // The local provider API (sandbox/provider-api): wallet catalog, images, blockchain API.
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  // Catalog options belong to walletCatalog(), which the basic mode leaves out.
  ...(basicMode ? {} : catalogOptions),
  metadata: { name: 'Vestibule Sandbox', url: location.origin },
  // ?theme=light|system; ?locale=ar shows the modal in that language.
  themeMode: query.get('theme') === 'light' ? 'light' : query.get('theme') === 'system' ? 'system' : 'dark',
  ...(query.has('locale') ? { locale: query.get('locale')! } : {}),
  // ?networkSwitch=off shows how a host turns network switching off.
  enableNetworkSwitch: query.get('networkSwitch') !== 'off',
  // ?container=<selector> mounts the modal inside that element (#modal-host exists; a selector matching nothing
  // makes open() reject, naming it).
  ...(query.has('container') ? { container: query.get('container')! } : {}),
  // The demo tokens: read on chain when the provider API cannot answer.
  ...(basicMode ? {} : { tokens: groupBy(config.assets?.tokens ?? []) }),
  // On-ramp providers: Coinbase's page comes from the (local) URL generator; the second provider's widget is the
  // sandbox's checkout page too (sandbox/onramp).
  ...(basicMode
    ? {}
    : {
        onrampProviders: [
          { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%' },
          { id: 'meld', name: 'Meld', feeRange: '1-2%', url: `${config.onrampUrl}/widget` },
        ],
      }),
  // ?allWallets=off shows how a host turns the full wallet list off.
  features: {
    allWallets: new URLSearchParams(location.search).get('allWallets') !== 'off',
    ...(authOptions?.socials ? { socials: authOptions.socials } : {}),
    ...(withAuth && query.get('emailShowWallets') === 'off' ? { emailShowWallets: false } : {}),
    ...(query.get('smartSessions') === 'on' ? { smartSessions: true } : {}),
  },
  // The embedded wallet starts on its EOA in the demo; ?accountType=smartAccount starts on the smart account.
  ...(withAuth ? { defaultAccountTypes: { eip155: query.get('accountType') === 'smartAccount' ? 'smartAccount' : 'eoa' } } : {}),
  ...(authOptions ? { secureSiteUrl: authOptions.secureSiteUrl } : {}),
  // Swaps on the local chain and the sandbox L2 besides the provider's swap networks (each has its own pools);
  // ?swapNetworks=31337 narrows them to those ids.
  ...(basicMode
    ? {}
    : {
        swapNetworks: query.has('swapNetworks')
          ? query.get('swapNetworks')!.split(',').filter(Boolean).map(Number)
          : [31337, config.l2ChainId],
      }),
  ...signIn,
  ...siweSignIn,
  plugins: basicMode
    ? [walletConnectPlugin]
    : [
        eip155({ networks: [localChain, sandboxL2] }),
        solanaPlugin,
        bip122Plugin,
        polkadotPlugin,
        walletCatalog(),
        walletConnectPlugin,
        withAuth && auth(),
        onramp(),
        receive(),
        tokens(),
        send(),
        swap(),
        nfts(),
        activity(),
        identity(),
        names({ zone: 'sandbox.id' }),
        (siwxMode || siweMode) && siwx(),
      ],
})
expose(modal)
// A returning user sees their account on the page at once, before the modal is ever opened.
void modal.reconnect().catch(() => undefined)

/**
 * Who the sign-in backend says is signed in: its own answer (GET /siwx/me), read again after each sign-in event and
 * when the sign-in state turns signed in or out (a session taken from another tab of the origin comes with no event).
 */
function SignedIn() {
  const [me, setMe] = useState<{ address: string; chainId: string } | null>()
  useEffect(() => {
    // Reads overlap (a disconnect, then the sign-out it causes): only the latest one's answer is shown.
    let latest = 0
    const read = () => {
      const mine = ++latest
      const show = (value: { address: string; chainId: string } | null) => mine === latest && setMe(value)
      void fetch('/siwx/me')
        .then((r) => (r.ok ? r.json() : null))
        .then((body: { address?: unknown; chainId?: unknown } | null) =>
          show(
            typeof body?.address === 'string' && typeof body.chainId === 'string' ? { address: body.address, chainId: body.chainId } : null,
          ),
        )
        .catch(() => show(null))
    }
    read()
    const $state = modal.getPlugin('siwx').$state
    let status = $state.get().status
    const offState = $state.subscribe((now) => {
      if (now.status !== status && (now.status === 'signedIn' || now.status === 'signedOut')) read()
      status = now.status
    })
    const offs = [modal.on('siwx:signIn', read), modal.on('siwx:signOut', read), modal.on('disconnect', read), offState]
    return () => offs.forEach((off) => off())
  }, [])
  return <p data-testid="signed-in">{me ? `signed in as ${me.address} on ${me.chainId}` : 'signed out'}</p>
}

/** Where "Send 0.01 ETH" sends to: a fixed local account. */
const DEMO_RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function App() {
  const { open, isOpen } = useModal()
  const { isConnected, address, caipAddress, status } = useAccount()
  const { caipNetwork, caipNetworkId } = useNetwork()
  const [signature, setSignature] = useState<{ message: string; signature?: string; error?: string }>()
  const [sent, setSent] = useState<{ hash?: string; error?: string }>()

  const sign = async () => {
    const message = `Sign in to Vestibule Sandbox at ${new Date().toISOString()}`
    setSignature({ message })
    try {
      setSignature({ message, signature: await modal.signMessage(message) })
    } catch (error) {
      setSignature({ message, error: errorMessage(error) })
    }
  }

  // Sends through the modal's connection: the connected wallet signs, and the modal reads the balance again.
  const sendNative = async () => {
    if (modal.getAccount().namespace !== 'eip155') return setSent({ error: 'Connect an EVM wallet first' })
    setSent({})
    try {
      setSent({ hash: await kernelOf(modal).connection.sendNative({ to: DEMO_RECIPIENT, value: 10n ** 16n }) })
    } catch (error) {
      setSent({ error: errorMessage(error) })
    }
  }

  return (
    <main>
      <h1>Vestibule Sandbox</h1>
      <p>A demo host app. The Sandbox Wallet holds a real key funded on the local chains.</p>
      <button type="button" data-testid="open-modal" onClick={() => void open()}>
        {isConnected && address ? shortenAddress(address) : 'Connect wallet'}
      </button>
      <dl>
        <dt>Status</dt>
        <dd data-testid="status">{status}</dd>
        <dt>Account</dt>
        <dd data-testid="caip-address">{caipAddress ?? '—'}</dd>
        <dt>Network</dt>
        <dd data-testid="network">{caipNetwork ? `${caipNetwork.name} (${caipNetworkId})` : (caipNetworkId ?? '—')}</dd>
        <dt>Modal</dt>
        <dd data-testid="modal-open">{isOpen ? 'open' : 'closed'}</dd>
      </dl>
      {siwxMode || siweMode ? <SignedIn /> : null}
      <button type="button" data-testid="sign" disabled={!isConnected} onClick={() => void sign()}>
        Sign a message
      </button>
      {signature ? (
        <section>
          <p data-testid="signed-message">{signature.message}</p>
          <output data-testid="signature">{signature.signature ?? signature.error ?? 'Waiting for the wallet…'}</output>
        </section>
      ) : null}
      <button type="button" data-testid="send-native" disabled={!isConnected} onClick={() => void sendNative()}>
        Send 0.01 ETH
      </button>
      {sent ? <output data-testid="send-result">{sent.hash ?? sent.error ?? 'Waiting for the wallet…'}</output> : null}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <App />
  </ModalProvider>,
)
