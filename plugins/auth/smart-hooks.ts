/**
 * The eager part of smart accounts: the kernel's account events handed to the session code (only once it is
 * loaded), the Account view's account type row and the smart sessions view, both loaded on first display.
 */
import type { PluginContext } from 'vestibule/kernel'
import type { AuthClient } from './client.js'
import { AuthViews, ID_AUTH } from './state.js'

declare module 'vestibule/kernel' {
  interface Features {
    /** The smart account's sessions (permissions it granted) listed in Account and revocable (default off). */
    smartSessions?: boolean
  }
}

/**
 * The smart account hooks; returns `setPreferredAccountType`, which announces the choice (`account:type`). The
 * account type in use is the embedded wallet's account field `preferredAccountType`, which the session code
 * writes at a connection and on a choice (see smart-account.ts); before any login the choice is stored here.
 */
export function smartAccountHooks(ctx: PluginContext, client: () => Promise<AuthClient> | undefined) {
  const onEip155 = (namespace: string, job: (c: AuthClient) => unknown) =>
    namespace === 'eip155' && void client()?.then(job).catch((error: unknown) => ctx.events.emit('error', { source: 'auth', error }))
  // A type chosen before any login is the plugin's to remember for the next one.
  ctx.events.on('account:type', ({ namespace, type }) => (client() ? onEip155(namespace, (c) => c.smart.setType(type)) : namespace === 'eip155' && ctx.storage.set('accountType', type)))
  ctx.events.on('connect:success', ({ namespace, connectorId }) => connectorId === ID_AUTH && onEip155(namespace, (c) => c.smart.connected()))
  ctx.events.on('transaction', ({ namespace }) => onEip155(namespace, (c) => c.smart.refreshDeployed()))
  ctx.events.on('network:change', ({ namespace }) => onEip155(namespace, (c) => c.smart.refreshDeployed()))
  ctx.slots.add('account.settings', { id: 'accountType', label: 'auth.accountType', load: () => import('./views/AccountType.js') })
  ctx.views.register(AuthViews.smartSessions, { title: 'auth.smartSessions', load: () => import('./views/SmartSessions.js') })
  return (namespace: string, type: string) => ctx.events.emit('account:type', { namespace, type })
}
