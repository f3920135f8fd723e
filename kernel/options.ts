import { ErrorText, VestibuleError } from './errors.js'
import type { Messages } from './i18n.js'
import type { PluginInput } from './plugin.js'
import type { CaipNetworkId } from './caip.js'

export interface Metadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

export interface Features {
  swaps?: boolean
  onramp?: boolean
  receive?: boolean
  send?: boolean
  email?: boolean
  emailShowWallets?: boolean
  socials?: readonly string[] | false
  connectorTypeOrder?: readonly string[]
  history?: boolean
  analytics?: boolean
  allWallets?: boolean
  legalCheckbox?: boolean
  smartSessions?: boolean
  collapseWallets?: boolean
  walletFeaturesOrder?: readonly string[]
  connectMethodsOrder?: readonly string[]
}

/** Options a host passes to `createModal`. Unknown keys are rejected so typos surface at once. */
export interface ModalOptions {
  /** The provider project id; without it catalog and provider APIs are unavailable (an alert says so). */
  projectId?: string
  plugins?: readonly PluginInput[]
  metadata?: Metadata
  themeMode?: 'dark' | 'light'
  /** CSS variables (`--vb-*`) applied to the modal. */
  themeVariables?: Record<`--vb-${string}`, string>
  /** Network selected before the user picks one. */
  defaultNetwork?: CaipNetworkId
  features?: Features
  sdkType?: string
  sdkVersion?: string
  featuredWalletIds?: readonly string[]
  includeWalletIds?: readonly string[]
  excludeWalletIds?: readonly string[]
  customWallets?: readonly unknown[]
  tokens?: Record<string, unknown>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  siwx?: unknown
  siweConfig?: unknown
  enableWalletConnect?: boolean
  enableEIP6963?: boolean
  enableEmbedded?: boolean
  allowUnsupportedChain?: boolean
  enableNetworkSwitch?: boolean
  manualWCControl?: boolean
  defaultAccountTypes?: Record<string, string>
  /** Texts replacing the built-in ones, by message key. */
  messages?: Messages
  locale?: string
  /** Prefix of storage keys; set it when two modals on one page must not share stored state. */
  storagePrefix?: string
  /** Storage backend (Web Storage API); defaults to `localStorage`, falling back to memory. */
  storage?: Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'> | null
  /** Base URL of the provider API (wallet catalog, analytics). */
  apiUrl?: string
  /** Base URL of the provider's blockchain API (balances, history, names, swaps). */
  blockchainApiUrl?: string
  /** Element the modal is appended to; defaults to `document.body`. */
  container?: unknown
}

export const DEFAULT_SDK_VERSION = 'html-vestibule-0.1.0'
export const DEFAULT_API_URL = 'https://api.web3modal.org'

export type ResolvedOptions = Readonly<
  Omit<ModalOptions, 'plugins' | 'features'> & {
    projectId: string
    sdkType: string
    sdkVersion: string
    themeMode: 'dark' | 'light'
    apiUrl: string
    enableEIP6963: boolean
    enableNetworkSwitch: boolean
    allowUnsupportedChain: boolean
    enableWalletConnect: boolean
    features: Readonly<Required<Pick<Features, 'swaps' | 'onramp' | 'receive' | 'send' | 'email' | 'history' | 'analytics' | 'allWallets' | 'legalCheckbox' | 'smartSessions' | 'collapseWallets' | 'socials'>> & Features>
  }
>

const KNOWN = new Set<string>([
  'projectId', 'plugins', 'metadata', 'themeMode', 'themeVariables', 'defaultNetwork', 'features', 'sdkType',
  'sdkVersion', 'featuredWalletIds', 'includeWalletIds', 'excludeWalletIds', 'customWallets', 'tokens',
  'termsConditionsUrl', 'privacyPolicyUrl', 'siwx', 'siweConfig', 'enableWalletConnect', 'enableEIP6963',
  'enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch', 'manualWCControl', 'defaultAccountTypes',
  'messages', 'locale', 'storagePrefix', 'storage', 'apiUrl', 'blockchainApiUrl', 'container',
])

const BOOLEAN_OPTIONS = ['enableWalletConnect', 'enableEIP6963', 'enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch', 'manualWCControl'] as const
const STRING_OPTIONS = ['projectId', 'sdkType', 'sdkVersion', 'locale', 'storagePrefix'] as const
const STRING_LIST_OPTIONS = ['featuredWalletIds', 'includeWalletIds', 'excludeWalletIds'] as const
const URL_OPTIONS = ['termsConditionsUrl', 'privacyPolicyUrl', 'apiUrl', 'blockchainApiUrl'] as const

const BOOLEAN_FEATURES = ['swaps', 'onramp', 'receive', 'send', 'email', 'emailShowWallets', 'history', 'analytics', 'allWallets', 'legalCheckbox', 'smartSessions', 'collapseWallets'] as const
const LIST_FEATURES = ['connectorTypeOrder', 'walletFeaturesOrder', 'connectMethodsOrder'] as const
/** Spec §9 default social logins. */
export const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

