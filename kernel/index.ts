/**
 * The framework-free core: `createKernel` builds a modal without a shell (headless). Hosts normally use
 * `createModal` from `vestibule`, which adds the React shell on first open.
 *
 * It exports what plugins, chains, examples, the headless, wagmi and React bindings and the docs use, and the few
 * names kept for third-party authors (`node build/kernel-entry.mjs` lists them; test/build/kernel-entry.test.ts
 * fails on an export nobody uses). The package's own modules import the rest from where it is defined.
 */
export { createKernel, Views } from './kernel.js'
export type { Modal } from './kernel.js'
export type { ViewContext } from './view-context.js'
export type { LocaleFormat } from './format.js'
export type { ReadableAtom, WritableAtom, MapStore, Atom, Store, StoreValue } from 'nanostores'
export type { Plugin, PluginContext, PluginApis, Token, PluginConnection } from './plugin.js'
export { createToken, definePlugin } from './plugin.js'
export type { ChainAdapter, Connector, ConnectorTypes, Balance, ConnectResult, AdapterListener, AddressRules } from './chains.js'
export { addressRulesOf, defineAddressRules } from './chains.js'
export type { CaipNetwork } from './network.js'
export type { CaipAddress, CaipNetworkId, ChainNamespace, ChainNamespaces } from './caip.js'
export { registerChainNamespace } from './caip.js'
export { ErrorText, VestibuleError, isUserRejection, errorMessage, shownMessage, WALLET_MESSAGE_MAX } from './errors.js'
export type { VestibuleEvents, EventBus } from './events.js'
export type { ViewFlow, ViewIds, CheckedViews, Router, RouterOf } from './router.js'
export type { Storage } from './storage.js'
export type { HttpClient } from './http.js'
export { HttpError } from './http.js'
export type { I18n, LocaleLoaders, Translate } from './i18n.js'
export { LOCALES } from './i18n.js'
export type { ModalOptions, Features } from './options.js'
export { isStringMap, registerOptionOwners } from './options.js'
export type { ModalSnapshot, ConnectionStatus, AccountState, NetworkState, BalanceFault, ConnectorType, KernelState } from './state.js'
// Named by the other entries' typings: the interfaces plugins augment are declared in this entry's typings (so an
// augmentation merges), and the types beside them are imported from here.
export type { PluginOptionDeclarations, PluginOptionName, ReadonlyKernelState, ResolvedOptions, Services } from './contract.js'
export type { KernelExtras } from './modal.js'
export { nodeFaultOf, type NodeFault } from './node-fault.js'
export { loadedModule } from './views.js'
export { lazyOnce } from './lazy-once.js'
export type { Platform } from './platform.js'
export { Tokens } from './container.js'
export type { Feedback } from './feedback.js'
export { CacheTtl, BALANCE_RETRY_MS } from './caches.js'
export type { BlockchainApi } from './blockchain-api.js'
export type { RecentWallet } from './recent.js'
export { RemoteConnect } from './wallets.js'
export type { WalletItem, WalletLinks, WalletSection } from './wallets.js'
export { chainFeatureOf } from './chain-features.js'
export { chainFeature, hasChainFeature } from './chains.js'
export { Capabilities } from './account-data.js'
export type { AccountToken, BalancesService, BalancesSnapshot, BalancesStatus, NameRefusal, NamesService } from './account-data.js'
export type {
  ChainFeatures,
  ContractRead,
  FeeEstimate,
  OnChainNames,
  RemoteSession,
  RemoteSessionContext,
  RemoteSessionFacade,
  RemoteSessionMapping,
  TokenBalance,
  TransactionRequest,
} from './chain-features.js'
