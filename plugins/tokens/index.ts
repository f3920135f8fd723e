/**
 * `vestibule/plugins/tokens`: the connected account's token balances. Provides the balances service
 * (`Capabilities.Balances`, which send and swap use) and the Account view's Tokens tab.
 *
 * Balances come from the blockchain API (`/v1/account/{address}/balance`, eip155 and solana); when it cannot
 * answer or does not support the network, they are read on chain: the native balance plus the tokens the host
 * lists in the `tokens` option for that network, in one batched call. Cached 30 s; after a failure the next try
 * waits 30 s, and the tab shows "Token Balance Unavailable".
 *
 * @example
 * createModal({ projectId, tokens: { 'eip155:1': { address: '0xdAC17F958D2ee523a2206206994597C13D831ec7' } }, plugins: [eip155({ networks: [mainnet] }), tokens()] })
 */
import { map } from 'nanostores'
import { Capabilities, lazyOnce, type BalancesService, type BalancesSnapshot, type Plugin } from 'vestibule/kernel'
import type { BalancesController } from './balances.js'
import { messages } from './messages.js'
import { normalizeTokens, tokensProblem } from './option.js'

export type { TokensOption } from './option.js'

declare module 'vestibule/kernel' {
  interface ModalOptions {
    /** Tokens whose balances are read on chain, per CAIP-2 network id (`{ 'eip155:1': { address } }`). */
    tokens?: Record<string, unknown>
  }
}

/** Adds the balances service and the Tokens tab (first of the Account view's tabs). */
export function tokens(): Plugin<BalancesService> {
  return {
    name: 'tokens',
    options: { tokens: { check: tokensProblem } },
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      const $balances = map<BalancesSnapshot>({ status: 'idle', tokens: [] })
      const load = lazyOnce(
        (): Promise<BalancesController> =>
          import('./balances.js').then((m) => m.createController(ctx, $balances, normalizeTokens(ctx.options.tokens))),
      )
      const service: BalancesService = { $balances, refresh: (options) => load().then((c) => c.refresh(options)) }
      ctx.services.provide(Capabilities.Balances, service)
      ctx.slots.add('account.tabs', { id: 'tokens', label: 'tokens.tab', order: 0, load: () => import('./TokensTab.js') })

      // Balances are read while someone can see them: on open, and on a change while the modal is open.
      const refresh = () => void service.refresh().catch(() => undefined)
      const whileOpen = () => {
        if (ctx.state.$modal.get().open) refresh()
      }
      ctx.onOpen(({ connected }) => {
        if (connected) refresh()
      })
      ctx.events.on('account:change', whileOpen)
      ctx.events.on('network:change', whileOpen)
      // After a transaction the modal sent, the balances are read again at once (the cache would hide the change).
      ctx.events.on(
        'transaction',
        () =>
          void load.started()?.then(
            (c) => c.refresh({ force: true }),
            () => undefined,
          ),
      )
      // A disconnect clears what was shown; if another family is still connected, its account is now the one shown.
      const afterDisconnect = (c: BalancesController) => {
        c.clear()
        whileOpen()
      }
      ctx.events.on('disconnect', () => void load.started()?.then(afterDisconnect, () => undefined))
      return service
    },
  }
}
