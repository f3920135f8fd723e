/**
 * `vestibule/plugins/swap`: the Swap wallet feature on the provider's swap networks (eip155: 1, 42161, 10, 324,
 * 8453, 56, 137, 100, 43114, 250, 8217, 1313161554, plus the host's `swapNetworks`); elsewhere the view says
 * "Network not supported for Swaps". The user picks two tokens from the blockchain API's list (their own balances
 * on top, the suggested tokens next; search by symbol, name or pasted address) and an amount; a quote follows once
 * typing pauses, with the rate, price impact (a warning above 5 %), the minimum received at 1 % slippage and the
 * network fee. Confirming builds the approve (of the amount sold, when the allowance is short) and the swap, checks
 * them against each other and what the user chose, tries them on the network's node, and only then sends them
 * through the chain plugin's `sendTransaction`. The flow is `createSwapController` (framework-free); the view renders it.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), tokens(), swap()] })
 */
import { definePlugin, type Plugin } from 'vestibule/kernel'
import { messages } from './messages.js'
import { swapSupported } from './networks.js'
import type { SwapController } from './controller.js'

export type { SwapController, SwapForm, SwapStatus, SwapResult, QuoteState, TokensState } from './controller.js'
export type { SwapView } from './view-model.js'
export type { SwapToken } from './parse.js'

declare module 'vestibule/kernel' {
  interface Features {
    /** The Swap entry among the Account view's wallet features (default on). */
    swaps?: boolean
  }
  interface ModalOptions {
    /** Networks to offer swaps on besides the built-in ones: eip155 chain ids (`31337`) or CAIP-2 ids. */
    swapNetworks?: readonly (number | string)[]
  }
  interface VestibuleEvents {
    /** A reviewed swap was confirmed: its network, tokens and amounts (base units as decimal strings). */
    'swap:initiated': Record<string, unknown>
    'swap:success': Record<string, unknown>
    'swap:error': Record<string, unknown>
  }
}

export interface SwapApi {
  /** Chain ids the host added with `swapNetworks`. */
  readonly extraNetworks: readonly (number | string)[]
  /**
   * A swap flow without a view (the Swap view's controller, loaded on first call): the host renders its `$view`
   * and `$form`, forwards input to `pick`, `setAmount`, `review` and `confirm`, and calls `start()` while it shows
   * the form (the returned function stops it).
   */
  createController(): Promise<SwapController>
}

const isNetworkId = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^eip155:\d{1,20}$/.test(v))

/** Adds the Swap view and its entry among the Account view's wallet features (`features.swaps`). */
export function swap(): Plugin<SwapApi> {
  return definePlugin({
    name: 'swap',
    features: { swaps: true },
    options: {
      swapNetworks: {
        check: (v) => (Array.isArray(v) && v.every(isNetworkId) ? undefined : 'must be a list of eip155 chain ids or CAIP-2 ids'),
        default: [],
      },
    },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const extraNetworks = [...ctx.options.swapNetworks]
      ctx.views.register('Swap', { title: 'swap.title', load: () => import('./Swap.js') })
      // Second of the wallet features by default: after on-ramp (10), before receive (30) and send (40).
      // Offered only on a swap network: elsewhere it could only say "Network not supported".
      ctx.slots.add('account.features', {
        id: 'swaps',
        label: 'swap.feature',
        icon: '⇄',
        view: 'Swap',
        feature: 'swaps',
        order: 20,
        available: ({ network }) => swapSupported(network, extraNetworks),
      })
      return {
        extraNetworks,
        createController: () =>
          Promise.all([import('./controller.js'), import('./wiring.js')]).then(([{ createSwapController }, { viewSwapDeps }]) =>
            createSwapController(viewSwapDeps(ctx, { extraNetworks })),
          ),
      }
    },
  })
}
