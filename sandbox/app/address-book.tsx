/** The sandbox's page for the address-book example (`/address-book`): the modal with one local chain and the plugin. */
import { createModal } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { addressBook } from '../../examples/address-book/index.js'
import { expose } from './expose.js'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const modal = createModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Vestibule Address Book', url: location.origin },
  addressBookLimit: 5,
  plugins: [eip155({ networks: [localChain] }), addressBook()],
})
expose(modal)

const open = document.createElement('button')
open.type = 'button'
open.dataset.testid = 'open-modal'
open.textContent = 'Connect wallet'
open.addEventListener('click', () => void modal.open())
document.getElementById('root')!.append(open)
