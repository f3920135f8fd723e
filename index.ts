/**
 * `vestibule`: `createModal` is the kernel plus the React shell (loaded on the first `open()`). This module wires
 * the two with the hints naming the first-party plugin a host must add for an option it uses
 * ("`featuredWalletIds` needs walletCatalog() from vestibule/plugins/catalog"). Hints are data: no plugin loads.
 */
import type { Modal, ModalOptions } from './kernel/index.js'
import { OPTION_OWNERS } from './plugins/option-owners.js'
import { createModal as createShellModal } from './ui/index.js'

export * from './ui/index.js'

/**
 * Creates a modal. Nothing touches the DOM, storage or network until the idle preload (code and wallet discovery;
 * see the `preload` option) or `open()`.
 *
 * @example
 * const modal = createModal({ projectId, plugins: [eip155({ networks: [mainnet] })] })
 * button.onclick = () => modal.open()
 */
export function createModal(options: ModalOptions): Modal {
  return createShellModal(options, { optionOwners: OPTION_OWNERS })
}
