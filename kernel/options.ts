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
  /** Base URL of the provider API. */
  apiUrl?: string
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
    features: Readonly<Required<Pick<Features, 'swaps' | 'onramp' | 'receive' | 'send' | 'email' | 'history' | 'analytics' | 'allWallets' | 'legalCheckbox' | 'smartSessions' | 'collapseWallets'>> & Features>
  }
>

const KNOWN = new Set<string>([
  'projectId', 'plugins', 'metadata', 'themeMode', 'themeVariables', 'defaultNetwork', 'features', 'sdkType',
  'sdkVersion', 'featuredWalletIds', 'includeWalletIds', 'excludeWalletIds', 'customWallets', 'tokens',
  'termsConditionsUrl', 'privacyPolicyUrl', 'siwx', 'siweConfig', 'enableWalletConnect', 'enableEIP6963',
  'enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch', 'manualWCControl', 'defaultAccountTypes',
  'messages', 'locale', 'storagePrefix', 'storage', 'apiUrl', 'container',
])

const BOOLEAN_OPTIONS = ['enableWalletConnect', 'enableEIP6963', 'enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch', 'manualWCControl'] as const

const fail = (message: string): never => {
  throw new VestibuleError('INVALID_OPTIONS', message)
}

/** Checks host options and fills defaults (spec §9). Throws naming the first problem. */
export function resolveOptions(options: ModalOptions): ResolvedOptions {
  if (!options || typeof options !== 'object') fail('createModal needs an options object')
  const unknown = Object.keys(options).filter((k) => !KNOWN.has(k))
  if (unknown.length) fail(`Unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `\`${k}\``).join(', ')}`)
  if (options.siwx !== undefined && options.siweConfig !== undefined) fail(ErrorText.bothSiwe)
  if (options.projectId !== undefined && typeof options.projectId !== 'string') fail('`projectId` must be a string')
  if (options.themeMode !== undefined && options.themeMode !== 'dark' && options.themeMode !== 'light') {
    fail('`themeMode` must be "dark" or "light"')
  }
  for (const key of BOOLEAN_OPTIONS) {
    if (options[key] !== undefined && typeof options[key] !== 'boolean') fail(`\`${key}\` must be a boolean`)
  }
  for (const [key, value] of Object.entries(options.themeVariables ?? {})) {
    if (!key.startsWith('--vb-') || typeof value !== 'string') fail(`\`themeVariables\` entry "${key}" must be a --vb-* name with a string value`)
  }
  if (options.features !== undefined && (typeof options.features !== 'object' || options.features === null)) fail('`features` must be an object')
  if (options.metadata !== undefined && typeof options.metadata?.name !== 'string') fail('`metadata.name` must be a string')

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
      ...features,
    },
  }
}
