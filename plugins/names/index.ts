/**
 * `vestibule/plugins/names`: name registration under the provider's zone (`alice.reown.id`).
 *
 * An account signed in through the embedded wallet (the auth connector) on an EVM network finds a Name entry
 * among its wallet features. RegisterAccountName takes a label (letters, digits or hyphens, at least 4; kept
 * lower-case; never one reading as an address), shows the zone's suggestions from `/v1/profile/suggestions/{label}?zone=` (asked once typing rests
 * 300 ms, an answer for an older input never shown) and whether the name is free; registering signs a message
 * (JSON: name, address, attributes, timestamp in Unix seconds) and posts it to `/v1/profile/account` with the
 * network's coin type (`chainIdToCoinType`). Success shows RegisterAccountNameSuccess and tells the names
 * capability (`Capabilities.Names`, e.g. the identity plugin) to forget what it cached, so Account shows the new
 * name and Send resolves it; a failure stays on the form with the API's reason.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), auth(), identity(), names({ zone: 'reown.id' })] })
 */
import { lazyOnce, type Plugin } from 'vestibule/kernel'
import type { RegisterController } from './controller.js'
import { messages } from './messages.js'
import { eligibleAccount, ZONE_RULE } from './rules.js'

export { chainIdToCoinType, INVALID_CHAIN_ID, LABEL_RULE } from './rules.js'
export type { RegisterController, RegisterState } from './controller.js'

/** The provider's name zone when the host names none. */
export const DEFAULT_ZONE = 'reown.id'

/** The views of the plugin. */
export const NamesViews = { register: 'RegisterAccountName', success: 'RegisterAccountNameSuccess' } as const

/** What `modal.getPlugin('names')` returns. */
export interface NamesApi {
  /** The zone names are registered under. */
  readonly zone: string
  /** Whether the active account may register a name now (auth connector, active EVM network, address). */
  eligible(): boolean
  /** The registration form's controller (one per modal, loaded on first call). */
  controller(): Promise<RegisterController>
}

declare module 'vestibule/kernel' {
  interface PluginApis {
    names: NamesApi
  }
}

/** Adds name registration for accounts of the embedded wallet. */
export function names(options: { zone?: string } = {}): Plugin<NamesApi> {
  const zone = options.zone ?? DEFAULT_ZONE
  if (typeof zone !== 'string' || !ZONE_RULE.test(zone))
    throw new Error(`names(): zone must be a lower-case domain such as "${DEFAULT_ZONE}"`)
  return {
    name: 'names',
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const eligible = () => {
        const { namespace, caipNetwork } = ctx.state.$snapshot.get()
        const account = namespace ? ctx.state.$chains.get()[namespace]?.accountState : undefined
        return eligibleAccount({ ...account, namespace: caipNetwork?.chainNamespace, chainId: caipNetwork?.id })
      }
      const load = lazyOnce((): Promise<RegisterController> => import('./wiring.js').then((m) => m.wireController(ctx, zone, eligible)))
      ctx.views.register(NamesViews.register, {
        title: 'names.title',
        requiresAccount: true,
        load: () => import('./views/RegisterAccountName.js'),
      })
      ctx.views.register(NamesViews.success, {
        title: 'names.successTitle',
        requiresAccount: true,
        load: () => import('./views/RegisterAccountNameSuccess.js'),
      })
      ctx.slots.add('account.features', {
        id: 'names',
        label: 'names.feature',
        icon: '@',
        view: NamesViews.register,
        order: 50,
        when: eligible,
      })
      // Another account or none: what was typed is not theirs.
      const reset = () => void load.started()?.then((c) => c.reset())
      ctx.events.on('disconnect', reset)
      ctx.events.on('account:change', reset)
      return { zone, eligible, controller: load }
    },
  }
}
