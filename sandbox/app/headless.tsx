/**
 * The sandbox's headless host (`/headless`): its own UI drawn from `vestibule/headless` and the hooks of
 * `vestibule/react`, never the modal's shell. Wallet list with a search, connect, address and balances, a send, a
 * swap on the local exchange (DEMO → SDOL or ETH → DEMO: quote, then approve and swap), the WalletConnect pairing
 * URI as text, and with `?siwx=optional` (or `required`) a sign-in through the sandbox's backend on this origin.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import {
  createHeadlessModal,
  type SendController,
  type SendForm as SendFormState,
  type SendView,
  type SwapController,
  type SwapForm as SwapFormState,
  type SwapView,
} from 'vestibule/headless'
import {
  ModalProvider,
  useAccount,
  useBalances,
  useConnectWallet,
  useSend,
  useSignIn,
  useSwap,
  useWalletConnectUri,
  useWalletList,
} from 'vestibule/react'
import { errorMessage, type Modal } from 'vestibule/kernel'
import { formatBalance, parseUnits, shortenAddress } from 'vestibule/utils'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'
import { swap } from 'vestibule/plugins/swap'
import { hostBackend, siwx } from 'vestibule/plugins/siwx'
import { expose } from './expose.js'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string; walletConnect: { relayUrl: string } } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

// ?siwx=optional (or required) signs in through the sandbox's sign-in backend on this origin (/siwx/).
const siwxMode = new URLSearchParams(location.search).get('siwx')
const signInOptions = siwxMode
  ? { siwx: { required: siwxMode === 'required', statement: 'Sign in to the Vestibule Sandbox', store: hostBackend({ url: '/siwx' }) } }
  : {}

const modal = createHeadlessModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Vestibule Headless', url: location.origin },
  // The local exchange's pools are on 31337, besides the provider's swap networks.
  swapNetworks: [31337],
  ...signInOptions,
  plugins: [
    eip155({ networks: [localChain] }),
    walletCatalog(),
    walletConnect({ relayUrl: config.walletConnect.relayUrl }),
    tokens(),
    send(),
    swap(),
    siwxMode && siwx(),
  ],
})
expose(modal)

/** A controller's message (a reason, a failure) in the modal's language, as its plugin words it. */
const say = (message: { key: string; values?: Record<string, string> } | undefined) => (message ? modal.t(message.key, message.values) : '')

function Wallets() {
  const list = useWalletList(modal)
  const { connect, status, error, wallet } = useConnectWallet(modal)
  return (
    <section data-testid="wallets">
      <label>
        Search wallet{' '}
        <input data-testid="wallet-search" placeholder="Name of the wallet" onChange={(e) => list.setSearch(e.target.value)} />
      </label>
      <p data-testid="list-status">{list.status}</p>
      <ul data-testid="wallet-list">
        {list.wallets.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              data-testid="wallet-row"
              disabled={item.disabled}
              onClick={() => void connect(item).catch(() => undefined)}
            >
              {item.name}
            </button>
          </li>
        ))}
      </ul>
      {list.hasMore ? (
        <button type="button" data-testid="load-more" onClick={() => void list.loadMore()}>
          More wallets
        </button>
      ) : null}
      <p data-testid="connect-status">{status === 'error' ? `${wallet?.name}: ${errorMessage(error)}` : status}</p>
    </section>
  )
}

function PairingUri() {
  const { uri, secondsLeft, status } = useWalletConnectUri(modal)
  return (
    <p>
      <code data-testid="wc-uri">{uri ?? status}</code> <span data-testid="wc-expiry">{uri ? `${secondsLeft} s left` : ''}</span>
    </p>
  )
}

function Balances() {
  const { status, tokens: held } = useBalances(modal)
  return (
    <ul data-testid="balances" data-status={status}>
      {held.map((t) => (
        <li key={t.address ?? t.symbol}>{`${formatBalance(t.amount, t.decimals)} ${t.symbol}`}</li>
      ))}
    </ul>
  )
}

function SendForm({ controller, view, form }: { controller: SendController; view: SendView; form: SendFormState }) {
  const [amount, setAmount] = useState('')
  if (form.status === 'sent')
    return (
      <output data-testid="send-result">{`Sent ${formatBalance(form.sent!.amount, form.sent!.token.decimals)} ${form.sent!.token.symbol}: ${form.sent!.id}`}</output>
    )
  const decimals = view.token?.decimals ?? 18
  return (
    <form
      data-testid="send-form"
      onSubmit={(e) => (e.preventDefault(), form.status === 'reviewing' ? void controller.confirm() : controller.review())}
    >
      <label>
        Receiver <input data-testid="send-receiver" value={form.receiver} onChange={(e) => controller.setReceiver(e.target.value)} />
      </label>
      <label>
        Amount{' '}
        <input
          data-testid="send-amount"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value)
            try {
              controller.setAmount(e.target.value ? parseUnits(e.target.value, decimals) : undefined)
            } catch {
              controller.setAmount(undefined)
            }
          }}
        />
      </label>
      <span data-testid="send-fee">{form.fee.status}</span>
      <button type="submit" data-testid="send-submit">
        {form.status === 'reviewing' ? 'Confirm' : 'Review'}
      </button>
      <span data-testid="send-status">{form.status}</span>
    </form>
  )
}

