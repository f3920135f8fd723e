/** English texts of the WalletConnect plugin, the source every translation beside this file follows. */
export { messages as default } from '../messages.js'
