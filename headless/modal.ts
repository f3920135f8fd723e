/**
 * A modal without its shell: the kernel and the plugins, with no view code behind `open()`. The host draws its own
 * UI from the modal's state and the headless functions; `open()` and `close()` only start and end a session (the
 * plugins' per-open work, such as fetching the wallet catalog), nothing is mounted.
 */
import { createKernel, type Modal, type ModalOptions } from 'vestibule/kernel'
import { OPTION_OWNERS } from '../plugins/option-owners.js'

/**
 * Creates a modal whose `open()` mounts nothing: no shell or view code is ever requested.
 *
 * @example
 * const modal = createHeadlessModal({ projectId, plugins: [eip155({ networks: [mainnet] }), walletCatalog()] })
 * const list = walletList(modal)
 * await list.load()
 */
export function createHeadlessModal(options: ModalOptions): Modal {
  return createKernel(options, { optionOwners: OPTION_OWNERS })
}

/** The API plugin `name` returned, or undefined when the host did not register it. */
export function pluginApi<T>(modal: Modal, name: string): T | undefined {
  try {
    return modal.getPlugin(name) as T
  } catch {
    return undefined
  }
}
