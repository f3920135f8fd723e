import { VestibuleError } from './errors.js'
import { PRELOAD_MODES, type PreloadMode } from './preload.js'
import {
  KERNEL_FEATURES,
  KERNEL_OPTIONS,
  type Features,
  type Metadata,
  type ModalOptions,
  type OptionDeclaration,
  type Plugin,
  type ResolvedOptions,
} from './contract.js'

// The options' and feature flags' types are part of the plugin contract (contract.ts); the rules are here.
export type {
  Metadata,
  Features,
  ModalOptions,
  KernelOptionName,
  PluginOptionName,
  KernelFeatureName,
  PluginFeatureName,
  ResolvedOptions,
} from './contract.js'
export { KERNEL_OPTIONS } from './contract.js'

export const DEFAULT_SDK_VERSION = 'html-vestibule-0.1.0'
export const DEFAULT_API_URL = 'https://api.web3modal.org'

const KNOWN = new Set<string>(KERNEL_OPTIONS)
const BOOLEAN_FEATURES: readonly string[] = KERNEL_FEATURES.slice(0, 2)
const LIST_FEATURES: readonly string[] = KERNEL_FEATURES.slice(2)

const fail = (message: string): never => {
  throw new VestibuleError('INVALID_OPTIONS', message)
}

/** A theme variable name: `--vb-` and letters, digits or hyphens. */
const THEME_NAME = /^--vb-[a-zA-Z0-9-]{1,64}$/
/** Characters a theme value may hold: no `;`, `{`, `}` (they end the declaration), `\` (escapes), `@`, `<`, `>`. */
const THEME_VALUE = /^[\w\s#%.,()+*/'"!-]{0,256}$/
/** CSS functions that fetch a resource: a theme value must not make the modal request anything. */
const FETCHING_FUNCTION = /(url|image|image-set|-webkit-image-set|cross-fade|element|src)\s*\(/i

/** Why a theme variable is refused, or undefined when it is fine. */
function themeProblem(name: string, value: unknown): string | undefined {
  if (!THEME_NAME.test(name) || typeof value !== 'string') return 'must be a --vb-* name with a string value'
  if (!THEME_VALUE.test(value)) return 'must be a plain CSS value of at most 256 characters, without ; { } \\ @ < >'
  if (FETCHING_FUNCTION.test(value)) return 'must not load anything (url(), image-set() …)'
  return undefined
}

const isStorage = (value: unknown) =>
  value === null ||
  (typeof value === 'object' &&
    ['getItem', 'setItem', 'removeItem'].every((m) => typeof (value as Record<string, unknown>)[m] === 'function'))
const isElement = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  (value as { nodeType?: unknown }).nodeType === 1 &&
  typeof (value as { append?: unknown }).append === 'function'

const isStringList = (value: unknown) => Array.isArray(value) && value.every((v) => typeof v === 'string')
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
/** Whether `value` is a plain object whose values are strings: an option's check for a map (`messages` …). */
export const isStringMap = (value: unknown) => isPlainObject(value) && Object.values(value).every((v) => typeof v === 'string')
const isString = (value: unknown) => typeof value === 'string'

/** The kernel's own options: which keys, the check each value passes, and what it must be when it does not. */
const CHECKS: ReadonlyArray<[keys: readonly string[], ok: (value: unknown) => unknown, what: string]> = [
  [['services'], (v) => typeof v === 'function', "be a function receiving the modal's services"],
  [['projectId', 'sdkType', 'sdkVersion', 'locale', 'storagePrefix'], isString, 'be a string'],
  [
    ['termsConditionsUrl', 'privacyPolicyUrl', 'apiUrl', 'blockchainApiUrl'],
    (v) => isString(v) && /^https?:\/\/\S+$/i.test(v as string),
    'be an http(s) URL',
  ],
  [['excludeWalletIds'], isStringList, 'be an array of wallet ids (strings)'],
  [['preload'], (v) => PRELOAD_MODES.includes(v as PreloadMode), 'be "idle", "intent" or "none"'],
  [['themeMode'], (v) => v === 'dark' || v === 'light' || v === 'system', 'be "dark", "light" or "system"'],
  [['enableEmbedded', 'allowUnsupportedChain', 'enableNetworkSwitch'], (v) => typeof v === 'boolean', 'be a boolean'],
  [['themeVariables'], isPlainObject, 'be an object'],
  [['storage'], isStorage, 'be a Web Storage object (getItem, setItem and removeItem) or null'],
  [['container'], (v) => (isString(v) && (v as string).trim()) || isElement(v), 'be a CSS selector or an element'],
  [
    ['defaultNetwork'],
    (v) => isString(v) && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,64}$/.test(v as string),
    'be a CAIP-2 network id (namespace:reference)',
  ],
  [['messages'], isStringMap, 'map message keys to strings'],
  // A CSP nonce is base64 or base64url (the policy's nonce-source grammar).
  [['cspNonce'], (v) => isString(v) && /^[A-Za-z0-9+/_-]{1,256}={0,2}$/.test(v as string), "be the page's CSP nonce (a base64 string)"],
]

/** Feature names the modal, the registered plugins and the owner hints (`features.x`, a plugin not added) know. */
const featureNames = (declared: DeclaredOptions) =>
  new Set<string>([
    ...KERNEL_FEATURES,
    ...declared.features.keys(),
    ...Object.keys(declared.owners ?? {}).flatMap((k) => (k.startsWith('features.') ? [k.slice(9)] : [])),
  ])

/** The host's features without the names nobody knows. */
function knownFeatures(features: Features | undefined, declared: DeclaredOptions): Features {
  const known = featureNames(declared)
  return Object.fromEntries(Object.entries(features ?? {}).filter(([name]) => known.has(name))) as Features
}

/** Unknown feature names are ignored with one warning each, so a newer host config keeps working. */
function checkFeatures(features: unknown, warn: (message: string) => void, declared: DeclaredOptions) {
  if (features === undefined) return
  if (!isPlainObject(features)) fail('`features` must be an object')
  const known = featureNames(declared)
  for (const [name, value] of Object.entries(features as Record<string, unknown>)) {
    // Turning on a feature whose plugin is missing is a mistake; turning it off is harmless.
    const owner = declared.owners?.[`features.${name}`]
    const mine = declared.features.get(name)
    if (owner && !mine && value === true) fail(`\`features.${name}\` needs ${owner}`)
    if (!known.has(name)) {
      warn(`[vestibule] Unknown feature \`${name}\` is ignored`)
      continue
    }
    if (mine) {
      const problem = mine.declaration.check
        ? mine.declaration.check(value, {})
        : typeof value === 'boolean'
          ? undefined
          : 'must be a boolean'
      if (problem) fail(`\`features.${name}\` ${problem}`)
    }
    if (BOOLEAN_FEATURES.includes(name) && typeof value !== 'boolean') fail(`\`features.${name}\` must be a boolean`)
    if (LIST_FEATURES.includes(name) && !isStringList(value)) fail(`\`features.${name}\` must be an array of strings`)
  }
}

/** What the registered plugins declare: their options and feature flags with defaults. */
export interface DeclaredOptions {
  options: ReadonlyMap<string, { plugin: string; declaration: OptionDeclaration }>
  features: ReadonlyMap<string, { plugin: string; declaration: OptionDeclaration }>
  /** For an option or feature (`features.x`) no registered plugin declares: the plugin to add, as hosts write it. */
  owners?: Readonly<Record<string, string>>
}

const NO_DECLARATIONS: DeclaredOptions = { options: new Map(), features: new Map() }

/** Owner hints packages registered: option (or `features.x`) → the plugin to add, as hosts write it. */
const registeredOwners: Record<string, string> = {}

/**
 * Names the plugin a host must add for an option or feature flag (`features.x`) it owns, so that `createModal` with
 * the option and without the plugin says what is missing ("`addressBook` needs addressBook() from
 * my-address-book") instead of "Unknown option". A plugin package calls it from its entry module; the hint is
 * data, and nothing here loads the plugin. Names and hints must be non-empty strings.
 */
export function registerOptionOwners(owners: Readonly<Record<string, string>>): void {
  if (!isPlainObject(owners)) throw new VestibuleError('INVALID_PLUGIN', 'registerOptionOwners needs an object of option names and hints')
  for (const [name, owner] of Object.entries(owners)) {
    if (!name.trim() || typeof owner !== 'string' || !owner.trim())
      throw new VestibuleError('INVALID_PLUGIN', `registerOptionOwners: the hint for \`${name}\` must be a non-empty string`)
    registeredOwners[name] = owner
  }
}

/**
 * The options and feature flags the plugins declare, each by one plugin. A flag declared as a boolean is a
 * boolean flag with that default. A plugin declaring an option or flag the modal owns is refused, naming it.
 */
export function collectDeclarations(
  plugins: readonly Pick<Plugin, 'name' | 'options' | 'features'>[],
  owners?: Readonly<Record<string, string>>,
): DeclaredOptions {
  const options = new Map<string, { plugin: string; declaration: OptionDeclaration }>()
  const features = new Map<string, { plugin: string; declaration: OptionDeclaration }>()
  const add = (into: typeof options, kind: 'option' | 'feature', plugin: string, name: string, declaration: OptionDeclaration) => {
    const label = kind === 'option' ? `\`${name}\`` : `\`features.${name}\``
    if ((kind === 'option' ? KNOWN : featureNames(NO_DECLARATIONS)).has(name)) {
      throw new VestibuleError('INVALID_PLUGIN', `Plugin "${plugin}" declares the ${kind} ${label}, which the modal itself owns`)
    }
    const other = into.get(name)
    if (other) throw new VestibuleError('INVALID_PLUGIN', `Plugins "${other.plugin}" and "${plugin}" both declare the ${kind} \`${name}\``)
    into.set(name, { plugin, declaration })
  }
  for (const plugin of plugins) {
    for (const [name, declaration] of Object.entries(plugin.options ?? {}))
      add(options, 'option', plugin.name, name, (declaration ?? {}) as OptionDeclaration)
    for (const [name, flag] of Object.entries(plugin.features ?? {})) {
      add(features, 'feature', plugin.name, name, (typeof flag === 'boolean' ? { default: flag } : (flag ?? {})) as OptionDeclaration)
    }
  }
  return { options, features, owners: { ...registeredOwners, ...owners } }
}

/** Checks host options and fills defaults. Throws naming the first problem. */
export function resolveOptions(
  options: ModalOptions,
  warn: (message: string) => void = (m) => console.warn(m),
  declared: DeclaredOptions = NO_DECLARATIONS,
): ResolvedOptions {
  if (!isPlainObject(options)) fail('createModal needs an options object')
  const unknown = Object.keys(options).filter((k) => !KNOWN.has(k) && !declared.options.has(k))
  const owned = unknown.filter((k) => declared.owners?.[k])
  if (owned.length) fail(owned.map((k) => `\`${k}\` needs ${declared.owners![k]}`).join('; '))
  if (unknown.length) fail(`Unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `\`${k}\``).join(', ')}`)
  const pluginDefaults: Record<string, unknown> = {}
  for (const [name, { plugin, declaration }] of declared.options) {
    const value = (options as Record<string, unknown>)[name]
    if (value === undefined) {
      if (declaration.default !== undefined) pluginDefaults[name] = declaration.default
      continue
    }
    const problem = declaration.check?.(value, options)
    if (problem) fail(`\`${name}\` (${plugin}) ${problem}`)
  }
  for (const [keys, ok, what] of CHECKS) {
    for (const key of keys) {
      const value = (options as Record<string, unknown>)[key]
      if (value !== undefined && !ok(value)) fail(`\`${key}\` must ${what}`)
    }
  }
  for (const [key, value] of Object.entries(options.themeVariables ?? {})) {
    const problem = themeProblem(key, value)
    if (problem) fail(`\`themeVariables\` entry "${key}" ${problem}`)
  }
  checkFeatures(options.features, warn, declared)
  if (options.metadata !== undefined) {
    const m = options.metadata as Partial<Metadata>
    if (!isPlainObject(m) || typeof m.name !== 'string') fail('`metadata.name` must be a string')
    if (m.icons !== undefined && !isStringList(m.icons)) fail('`metadata.icons` must be an array of URLs')
  }

  const { plugins: _plugins, features, services: _services, ...rest } = options
  const pluginFeatures = Object.fromEntries([...declared.features].map(([name, d]) => [name, d.declaration.default]))
  return {
    ...pluginDefaults,
    ...rest,
    projectId: options.projectId ?? '',
    sdkType: options.sdkType ?? 'vestibule',
    sdkVersion: options.sdkVersion ?? DEFAULT_SDK_VERSION,
    themeMode: options.themeMode ?? 'dark',
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    features: {
      legalCheckbox: false,
      collapseWallets: false,
      ...pluginFeatures,
      ...knownFeatures(features, declared),
    },
  }
}
