/**
 * The sandbox's headless host (`/headless`): its own UI drawn from `vestibule/headless` and the hooks of
 * `vestibule/react`, never the modal's shell. Wallet list with a search, connect, address and balances, a send,
 * and the WalletConnect pairing URI as text.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createHeadlessModal, type SendController, type SendForm as SendFormState, type SendView } from 'vestibule/headless'
import { ModalProvider, useAccount, useBalances, useConnectWallet, useSend, useWalletConnectUri, useWalletList } from 'vestibule/react'
import { errorMessage, type Modal } from 'vestibule/kernel'
import { formatBalance, parseUnits, shortenAddress } from 'vestibule/utils'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string; walletConnect: { relayUrl: string } } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const modal = createHeadlessModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Vestibule Headless', url: location.origin },
  plugins: [eip155({ networks: [localChain] }), walletCatalog(), walletConnect({ relayUrl: config.walletConnect.relayUrl }), tokens(), send()],
})
;(window as unknown as { modal: Modal }).modal = modal

function Wallets() {
  const list = useWalletList(modal)
  const { connect, status, error, wallet } = useConnectWallet(modal)
  return (
    <section data-testid="wallets">
      <input data-testid="wallet-search" placeholder="Search wallet" aria-label="Search wallet" onChange={(e) => list.setSearch(e.target.value)} />
      <p data-testid="list-status">{list.status}</p>
      <ul data-testid="wallet-list">
        {list.wallets.map((item) => (
          <li key={item.id}>
            <button type="button" data-testid="wallet-row" disabled={item.disabled} onClick={() => void connect(item).catch(() => undefined)}>
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
  if (form.status === 'sent') return <output data-testid="send-result">{`Sent ${formatBalance(form.sent!.amount, form.sent!.token.decimals)} ${form.sent!.token.symbol}: ${form.sent!.id}`}</output>
  const decimals = view.token?.decimals ?? 18
  return (
    <form data-testid="send-form" onSubmit={(e) => (e.preventDefault(), form.status === 'reviewing' ? void controller.confirm() : controller.review())}>
      <input data-testid="send-receiver" aria-label="Receiver" value={form.receiver} onChange={(e) => controller.setReceiver(e.target.value)} />
      <input
        data-testid="send-amount"
        aria-label="Amount"
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
            {shortenAddress(address!)}
          </p>
          <Balances />
          <Send />
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
