/**
 * `vestibule/plugins/send`: the Send wallet feature. The user picks a token (from the balances service when a
 * balances plugin is present, else the network token), an amount and a receiver checked by the chain plugin's
 * address rule; the fee is estimated and checked against the network token, a preview follows, then the wallet is
 * asked: the native token through the chain plugin's send, tokens through its `sendToken` feature (ERC-20 with or
 * without a return value). A network-token send is reviewed only once its fee is known. Chains whose plugin offers
 * no `estimateFees` chain feature show "Unsupported chain". A send the wallet accepted ends on a confirmation (amount,
 * receiver, the explorer link where the network has a block explorer); a decline is one message beside the form.
 * A view the wallet shows over Send (an embedded wallet's approval) leaves the send under way: back on Send, the
 * answer is there. Leaving Send empties the form and the send state. The flow itself is `createSendController`
 * (framework-free); the view renders it.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), tokens(), send()] })
 */
import type { MapStore } from 'nanostores'
import type { AccountToken, Plugin } from 'vestibule/kernel'
import { messages } from './messages.js'
import type { SendController } from './controller.js'

export type { SendController, SendForm, SendStatus, SentTransfer, FeeState, NameLookup } from './controller.js'
export type { SendView, Message as SendMessage } from './view-model.js'

/** The send state: what the form holds, the fee, and whether a send is under way. */
declare module 'vestibule/kernel' {
  interface Features {
    /** The Send entry among the Account view's wallet features (default on). */
    send?: boolean
  }
}

export interface SendState {
  token?: AccountToken
  sendTokenAmount?: bigint
  receiverAddress?: string
  receiverProfileImageUrl?: string
  receiverProfileName?: string
  /** The estimated fee in the network token's base units. */
  gasPrice?: bigint
  gasPriceInUSD?: number
  networkBalanceInUSD?: number
  loading: boolean
  tokenBalances: readonly AccountToken[]
}

export interface SendApi {
  readonly $send: MapStore<SendState>
  /** Empties the form (after a send, a failure, a network switch or a disconnect). */
  reset(): void
  /**
   * A send flow without a view (the Send view's controller, loaded on first call): the host renders its `$view`
   * and `$form`, and calls `start()` while it shows the form (the returned function stops it).
   */
  createController(): Promise<SendController>
}

const EMPTY: SendState = { loading: false, tokenBalances: [] }

/** Adds the Send view and its entry among the Account view's wallet features (`features.send`). */
export function send(): Plugin<SendApi> {
  return {
    name: 'send',
    features: { send: true },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const $send = ctx.slice<SendState>({ ...EMPTY })
      const reset = () => $send.set({ ...EMPTY })
      ctx.views.register('Send', { title: 'send.title', load: () => import('./Send.js') })
      // Last of the wallet features by default: after on-ramp (10), swaps (20) and receive (30).
      ctx.slots.add('account.features', { id: 'send', label: 'send.feature', icon: '↑', view: 'Send', feature: 'send', order: 40 })
      // Another network or no account: what was typed no longer applies.
      ctx.events.on('network:change', reset)
      ctx.events.on('disconnect', reset)
      const api: SendApi = {
        $send,
        reset,
        createController: () =>
          Promise.all([import('./controller.js'), import('./wiring.js')]).then(([{ createSendController }, { viewSendDeps }]) =>
            createSendController(viewSendDeps(ctx, api)),
          ),
      }
      return api
    },
  }
}
