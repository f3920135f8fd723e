/**
 * The kernel behind a modal (its writable state, whole connection, unscoped storage and registries), for the shell
 * the package draws and the package's own tests. No public entry exports this module: a host has the `Modal`'s
 * methods, a plugin its context.
 */
import type { KernelContext, Modal } from './modal.js'

const kernels = /* @__PURE__ */ new WeakMap<Modal, KernelContext>()

/** Records `kernel` as the one behind `modal` (`createKernel` does, once). */
export const attachKernel = (modal: Modal, kernel: KernelContext) => void kernels.set(modal, kernel)

/** The kernel behind `modal` (one `createKernel` made). */
export const kernelOf = (modal: Modal): KernelContext => kernels.get(modal)!
