// The quick-start React host plus the WalletConnect plugin (relay on loopback: ?relay=ws://…).
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { walletConnect } from 'vestibule/plugins/walletconnect'

const relayUrl = new URLSearchParams(location.search).get('relay') ?? undefined
const modal = createModal({ projectId: 'bench', plugins: [eip155({ networks: [mainnet] }), walletConnect({ relayUrl })] })

createRoot(document.getElementById('root')!).render(
  <button id="connect" type="button" onClick={() => void modal.open()}>
    Connect
  </button>,
)
