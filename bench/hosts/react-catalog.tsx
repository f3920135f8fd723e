// A React 19 host with the wallet catalog: one chain plugin, the catalog on the local provider API (?api=…).
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'

const apiUrl = new URLSearchParams(location.search).get('api') ?? undefined
const modal = createModal({
  projectId: 'bench',
  apiUrl,
  featuredWalletIds: [],
  plugins: [eip155({ networks: [mainnet] }), walletCatalog()],
})
;(window as unknown as { modal: typeof modal }).modal = modal

createRoot(document.getElementById('root')!).render(
  <button id="connect" type="button" onClick={() => void modal.open()}>
    Connect
  </button>,
)
