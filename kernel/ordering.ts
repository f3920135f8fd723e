/**
 * Ordering defaults, as pure functions over what plugins put into slots. Configured order first,
 * the remaining defaults appended in default order, unknown entries dropped.
 */

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export const CONNECTOR_TYPES = ['walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended'] as const
export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const

export type ConnectMethod = (typeof CONNECT_METHODS)[number]
export type ConnectorTypeSection = (typeof CONNECTOR_TYPES)[number]
export type WalletFeature = (typeof WALLET_FEATURES)[number]

/** `configured` entries that are known, without repeats, then the rest of `defaults` in their order. */
export function orderWith<T extends string>(defaults: readonly T[], configured?: readonly string[]): T[] {
  const known = new Set<string>(defaults)
  const head = [...new Set((configured ?? []).filter((entry) => known.has(entry)))] as T[]
  return [...head, ...defaults.filter((entry) => !head.includes(entry))]
}

/**
 * Connect methods: email, social, wallet — or wallet first when an injected or announced wallet is shown —
 * unless the host configured `connectMethodsOrder`.
 */
export function orderConnectMethods(options: { configured?: readonly string[]; walletShown: boolean }): ConnectMethod[] {
  if (options.configured?.length) return orderWith(CONNECT_METHODS, options.configured)
  return options.walletShown ? ['wallet', 'email', 'social'] : [...CONNECT_METHODS]
}

/** Connector type sections of the Connect view (`features.connectorTypeOrder`). */
export function orderConnectorTypes(configured?: readonly string[]): ConnectorTypeSection[] {
  return orderWith(CONNECTOR_TYPES, configured)
}

/** Wallet features of the Account view (`features.walletFeaturesOrder`). */
export function orderWalletFeatures(configured?: readonly string[]): WalletFeature[] {
  return orderWith(WALLET_FEATURES, configured)
}
