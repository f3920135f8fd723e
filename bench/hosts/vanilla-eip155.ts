// A host without React: React arrives with the shell, on the first click.
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'

const modal = createModal({ projectId: 'bench', plugins: [eip155({ networks: [mainnet] })] })

const button = document.createElement('button')
button.id = 'connect'
button.type = 'button'
button.textContent = 'Connect'
button.onclick = () => void modal.open()
document.getElementById('root')!.append(button)
