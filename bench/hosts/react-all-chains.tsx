// A React 19 host with all four chain families (issue 5's budget: ≤ 100 KB gzip of JS before the first click).
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'
import { bip122, bitcoin } from 'vestibule/chains/bip122'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { polkadot, polkadotMainnet } from 'vestibule/chains/polkadot'
import { solana, solanaMainnet } from 'vestibule/chains/solana'

const modal = createModal({
  projectId: 'bench',
  plugins: [
    eip155({ networks: [mainnet] }),
    solana({ networks: [solanaMainnet] }),
    polkadot({ networks: [polkadotMainnet] }),
    bip122({ networks: [bitcoin] }),
  ],
})

createRoot(document.getElementById('root')!).render(
  <button id="connect" type="button" onClick={() => void modal.open()}>
    Connect
  </button>,
)
