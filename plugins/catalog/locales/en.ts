/** English texts of the catalog plugin, the source every translation beside this file follows. */
import { messages } from '../index.js'
import { messages as viewMessages } from '../views/AllWallets.js'

export default { ...messages, ...viewMessages }
