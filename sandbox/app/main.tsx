/** The sandbox's demo host app: what an app developer writes to use the modal. */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createModal, errorMessage, shortenAddress } from 'vestibule'
import { defineNetwork, localhost } from 'vestibule/chains/eip155'
import { eip155 } from 'vestibule/chains/eip155'
import { ModalProvider, useAccount, useModal, useNetwork } from 'vestibule/react'

const config = (window as unknown as { __SANDBOX__: { rpc: string; l2Rpc: string; l2ChainId: number } }).__SANDBOX__

const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } } })
const sandboxL2 = defineNetwork({
  id: config.l2ChainId,
  name: 'Sandbox L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [config.l2Rpc] } },
  testnet: true,
})

const modal = createModal({
  projectId: 'sandbox',
  metadata: { name: 'Vestibule Sandbox', url: location.origin },
  themeMode: new URLSearchParams(location.search).get('theme') === 'light' ? 'light' : 'dark',
  plugins: [eip155({ networks: [localChain, sandboxL2] })],
})
;(window as unknown as { modal: typeof modal }).modal = modal

function App() {
  const { open, isOpen } = useModal()
  const { isConnected, address, caipAddress, status } = useAccount()
  const { caipNetwork, caipNetworkId } = useNetwork()
  const [signature, setSignature] = useState<{ message: string; signature?: string; error?: string }>()

  const sign = async () => {
    const message = `Sign in to Vestibule Sandbox at ${new Date().toISOString()}`
    setSignature({ message })
    try {
      setSignature({ message, signature: await modal.signMessage(message) })
    } catch (error) {
      setSignature({ message, error: errorMessage(error) })
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
        <dd data-testid="network">{caipNetwork ? `${caipNetwork.name} (${caipNetworkId})` : caipNetworkId ?? '—'}</dd>
        <dt>Modal</dt>
        <dd data-testid="modal-open">{isOpen ? 'open' : 'closed'}</dd>
      </dl>
      <button type="button" data-testid="sign" disabled={!isConnected} onClick={() => void sign()}>
        Sign a message
      </button>
      {signature ? (
        <section>
          <p data-testid="signed-message">{signature.message}</p>
          <output data-testid="signature">{signature.signature ?? signature.error ?? 'Waiting for the wallet…'}</output>
        </section>
      ) : null}
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <App />
  </ModalProvider>,
)
