import { atom } from 'nanostores'
import type { ChainNamespace } from './caip.js'
import { createChainWriter, type ChainPatch, type ChainWriter } from './chain-writer.js'
import { createChainRegistry, type ChainRegistry } from './chains.js'
import type { Connection } from './connection.js'
import { createLazyConnection, type LazyConnection } from './lazy-connection.js'
import { StorageKeys } from './storage-keys.js'
import { createModalContainer, Tokens } from './container.js'
import { createNavigation, Views } from './navigation.js'
import { VestibuleError } from './errors.js'
import { createEventBus } from './events.js'
import { createHttpClient } from './http.js'
import { createI18n } from './i18n.js'
import { collectDeclarations, resolveOptions, type ModalOptions, type ResolvedOptions } from './options.js'
import { createPlatform } from './platform.js'
import { normalizePlugins, type PluginConnection, type Services, type Token } from './plugin.js'
import { createPluginHost, servicesOn, type SharedContext } from './plugin-host.js'
import { createRouter } from './router.js'
import { createKernelState, type KernelState } from './state.js'
import { createStorage, type Storage } from './storage.js'
import { createFeedback } from './feedback.js'
import { createWalletSources } from './wallets.js'
import { createBlockchainApi, DEFAULT_BLOCKCHAIN_API_URL } from './blockchain-api.js'
import { createSlots, createViewRegistry, type Slots } from './views.js'
import { attachKernel } from './kernel-of.js'
import { createModal, type KernelContext, type KernelExtras, type Modal, type Theme } from './modal.js'

export { Views }
export { RECONNECT_WAIT_MS } from './modal.js'
export type { KernelContext, KernelExtras, Modal, Shell } from './modal.js'

/** The default services on a new container; the plugins' `register` hooks and the host's `services` may replace them. */
function provideDefaults(services: ReturnType<typeof servicesOn>, input: ModalOptions, options: ResolvedOptions, extras: KernelExtras) {
  const apiQuery = { projectId: options.projectId, st: options.sdkType, sv: options.sdkVersion }
  const storagePrefix = options.storagePrefix ?? '@vestibule'
  services.provide(Tokens.Options, options)
  services.provide(Tokens.Storage, createStorage({ prefix: storagePrefix, backend: input.storage }))
  services.provide(Tokens.Http, createHttpClient({ baseUrl: options.apiUrl, defaultQuery: apiQuery }))
  services.provide(
    Tokens.BlockchainApi,
    createBlockchainApi(createHttpClient({ baseUrl: options.blockchainApiUrl ?? DEFAULT_BLOCKCHAIN_API_URL, defaultQuery: apiQuery })),
  )
  services.provide(Tokens.Platform, extras.platform ?? createPlatform())
}

/** The one key of the recent wallets' record a plugin may read and write. */
const recentKey = (key: string) => {
  if (key !== StorageKeys.recentWallets) throw new VestibuleError('PRIVATE_SERVICE', `Not the recent wallets' key: "${key}"`)
  return key
}

/** The connection's methods plugins call as they are. */
const FORWARDED = [
  'connect',
  'cancelConnect',
  'markConnecting',
  'disconnect',
  'switchNetwork',
  'signMessage',
  'sendNative',
  'refreshBalance',
  'networkFor',
] as const

