/** English texts of the swap plugin, the source every translation beside this file follows. */
import { checkMessages } from '../check-messages.js'
import { messages } from '../messages.js'

export default { ...messages, ...checkMessages }
