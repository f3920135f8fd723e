/**
 * The sandbox's page for an embedded modal (`/embedded`): the modal lives inline in the page's wallet section
 * (`enableEmbedded` with a `container`), between two ordinary controls of the page.
 */
import { createModal } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { expose } from './expose.js'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const root = document.getElementById('root')!
root.innerHTML = `
  <h1>Embedded wallet section</h1>
  <button id="before" type="button">Before the wallet section</button>
  <section id="wallet-slot" aria-label="Wallet"></section>
  <button id="after" type="button">After the wallet section</button>
  <p>Clicks on the page: <output id="clicks">0</output></p>`
let clicks = 0
for (const id of ['before', 'after'])
  document.getElementById(id)!.addEventListener('click', () => (document.getElementById('clicks')!.textContent = String(++clicks)))

const modal = createModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Embedded sandbox', url: location.origin },
  storagePrefix: 'embedded',
  enableEmbedded: true,
  container: '#wallet-slot',
  plugins: [eip155({ networks: [localChain] })],
})
expose(modal)
void modal.open()
