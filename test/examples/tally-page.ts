/** The page of the Tally browser test: the modal with the example family, Send, Receive and sign-in, and the wallet. */
import { createModal } from 'vestibule'
import { receive } from 'vestibule/plugins/receive'
import { send } from 'vestibule/plugins/send'
import { siwx } from 'vestibule/plugins/siwx'
import { defineNetwork, tally } from '../../examples/tally/index.js'
import { createTallyWallet } from './tally-wallet.js'

const config = (window as unknown as { __PAGE__: { rpcUrl: string; apiUrl: string; privateKey: JsonWebKey } }).__PAGE__
const network = defineNetwork({ reference: 'local', name: 'Tally Local', rpcUrl: config.rpcUrl })
const modal = createModal({
  projectId: 'tally-test',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  siwx: { statement: 'Sign in to the Tally page' },
  plugins: [tally({ networks: [network] }), send(), receive(), siwx()],
})
;(window as unknown as { modal: typeof modal }).modal = modal

// The wallet registers itself the Wallet Standard way, as an extension's content script would.
void createTallyWallet({ privateKey: config.privateKey, chains: ['tally:local'] }).then(({ wallet }) => {
  const register = (api: { register(w: unknown): void }) => api.register(wallet)
  window.addEventListener('wallet-standard:app-ready', (event) => register((event as CustomEvent).detail))
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
})

const open = document.createElement('button')
open.dataset.testid = 'open-modal'
open.textContent = 'Connect wallet'
open.addEventListener('click', () => void modal.open())
document.body.append(open)
