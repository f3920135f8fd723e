// A React 19 host with the quick-start composition: one chain plugin, one network.
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'

const modal = createModal({ projectId: 'bench', plugins: [eip155({ networks: [mainnet] })] })

createRoot(document.getElementById('root')!).render(
  <button id="connect" type="button" onClick={() => void modal.open()}>
    Connect
  </button>,
)