/** What plugins use of the connection: its methods, looked up at call time (it is created after they set up). */
function pluginConnectionOf(
  connection: () => Connection,
  state: KernelState,
  chains: ChainRegistry,
  writer: ChainWriter,
  storage: Storage,
): PluginConnection {
  const forward = <K extends keyof Connection>(name: K) =>
    ((...args: unknown[]) => (connection()[name] as (...a: unknown[]) => unknown)(...args)) as Connection[K]
  const writeChain = (namespace: ChainNamespace, patch: ChainPatch) => {
    if (!writer.patch(namespace, patch)) throw new VestibuleError('NOT_SUPPORTED', `No chain plugin registers the namespace "${namespace}"`)
  }
  return {
    ...(Object.fromEntries(FORWARDED.map((name) => [name, forward(name)])) as Pick<Connection, (typeof FORWARDED)[number]>),
    account(namespace = state.$activeNamespace.get()) {
      const chain = namespace ? state.$chains.get()[namespace] : undefined
      const adapter = namespace ? chains.get(namespace) : undefined
      const { address, status } = chain?.accountState ?? {}
      const network = chain?.networkState.caipNetwork
      if (!namespace || !adapter || !address || status !== 'connected' || !network) return undefined
      return { namespace, address, network, adapter }
    },
    setAccountFields: (namespace, fields) => writeChain(namespace, { account: fields }),
    setNetworkFields: (namespace, fields) => writeChain(namespace, { network: fields }),
    recentWallets: { get: (key) => storage.get(recentKey(key)), set: (key, value) => storage.set(recentKey(key), value) },
  }
}

/** The network the host starts on must be one a chain plugin offers: a typo would otherwise be silently ignored. */
function checkDefaultNetwork(options: ResolvedOptions, chains: ChainRegistry) {
  if (options.defaultNetwork === undefined) return
  const offered = chains.list().flatMap((adapter) => adapter.networks.map((n) => n.caipNetworkId))
  if (!offered.includes(options.defaultNetwork)) {
    throw new VestibuleError(
      'INVALID_OPTIONS',
      `\`defaultNetwork\` "${options.defaultNetwork}" is not a network of the chain plugins (${offered.join(', ') || 'none is registered'})`,
    )
  }
}

/** The slots of the modal: an entry shows where its feature is on and its `available` rule holds for the active chain. */
function createModalSlots(options: ResolvedOptions, state: KernelState, extras: KernelExtras): Slots {
  const features = options.features as Record<string, unknown>
  const where = () => {
    const { namespace, caipNetwork } = state.$snapshot.get()
    return { namespace, network: caipNetwork }
  }
  const slots = createSlots({
    isEnabled: (feature) => features[feature] !== false,
    where,
    connectMethodsOrder: options.features.connectMethodsOrder,
    walletFeaturesOrder: options.features.walletFeaturesOrder,
  })
  for (const [slot, entry] of extras.slots ?? []) slots.add(slot, entry)
  return slots
}

/** The kernel's own parts, each under its token. */
function provideKernelParts(
  services: Services,
  p: Pick<KernelContext, 'router' | 'events' | 'i18n' | 'state' | 'chains' | 'views' | 'slots' | 'feedback' | 'wallets'>,
) {
  for (const [token, value] of [
    [Tokens.Router, p.router],
    [Tokens.Events, p.events],
    [Tokens.I18n, p.i18n],
    [Tokens.State, p.state],
    [Tokens.Chains, p.chains],
    [Tokens.Views, p.views],
    [Tokens.Slots, p.slots],
    [Tokens.Feedback, p.feedback],
    [Tokens.Wallets, p.wallets],
  ] as const)
    services.provide(token as Token<unknown>, value)
}

