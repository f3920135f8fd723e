/**
 * The account type the embedded wallet's user prefers per namespace (eip155: eoa or smartAccount): kept in the
 * plugin's storage, written into the connected account as `preferredAccountType`, announced as `account:type`.
 * A connection of the embedded wallet starts on the stored type, else the host's `defaultAccountTypes`, else the
 * chain plugin's default.
 */
import type { ChainNamespace, PluginContext } from 'vestibule/kernel'
import { ID_AUTH } from './state.js'

const TYPES_KEY = 'preferredAccountTypes'
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const TYPE = /^[A-Za-z]{1,32}$/

/** The stored types by namespace: own keys that are namespaces, values that are type names; the rest is left out. */
function storedTypes(ctx: Pick<PluginContext, 'storage'>): Record<string, string> {
  const value = ctx.storage.get<unknown>(TYPES_KEY)
  const record = Object.create(null) as Record<string, string>
  if (!value || typeof value !== 'object' || Array.isArray(value)) return record
  for (const [key, type] of Object.entries(value)) if (NAMESPACE.test(key) && typeof type === 'string' && TYPE.test(type)) record[key] = type
  return record
}

export function createAccountTypes(ctx: PluginContext) {
  /** The embedded wallet's connected account of `namespace`, when it is the one connected there. */
  const connected = (namespace: ChainNamespace) => {
    const account = ctx.state.$chains.get()[namespace]?.accountState
    return account?.connectorId === ID_AUTH && account.status !== 'disconnected' ? account : undefined
  }
  const write = (namespace: ChainNamespace, type: string) => {
    const account = connected(namespace)
    if (account) ctx.connection.setAccountFields(namespace, { preferredAccountType: type, ...(account.address ? { allAccounts: [{ address: account.address, type }] } : {}) })
  }
  // A connection of the embedded wallet (a login or a reload) starts on the preferred type.
  ctx.events.on('connect:success', ({ namespace, connectorId }) => {
    if (connectorId !== ID_AUTH) return
    const type = storedTypes(ctx)[namespace] ?? ctx.options.defaultAccountTypes?.[namespace] ?? ctx.chains.get(namespace)?.defaultAccountType
    if (type) write(namespace, type)
  })
  return {
    /** Sets the type the user prefers for `namespace`; stored, and applied to the embedded wallet's account there. */
    setPreferredAccountType(namespace: ChainNamespace, type: string) {
      ctx.storage.set(TYPES_KEY, { ...storedTypes(ctx), [namespace]: type })
      write(namespace, type)
      ctx.events.emit('account:type', { namespace, type })
    },
  }
}
