/**
 * What the shell and its views all use, in one module the shell loader fetches in parallel with the shell and
 * the first view: a host bundler splits shared modules into their own chunks, and without this they would be
 * discovered only after the shell's chunk arrived, one more round trip before the wallet list shows.
 */
export { useStore, WalletImage, SlotIcon } from '../kit/index.js'
