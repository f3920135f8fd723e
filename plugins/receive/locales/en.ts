/** English texts of the receive plugin, the source every translation beside this file follows. */
export { messages as default } from '../messages.js'
