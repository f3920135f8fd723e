/** English texts of the auth plugin, the source every translation beside this file follows. */
import { messages } from '../messages.js'
import { smartMessages } from '../smart-messages.js'
import { titles } from '../titles.js'

export default { ...titles, ...messages, ...smartMessages }
