/**
 * `vestibule/plugins/onramp`: the Buy wallet feature, buying crypto with fiat through an on-ramp provider. The user
 * types a fiat amount, picks the payment currency and method (limits from the blockchain API's on-ramp options,
 * else the built-in USD and EUR limits), sees a quote, and chooses one of two providers; the amount is checked
 * against the limits before the provider's page opens in a new tab (`noopener`, https only), Coinbase's with the
 * quote's crypto amount preset beside the fiat amount. The chosen currency and the asset show the provider API's
 * currency and token images (the initial when none loads). Purchases the provider credited are listed from the
 * account's on-ramp history. Available on eip155 and solana accounts.
 * The flow is `createOnrampController` (framework-free); the view renders it.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), tokens(), onramp()] })
 */
import type { Plugin } from 'vestibule/kernel'
import { messages } from './messages.js'

/** An on-ramp provider the user can choose. */
export interface OnrampProvider {
  /** `coinbase` gets its page from the blockchain API's URL generator; others need `url`. */
  id: string
  name: string
  /** The fee range shown beside the name ("1-2%"). */
  feeRange: string
  /** The provider's widget (https); the purchase's parameters are added to its query. */
  url?: string
}

declare module 'vestibule/kernel' {
  interface Features {
    /** The Buy entry among the Account view's wallet features (default on). */
    onramp?: boolean
  }
  interface ModalOptions {
    /** The providers offered, in this order (default: Coinbase and Meld, fees 1-2%). */
    onrampProviders?: readonly OnrampProvider[]
  }
}

const text = (v: unknown) => typeof v === 'string' && v.trim() !== '' && v.length <= 64

/** Why an `onrampProviders` value is refused, or undefined. */
export function providersProblem(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.length) return 'must be a non-empty array of providers'
  for (const p of value as Partial<OnrampProvider>[]) {
    if (!p || !text(p.id) || !text(p.name) || !text(p.feeRange)) return 'each provider needs an id, a name and a feeRange'
    if (p.id !== 'coinbase' && typeof p.url !== 'string') return `provider "${p.id}" needs a url`
  }
  return undefined
}

/** Adds the Buy view and its entry among the Account view's wallet features (`features.onramp`). */
export function onramp(): Plugin {
  return {
    name: 'onramp',
    features: { onramp: true },
    options: { onrampProviders: { check: providersProblem } },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      ctx.views.register('Onramp', { title: 'onramp.title', load: () => import('./Onramp.js') })
      // First of the wallet features by default: before swaps (20), receive (30) and send (40).
      // The providers sell to EVM and Solana accounts only: elsewhere Buy is not offered.
      ctx.slots.add('account.features', {
        id: 'onramp',
        label: 'onramp.feature',
        icon: '+',
        view: 'Onramp',
        feature: 'onramp',
        order: 10,
        available: ({ namespace }) => namespace === 'eip155' || namespace === 'solana',
      })
    },
  }
}
