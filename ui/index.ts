/**
 * The kernel plus the React shell, which loads on the first `open()`. The package's main entry (`vestibule`) adds
 * the hints naming the first-party plugin that owns an option.
 */
import { createKernel, lazyOnce, type Modal, type ModalOptions } from '../kernel/index.js'
import { kernelOf } from '../kernel/kernel-of.js'
import { schedulePreload } from './preload.js'
import { warmText } from './warm-text.js'
import type { KernelExtras } from '../kernel/kernel.js'
import type { ViewDefinition } from '../kernel/views.js'

export * from '../kernel/index.js'
export type { ViewProps, TabProps } from './view-props.js'

/** The views the shell itself contributes; plugins add theirs with `ctx.views.register`. */
const coreViews: Record<string, ViewDefinition> = {
  Connect: { title: 'connect.title', load: () => import('./views/Connect.js') },
  ConnectingExternal: { title: 'connecting.title', load: () => import('./views/ConnectingExternal.js') },
  // A wallet announced to several chain families: headed with its name from the first frame.
  ConnectingMultiChain: {
    title: (data) => (data as { name?: string } | undefined)?.name,
    load: () => import('./views/ConnectingMultiChain.js'),
  },
  Account: { title: 'account.title', load: () => import('./views/Account.js') },
  // Every host with a chain plugin needs these two: the kernel shows UnsupportedChain by its network rule, and the
  // Account view's network control opens Networks. Both are lazy chunks; a host pays only these two lines.
  Networks: { title: 'networks.title', load: () => import('./views/Networks.js') },
  UnsupportedChain: { title: 'unsupported.title', load: () => import('./views/UnsupportedChain.js') },
}

/** The shell's code, imported once (again after a failure). */
const shellCode = lazyOnce(() => Promise.all([import('./shell/mount.js'), import('./shell/shared.js')]))

/**
 * Creates a modal; `hints.optionOwners` names the plugin a host must add for an option it owns. Nothing touches the DOM, storage or network until the idle preload (code and wallet discovery;
 * see the `preload` option) or `open()`.
 *
 * @example
 * const modal = createModal({ projectId, plugins: [eip155({ networks: [mainnet] })] })
 * button.onclick = () => modal.open()
 */
export function createModal(options: ModalOptions, hints: Pick<KernelExtras, 'optionOwners'> = {}): Modal {
  const modal = createKernel(options, {
    views: coreViews,
    walletViews: { connector: 'ConnectingExternal', multiChain: 'ConnectingMultiChain' },
    optionOwners: hints.optionOwners,
    slots: [['connect.methods', { id: 'wallet', label: 'connect.wallets', order: 300, leadsWhenWalletShown: true }]],
    // The same modules loadShell imports: fetched ahead, they are already here when the user clicks.
    // Then the first view is rehearsed (rendered once, off the page, and thrown away) so the click finds its code
    // compiled.
    preloadShell: (modal, first) =>
      shellCode().then(async ([mount]) => {
        mount.warmUp(modal)
        const load = first ? kernelOf(modal).views.get(first)?.load : undefined
        // A failed load is the preload's to report; without the view there is nothing to rehearse.
        if (
          load &&
          (await load().then(
            () => true,
            () => false,
          )) &&
          !modal.isOpen()
        )
          await mount.rehearse(modal, first!)
      }),
    fetchShell(modal) {
      let arrived = false
      const code = shellCode().finally(() => (arrived = true))
      // The text's faces are looked up while the code downloads, starting after this click's task so that all of
      // its requests go out first, and no longer than until the code is here (the shell mounts then).
      setTimeout(() => warmText(modal, () => arrived || !modal.isOpen()))
      return code
    },
    async loadShell(modal) {
      // The shell and the first view download in parallel; the shell renders the view once both are here. Loads
      // are shared, so code the preload fetched is handed over within the click's task.
      const first = kernelOf(modal).router.current?.view
      const [[{ mountShell }]] = await Promise.all([
        shellCode(),
        first
          ? kernelOf(modal)
              .views.get(first)
              ?.load()
              .catch(() => undefined)
          : undefined,
      ])
      return mountShell(modal)
    },
  })
  // The code of the first open arrives ahead: when the page is idle (default) or on the user's intent.
  const cancelPreload = schedulePreload(kernelOf(modal).options.preload ?? 'idle', () => void modal.preload())
  const destroy = modal.destroy
  modal.destroy = () => {
    cancelPreload()
    destroy()
  }
  return modal
}
