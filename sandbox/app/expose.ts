/**
 * Hands the page's modal to the browser tests: `window.modal` (the host's handle) and `window.modalKernel`, the
 * kernel behind it, which tests read and drive directly (the package exports no way to it).
 */
import type { Modal } from 'vestibule'
import { kernelOf } from '../../kernel/kernel-of.js'

export function expose(modal: Modal): void {
  Object.assign(window, { modal, modalKernel: kernelOf(modal) })
}
