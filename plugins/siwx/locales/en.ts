/** English texts of the sign-in plugin, the source every translation beside this file follows. */
import { messages } from '../texts.js'
import { titles } from '../titles.js'

export default { ...titles, ...messages }
