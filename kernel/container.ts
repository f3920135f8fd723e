// tsyringe's package entry throws at load unless a Reflect metadata polyfill ran first, and no bundler
// guarantees that order once chunks are split (a CommonJS polyfill runs where it is first required, after the
// ES modules beside it). Nothing here reads decorator metadata: every service is registered and resolved by
// token. So the kernel imports the container module itself, which has no such check, and ships no polyfill.
// `#tsyringe-container` (the package's `imports` map) is tsyringe's ES module build for bundlers, whose helpers
// shake down to the one they use, and its CommonJS build for Node, which cannot load the ES build's files.
import { instance as rootContainer } from '#tsyringe-container'
import type { DependencyContainer } from 'tsyringe'

import type { BlockchainApi } from './blockchain-api.js'
import type { ChainRegistry } from './chains.js'
import type { Connection } from './connection.js'
import type { EventBus } from './events.js'
import type { Feedback } from './feedback.js'
import type { HttpClient } from './http.js'
import type { I18n } from './i18n.js'
import type { ResolvedOptions } from './options.js'
import type { Platform } from './platform.js'
import type { Token } from './token.js'
import type { Router } from './router.js'
import type { KernelState } from './state.js'
import type { Storage } from './storage.js'
import type { Slots, ViewRegistry } from './views.js'
import type { WalletSources } from './wallets.js'

const token = <T>(name: string) => Symbol.for(`vestibule.${name}`) as Token<T>

/**
 * Typed injection tokens of the kernel's services, each registered in the modal's container.
 *
 * - Replaceable: `Storage`, `Http` and `BlockchainApi`. A host (`services` option) or a plugin's `register` hook
 *   provides its own before any plugin sets up (a `register` hook may `get` the default to wrap it); the kernel
 *   and every plugin then use the replacement.
 * - Resolvable by plugins (`ctx.services`): `Http` and `BlockchainApi`, and `Options`, `Router`, `Events`, `I18n`,
 *   `Chains`, `Platform`, `Feedback`, `Wallets`, which are the very objects the plugin's context hands out.
 * - The kernel's own: `State` (writable stores), `Connection` (the connection with its internals), `Views` and
 *   `Slots` (the registries without the plugin's name on entries) and, from `setup` on, `Storage` (every plugin's
 *   keys; a plugin keeps its data in `ctx.storage`). Resolving or providing one of them from a plugin throws
 *   PRIVATE_SERVICE naming the token and the plugin. The package's shell reaches them through the kernel behind the modal.
 * - A host reads none of these: `modal.getService` refuses every `Tokens` entry and gives the services plugins provide.
 */
export const Tokens = {
  Options: token<ResolvedOptions>('options'),
  Router: token<Router>('router'),
  Events: token<EventBus>('events'),
  /** The modal's storage, not scoped to a plugin (plugins get their scoped one as `ctx.storage`). */
  Storage: token<Storage>('storage'),
  /** The provider API client. */
  Http: token<HttpClient>('http'),
  BlockchainApi: token<BlockchainApi>('blockchainApi'),
  I18n: token<I18n>('i18n'),
  State: token<KernelState>('state'),
  Chains: token<ChainRegistry>('chains'),
  Views: token<ViewRegistry>('views'),
  Slots: token<Slots>('slots'),
  Platform: token<Platform>('platform'),
  Connection: token<Connection>('connection'),
  Feedback: token<Feedback>('feedback'),
  Wallets: token<WalletSources>('wallets'),
} as const

/** A fresh child container for one modal; the global container is never written to. */
export function createModalContainer(): DependencyContainer {
  return (rootContainer as DependencyContainer).createChildContainer()
}
