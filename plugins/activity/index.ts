/**
 * `vestibule/plugins/activity`: the Account view's Activity tab. The account's transactions from the blockchain
 * API's history, page by page, grouped by month; spam and other networks' transactions left out. Shown for chain
 * families whose plugin declares the `history` capability (eip155), gated by `features.history`.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), activity()] })
 */
import { map, type MapStore } from 'nanostores'
import { lazyOnce, type Plugin } from 'vestibule/kernel'
import type { ActivityController, ActivityState } from './history.js'
import { messages } from './messages.js'

declare module 'vestibule/kernel' {
  interface Features {
    /** The Activity tab of the Account view (default on). */
    history?: boolean
  }
}

export interface ActivityApi {
  readonly $activity: MapStore<ActivityState>
  /** The working part (loaded on first use). */
  controller(): Promise<ActivityController>
}

/** Adds the Activity tab (after Tokens and NFTs). */
export function activity(): Plugin<ActivityApi> {
  return {
    name: 'activity',
    features: { history: true },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const $activity = map<ActivityState>({ status: 'idle', transactions: [], empty: false })
      const controller = lazyOnce((): Promise<ActivityController> => import('./history.js').then((m) => m.createController(ctx, $activity)))
      ctx.slots.add('account.tabs', {
        id: 'activity',
        label: 'activity.tab',
        order: 20,
        feature: 'history',
        load: () => import('./ActivityTab.js'),
      })
      // Another account or network, or none: the list shown no longer applies (the tab loads it again when shown).
      const clear = () =>
        void controller.started()?.then(
          (c) => c.clear(),
          () => undefined,
        )
      ctx.events.on('disconnect', clear)
      ctx.events.on('account:change', clear)
      ctx.events.on('network:change', clear)
      // A transaction the modal sent shows up: the list is read again if it was loaded, until it holds it.
      ctx.events.on(
        'transaction',
        ({ id }) =>
          void controller.started()?.then(
            (c) => c.load({ force: true, awaiting: id }),
            () => undefined,
          ),
      )
      return { $activity, controller }
    },
  }
}
