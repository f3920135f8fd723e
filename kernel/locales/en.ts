/** English texts of the kernel, the source every translation beside this file follows. */
export { en as default } from '../i18n.js'