function Send() {
  const { controller, view, form, error } = useSend(modal)
  if (error) return <p data-testid="send-error">{errorMessage(error)}</p>
  return controller && view && form ? <SendForm controller={controller} view={view} form={form} /> : null
}

/** The pairs the local exchange trades: what is sold, what is bought. */
const PAIRS = { 'DEMO-SDOL': ['DEMO', 'SDOL'], 'ETH-DEMO': ['ETH', 'DEMO'] } as const

/** Picks `symbol` on `side` from the swap's token list (the controller's picker, without drawing it). */
function pickSymbol(controller: SwapController, form: SwapFormState, side: 'sell' | 'buy', symbol: string) {
  const token = form.tokens.list.find((t) => t.symbol === symbol)
  if (!token) return
  controller.openPicker(side)
  controller.pick(token.caip.toLowerCase())
}

function SwapForm({ controller, view, form }: { controller: SwapController; view: SwapView; form: SwapFormState }) {
  const [pair, setPair] = useState<keyof typeof PAIRS | ''>('')
  if (form.status === 'done' && form.done) {
    const { from, to, sold, bought, id } = form.done
    return (
      <output data-testid="swap-result">{`Swapped ${formatBalance(sold, from.decimals)} ${from.symbol} for ${formatBalance(bought, to.decimals)} ${to.symbol}: ${id}`}</output>
    )
  }
  if (form.tokens.status !== 'ready') return <p data-testid="swap-tokens">{form.tokens.error ?? form.tokens.status}</p>
  const choose = (next: keyof typeof PAIRS) => {
    setPair(next)
    const [sell, buy] = PAIRS[next]
    // Buying what is sold flips the two; picking the sold token next sets it either way.
    pickSymbol(controller, form, 'buy', buy)
    pickSymbol(controller, form, 'sell', sell)
  }
  const quote = view.details
    ? `${formatBalance(view.details.toAmount, view.buy?.decimals ?? 18)} ${view.buy?.symbol}`
    : view.quoting
      ? 'quoting'
      : (view.quoteError ?? say(view.reason))
  return (
    <form
      data-testid="swap-form"
      onSubmit={(e) => (e.preventDefault(), form.status === 'reviewing' ? void controller.confirm() : controller.review())}
    >
      <label>
        Pair{' '}
        <select data-testid="swap-pair" value={pair} onChange={(e) => choose(e.target.value as keyof typeof PAIRS)}>
          <option value="">Pick a pair</option>
          {Object.entries(PAIRS).map(([key, [sell, buy]]) => (
            <option key={key} value={key}>{`${sell} → ${buy}`}</option>
          ))}
        </select>
      </label>
      <label>
        Amount to swap <input data-testid="swap-amount" value={form.amountText} onChange={(e) => controller.setAmount(e.target.value)} />
      </label>
      <output data-testid="swap-quote">{quote}</output>
      <button type="submit" data-testid="swap-submit" disabled={form.status === 'reviewing' ? !view.canConfirm : !view.canReview}>
        {form.status === 'reviewing' ? 'Swap' : 'Review'}
      </button>
      <span data-testid="swap-status">{form.status}</span>
      {form.failure ? <p data-testid="swap-failure">{say(form.failure)}</p> : null}
    </form>
  )
}

function Swap() {
  const { controller, view, form, error } = useSwap(modal)
  if (error) return <p data-testid="swap-error">{errorMessage(error)}</p>
  return controller && view && form ? <SwapForm controller={controller} view={view} form={form} /> : null
}

function SignIn() {
  const { status, session, error, sign, cancel } = useSignIn(modal)
  return (
    <section data-testid="sign-in" data-status={status}>
      <p data-testid="sign-in-status">
        {status === 'signedIn' ? `signed in as ${session?.data.accountAddress}` : status === 'error' ? `error: ${error}` : status}
      </p>
      {status === 'needed' || status === 'error' || status === 'signedOut' ? (
        <button type="button" data-testid="sign-in-button" onClick={() => void sign().catch(() => undefined)}>
          Sign in
        </button>
      ) : null}
      {status === 'signing' ? (
        <button type="button" data-testid="sign-in-cancel" onClick={() => void cancel()}>
          Cancel
        </button>
      ) : null}
    </section>
  )
}

function App() {
  const { isConnected, address } = useAccount()
  const [showUri, setShowUri] = useState(false)
  return (
    <main>
      <h1>Headless host</h1>
      <p data-testid="status">{isConnected ? 'connected' : 'disconnected'}</p>
      {isConnected ? (
        <>
          <p data-testid="address" title={address}>
            {shortenAddress(address!)}{' '}
            <button type="button" data-testid="disconnect" onClick={() => void modal.disconnect().catch(() => undefined)}>
              Disconnect
            </button>
          </p>
          {siwxMode ? <SignIn /> : null}
          <Balances />
          <Send />
          <Swap />
        </>
      ) : (
        <Wallets />
      )}
      <button type="button" data-testid="show-wc" onClick={() => setShowUri(true)}>
        WalletConnect URI
      </button>
      {showUri ? <PairingUri /> : null}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <App />
  </ModalProvider>,
)
