import type { PluginContext } from 'vestibule/kernel'
import { safeImageUrl, walletName } from 'vestibule/utils'
import type { PeerWallet } from './types.js'

/** What the plugin remembers of a live session, to restore it on the next page load. */
export interface StoredSession {
  namespaces: string[]
  peer: PeerWallet
}

export interface SessionStore {
  get(): StoredSession | undefined
  set(session: StoredSession): void
  clear(): void
}

/**
 * The stored session marker as the plugin may use it, or undefined: storage is untrusted, so the namespaces must
 * look like namespaces and the peer's name and icon go through the modal's name and image rules.
 */
export function readStoredSession(value: unknown): StoredSession | undefined {
  const v = value as { namespaces?: unknown; peer?: { name?: unknown; icon?: unknown } } | null
  if (typeof v !== 'object' || v === null || !Array.isArray(v.namespaces) || typeof v.peer?.name !== 'string') return undefined
  const namespaces = v.namespaces.filter((n): n is string => typeof n === 'string' && /^[-a-z0-9]{3,8}$/.test(n)).slice(0, 8)
  const icon = safeImageUrl(v.peer.icon)
  return { namespaces, peer: { name: walletName(v.peer.name, 'WalletConnect'), ...(icon ? { icon } : {}) } }
}

/** The session marker in the plugin's storage under `key`. */
export const sessionStore = (ctx: PluginContext, key: string): SessionStore => ({
  get: () => readStoredSession(ctx.storage.get<unknown>(key)),
  set: (session) => ctx.storage.set(key, session),
  clear: () => ctx.storage.remove(key),
})