const fail = (message: string): never => {
  throw new VestibuleError('INVALID_OPTIONS', message)
}
const isStringList = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string')
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The host's features without the names this version does not know. */
function knownFeatures(features: Features | undefined): Features {
  const known = new Set<string>([...BOOLEAN_FEATURES, ...LIST_FEATURES, 'socials'])
  return Object.fromEntries(Object.entries(features ?? {}).filter(([name]) => known.has(name))) as Features
}

/** Unknown feature names are ignored with one warning each, so a newer host config keeps working. */
function checkFeatures(features: unknown, warn: (message: string) => void) {
  if (features === undefined) return
  if (!isPlainObject(features)) fail('`features` must be an object')
  const known = new Set<string>([...BOOLEAN_FEATURES, ...LIST_FEATURES, 'socials'])
  for (const [name, value] of Object.entries(features as Record<string, unknown>)) {
    if (!known.has(name)) {
      warn(`[vestibule] Unknown feature \`${name}\` is ignored`)
      continue
    }
    if ((BOOLEAN_FEATURES as readonly string[]).includes(name) && typeof value !== 'boolean') fail(`\`features.${name}\` must be a boolean`)
    if ((LIST_FEATURES as readonly string[]).includes(name) && !isStringList(value)) fail(`\`features.${name}\` must be an array of strings`)
    if (name === 'socials' && value !== false && !isStringList(value)) fail('`features.socials` must be an array of provider names or false')
  }
}

/** Checks host options and fills defaults (spec §9). Throws naming the first problem. */
export function resolveOptions(options: ModalOptions, warn: (message: string) => void = (m) => console.warn(m)): ResolvedOptions {
  if (!isPlainObject(options)) fail('createModal needs an options object')
  const unknown = Object.keys(options).filter((k) => !KNOWN.has(k))
  if (unknown.length) fail(`Unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `\`${k}\``).join(', ')}`)
  if (options.siwx !== undefined && options.siweConfig !== undefined) fail(ErrorText.bothSiwe)
  for (const key of STRING_OPTIONS) {
    if (options[key] !== undefined && typeof options[key] !== 'string') fail(`\`${key}\` must be a string`)
  }
  for (const key of URL_OPTIONS) {
    const value = options[key]
    if (value !== undefined && (typeof value !== 'string' || !/^https?:\/\/[^\s]+$/i.test(value))) fail(`\`${key}\` must be an http(s) URL`)
  }
  for (const key of STRING_LIST_OPTIONS) {
    if (options[key] !== undefined && !isStringList(options[key])) fail(`\`${key}\` must be an array of wallet ids (strings)`)
  }
  if (options.themeMode !== undefined && options.themeMode !== 'dark' && options.themeMode !== 'light') {
    fail('`themeMode` must be "dark" or "light"')
  }
  for (const key of BOOLEAN_OPTIONS) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') fail(`\`${key}\` must be a boolean`)
  }
  if (options.themeVariables !== undefined && !isPlainObject(options.themeVariables)) fail('`themeVariables` must be an object')
  for (const [key, value] of Object.entries(options.themeVariables ?? {})) {
    if (!key.startsWith('--vb-') || typeof value !== 'string') fail(`\`themeVariables\` entry "${key}" must be a --vb-* name with a string value`)
  }
  if (options.defaultNetwork !== undefined && (typeof options.defaultNetwork !== 'string' || !/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/.test(options.defaultNetwork))) {
    fail('`defaultNetwork` must be a CAIP-2 network id such as "eip155:1"')
  }
  if (options.customWallets !== undefined) {
    if (!Array.isArray(options.customWallets)) fail('`customWallets` must be an array')
    options.customWallets.forEach((w, i) => {
      const wallet = w as { id?: unknown; name?: unknown }
      if (!isPlainObject(w) || typeof wallet.id !== 'string' || typeof wallet.name !== 'string') fail(`\`customWallets[${i}]\` needs a string \`id\` and \`name\``)
    })
  }
  if (options.messages !== undefined && (!isPlainObject(options.messages) || !Object.values(options.messages).every((v) => typeof v === 'string'))) {
    fail('`messages` must map message keys to strings')
  }
  if (options.defaultAccountTypes !== undefined && (!isPlainObject(options.defaultAccountTypes) || !Object.values(options.defaultAccountTypes).every((v) => typeof v === 'string'))) {
    fail('`defaultAccountTypes` must map namespaces to account types')
  }
  checkFeatures(options.features, warn)
  if (options.metadata !== undefined) {
    const m = options.metadata as Partial<Metadata>
    if (!isPlainObject(m) || typeof m.name !== 'string') fail('`metadata.name` must be a string')
    if (m.icons !== undefined && !isStringList(m.icons)) fail('`metadata.icons` must be an array of URLs')
  }

  const { plugins: _plugins, features, ...rest } = options
  return {
    ...rest,
    projectId: options.projectId ?? '',
    sdkType: options.sdkType ?? 'vestibule',
    sdkVersion: options.sdkVersion ?? DEFAULT_SDK_VERSION,
    themeMode: options.themeMode ?? 'dark',
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    enableEIP6963: options.enableEIP6963 ?? true,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    enableWalletConnect: options.enableWalletConnect ?? true,
    features: {
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      socials: [...DEFAULT_SOCIALS],
      ...knownFeatures(features),
    },
  }
}
