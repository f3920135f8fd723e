/** English texts of the catalog plugin, the source every translation beside this file follows. */
import { messages, viewMessages } from '../messages.js'

export default { ...messages, ...viewMessages }
