/**
 * `vestibule/plugins/receive`: the Receive wallet feature. The connected address with a copy button, a QR code of
 * a payment URI for its chain (EIP-681, Solana Pay, BIP-21) and the networks that can send to it.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), receive()] })
 */
import type { Plugin } from 'vestibule/kernel'
import { messages } from './messages.js'

export { paymentUri } from './uri.js'

declare module 'vestibule/kernel' {
  interface Features {
    /** The Receive entry among the Account view's wallet features (default on). */
    receive?: boolean
  }
}

/** Adds the Receive view and its entry among the Account view's wallet features (`features.receive`). */
export function receive(): Plugin {
  return {
    name: 'receive',
    features: { receive: true },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      ctx.views.register('Receive', { title: 'receive.title', load: () => import('./Receive.js') })
      // Third of the wallet features by default: after on-ramp (10) and swaps (20), before send (40).
      ctx.slots.add('account.features', {
        id: 'receive',
        label: 'receive.feature',
        icon: '↓',
        view: 'Receive',
        feature: 'receive',
        order: 30,
      })
    },
  }
}
