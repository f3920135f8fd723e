// A React host with no plugins: the cost of the kernel and the shell alone.
import { createRoot } from 'react-dom/client'
import { createModal } from 'vestibule'

const modal = createModal({ projectId: 'bench', plugins: [] })

createRoot(document.getElementById('root')!).render(
  <button id="connect" type="button" onClick={() => void modal.open()}>
    Connect
  </button>,
)
