/**
 * Ordering defaults of spec §2, as pure functions over what plugins put into slots. Configured order first,
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

/**
 * Social logins a Telegram in-app browser cannot complete (spec §5): iOS drops google, Mac drops x,
 * Android drops facebook and x. Outside Telegram the list is unchanged.
 */
export function filterSocialsForTelegram(socials: readonly string[], platform: { isTelegram(): boolean; isIos(): boolean; isMac(): boolean; isAndroid(): boolean }): string[] {
  if (!platform.isTelegram()) return [...socials]
  const blocked = new Set<string>(platform.isIos() ? ['google'] : platform.isMac() ? ['x'] : platform.isAndroid() ? ['facebook', 'x'] : [])
  return socials.filter((s) => !blocked.has(s))
}