/** Creates a modal without touching DOM, storage or network; all of that waits for the first `open()`. */
export function createKernel(input: ModalOptions, extras: KernelExtras = {}): Modal {
  const plugins = normalizePlugins(input.plugins)
  const options = resolveOptions(input, undefined, collectDeclarations(plugins, extras.optionOwners))

  // Default services first; then plugins' register hooks (in plugin order) and the host may replace them.
  const container = createModalContainer()
  const services = servicesOn(container, 'The kernel')
  provideDefaults(services, input, options, extras)
  const host = createPluginHost(plugins, container, () => storage)
  host.register()
  input.services?.({ provide: services.provide, get: services.get })
  const storage = services.resolve(Tokens.Storage)
  const http = services.resolve(Tokens.Http)
  const blockchainApi = services.resolve(Tokens.BlockchainApi)
  const platform = services.resolve(Tokens.Platform)

  const views = createViewRegistry({ headless: !extras.loadShell })
  for (const [id, definition] of Object.entries(extras.views ?? {})) views.register(id, definition)
  let close: () => void = () => {}
  /** A guard's refusal is shown (its text in a snackbar, a shake); returns the text. */
  const refuse = (reason: string) => {
    const message = i18n.t(reason)
    feedback.showSnackbar('error', message)
    feedback.shake()
    return message
  }
  const router = createRouter({
    isRegistered: (v) => views.has(v),
    close: () => void close(),
    leaveRefused: (view, reason) => events.emit('view:leaveRefused', { view, reason, message: refuse(reason) }),
  })
  const reportError = (source: string, error: unknown) => {
    if (!source.startsWith('listener of error')) events.emit('error', { source, error })
  }
  const events = createEventBus((event, error) => reportError(`listener of ${event}`, error))
  const i18n = createI18n({
    locale: options.locale,
    messages: options.messages,
    onMissing: (key) => console.warn(`[vestibule] No text for the message key "${key}"`),
    onUntranslated: (key, language) => console.warn(`[vestibule] The "${language}" texts lack "${key}": English shows instead`),
  })
  const state = createKernelState(router.$history)
  const chains = createChainRegistry()
  const writer = createChainWriter(state, chains)
  const wallets = createWalletSources(chains, options.features.connectorTypeOrder, {
    excludeWalletIds: options.excludeWalletIds,
    isMobile: () => platform.isMobile(),
    views: extras.walletViews,
  })
  const slots = createModalSlots(options, state, extras)
  const feedback = createFeedback(state.$modal)
  const $theme = atom<Theme>({ mode: options.themeMode, variables: { ...(options.themeVariables ?? {}) } })

  // Created once the chain plugins registered their adapters (it sets up each namespace's state).
  let connection: LazyConnection | undefined
  const navigation = createNavigation({
    router,
    views,
    state,
    writer,
    afterConnect: (info, accept) =>
      host.hooks.run('afterConnect', [info], { until: accept, onError: ({ error }) => reportError('afterConnect', error) }).find(accept),
    showsUnsupported: () => options.enableNetworkSwitch && !options.allowUnsupportedChain && chains.list().length > 0,
    connection: () => connection!,
    load: () => connection!.load(),
  })
  provideKernelParts(services, { router, events, i18n, state, chains, views, slots, feedback, wallets })

  const pluginConnection = pluginConnectionOf(() => connection!, state, chains, writer, storage)
  const readonlyState = {
    $modal: state.$modal,
    $chains: state.$chains,
    $activeNamespace: state.$activeNamespace,
    $snapshot: state.$snapshot,
  }
  // Plugins open the modal only after setup, once the modal exists.
  let open: SharedContext['open'] = () =>
    Promise.reject(new VestibuleError('NOT_SUPPORTED', 'The modal cannot be opened before it is created'))
  const shared: SharedContext = {
    router,
    events,
    http,
    blockchainApi,
    i18n,
    options,
    state: readonlyState,
    connection: pluginConnection,
    platform,
    chains,
    wallets,
    feedback,
    theme: $theme,
    open: (view, data) => open(view, data),
  }
  host.setup(shared, views, slots)
  checkDefaultNetwork(options, chains)

  connection = createLazyConnection({ chains, state, storage, events, options, alert: feedback.alert, writer })
  connection.whenLoaded((code) => navigation.install(code.createConnectedNavigation))
  services.provide(Tokens.Connection, connection)
  const kernel = {
    container,
    services,
    options,
    router,
    events,
    storage,
    http,
    i18n,
    state,
    chains,
    views,
    slots,
    platform,
    connection,
    feedback,
    blockchainApi,
    wallets,
    navigation,
    pluginConnection,
    $theme,
  } satisfies KernelContext
  const hostServices = servicesOn(container, 'The host', Object.values(Tokens))
  const modal = createModal({
    kernel,
    extras,
    hooks: host.hooks,
    connection: pluginConnection,
    getPlugin: host.getPlugin,
    getService: hostServices.get,
    reportError,
    refuse,
  })
  attachKernel(modal, kernel)
  close = () => void modal.close()
  open = modal.open
  return modal
}
