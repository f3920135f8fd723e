/**
 * The eager part of smart accounts: the type chosen before any login, remembered for the next one, the Account
 * view's account type row and the smart sessions view, both loaded on first display. The session code follows the
 * kernel's account events itself once it is loaded (see client.ts).
 */
import type { PluginContext } from 'vestibule/kernel'
import { AuthViews } from './state.js'

declare module 'vestibule/kernel' {
  interface Features {
    /** The smart account's sessions (permissions it granted) listed in Account and revocable (default off). */
    smartSessions?: boolean
  }
}

/**
 * The smart account hooks; returns `setPreferredAccountType`, which announces the choice (`account:type`). The
 * account type in use is the embedded wallet's account field `preferredAccountType`, which the session code
 * writes at a connection and on a choice (see smart-account.ts); the choice is also the plugin's to remember for
 * the next login (the session code reads only a valid type back).
 */
export function smartAccountHooks(ctx: PluginContext) {
  ctx.events.on('account:type', ({ namespace, type }) => namespace === 'eip155' && ctx.storage.set('accountType', type))
  ctx.slots.add('account.settings', { id: 'accountType', label: 'auth.accountType', load: () => import('./views/AccountType.js') })
  ctx.views.register(AuthViews.smartSessions, { title: 'auth.smartSessions', load: () => import('./views/SmartSessions.js') })
  return (namespace: string, type: string) => ctx.events.emit('account:type', { namespace, type })
}
