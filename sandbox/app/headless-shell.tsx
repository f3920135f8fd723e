/**
 * The headless host's twin with the shell (`/headless-shell`): the same plugins behind `createModal`, a button that
 * opens the modal, and the account from the hooks. The bench weighs both (bench/headless.mjs).
 */
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { ModalProvider, useAccount, useModal } from 'vestibule/react'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'
import { swap } from 'vestibule/plugins/swap'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string; walletConnect: { relayUrl: string } } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const modal = createModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Vestibule Headless (shell twin)', url: location.origin },
  swapNetworks: [31337],
  plugins: [
    eip155({ networks: [localChain] }),
    walletCatalog(),
    walletConnect({ relayUrl: config.walletConnect.relayUrl }),
    tokens(),
    send(),
    swap(),
  ],
})

function App() {
  const { open } = useModal()
  const { isConnected, address } = useAccount()
  return (
    <main>
      <button type="button" data-testid="open-modal" onClick={() => void open()}>
        Connect wallet
      </button>
      <p data-testid="status">{isConnected ? 'connected' : 'disconnected'}</p>
      <p data-testid="address">{address ?? ''}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <ModalProvider modal={modal}>
    <App />
  </ModalProvider>,
)
