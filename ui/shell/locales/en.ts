/** English texts of the shell, the source every translation beside this file follows. */
export { shellMessages as default } from '../messages.js'
