/**
 * The sandbox's page for hosts that run more than one modal (`/lifecycle`): two modals side by side, each with its
 * own storage prefix and theme, and a button that destroys the first. Nothing is shared between them but the page.
 * `/lifecycle?bare` creates no modal at load: `window.makeModal(name, storagePrefix, themeMode, full)` creates one
 * later (`full`: with the catalog and the account's feature plugins too), for measuring what a modal adds to a page
 * and whether destroy() takes all of it away.
 */
import { createModal } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { activity } from 'vestibule/plugins/activity'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { identity } from 'vestibule/plugins/identity'
import { names } from 'vestibule/plugins/names'
import { nfts } from 'vestibule/plugins/nfts'
import { onramp } from 'vestibule/plugins/onramp'
import { receive } from 'vestibule/plugins/receive'
import { send } from 'vestibule/plugins/send'
import { swap } from 'vestibule/plugins/swap'
import { tokens } from 'vestibule/plugins/tokens'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string } }).__SANDBOX__
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const features = () => [
  walletCatalog(),
  onramp(),
  receive(),
  tokens(),
  send(),
  swap(),
  nfts(),
  activity(),
  identity(),
  names({ zone: 'sandbox.id' }),
]
const make = (name: string, storagePrefix: string, themeMode: 'light' | 'dark', full = false) =>
  createModal({
    projectId: 'sandbox',
    apiUrl: config.apiUrl,
    blockchainApiUrl: config.apiUrl,
    metadata: { name, url: location.origin },
    storagePrefix,
    themeMode,
    preload: 'none',
    ...(full ? { swapNetworks: [31337] } : {}),
    plugins: [eip155({ networks: [localChain] }), ...(full ? features() : [])],
  })

const bare = new URLSearchParams(location.search).has('bare')
const modals = bare
  ? ({} as Record<'first' | 'second', ReturnType<typeof make>>)
  : { first: make('First modal', 'first', 'dark'), second: make('Second modal', 'second', 'light') }
;(window as unknown as { modals: typeof modals }).modals = modals
;(window as unknown as { makeModal: typeof make }).makeModal = make

const root = document.getElementById('root')!
const button = (id: string, text: string, onClick: () => void) => {
  const element = document.createElement('button')
  element.id = id
  element.textContent = text
  element.addEventListener('click', onClick)
  root.append(element, ' ')
}
button('open-first', 'Open the first modal', () => void modals.first.open())
button('open-second', 'Open the second modal', () => void modals.second.open())
button('destroy-first', 'Destroy the first modal', () => modals.first.destroy())
