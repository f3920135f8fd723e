import type { DependencyContainer } from 'tsyringe'
import { map } from 'nanostores'
import { VestibuleError, errorMessage } from './errors.js'
import type { DeclaredOptions } from './options.js'
import type { AfterConnectStep, OptionDeclaration, Plugin, PluginContext, Services, Token } from './plugin.js'
import { checkedRead, type Storage } from './storage.js'
import { Tokens } from './container.js'

/** The hooks a plugin adds from `setup`, each with the function it runs. */
export interface Hooks {
  onOpen: Parameters<PluginContext['onOpen']>[0]
  onPreload: Parameters<PluginContext['onPreload']>[0]
  onReconnect: Parameters<PluginContext['onReconnect']>[0]
  onClose: Parameters<PluginContext['onClose']>[0]
  afterConnect: AfterConnectStep
  onDestroy: Parameters<PluginContext['onDestroy']>[0]
}

/** Every hook the host runs: the two a plugin has on its object, and those it adds from `setup`. */
export type HookName = 'register' | 'setup' | keyof Hooks

/** A hook that threw or rejected, with the plugin it belongs to and the hook's name. */
export interface HookFailure {
  plugin: string
  hook: HookName
  error: unknown
}

/** A plugin's error the kernel throws on: the plugin's and the hook's name are on it, the original is its cause. */
export class PluginHookError extends VestibuleError {
  constructor(
    readonly failure: HookFailure,
    message = `Plugin "${failure.plugin}" failed in ${failure.hook}: ${errorMessage(failure.error)}`,
    code: VestibuleError['code'] = 'INVALID_PLUGIN',
  ) {
    super(code, message, failure.error)
  }
}

export interface RunOptions<R> {
  /**
   * Receives each failure (a throw, or the rejection of a returned promise) and the run goes on; it may throw to
   * stop the run. Without it, a throw stops the run as a PluginHookError and returned promises are left as they are.
   */
  onError?: (failure: HookFailure) => void
  /** Calls the hooks on a later microtask: the caller goes on first. */
  defer?: boolean
  /** Stops at the first result it accepts. */
  until?: (result: R) => boolean
}

/** One runner for every plugin hook: plugin order, the hook's name known, failures carry the plugin's name. */
export interface HookRunner {
  add<H extends keyof Hooks>(plugin: string, hook: H, fn: Hooks[H]): void
  /** Calls each `hook` in plugin order with `args`; returns the results (up to the accepted one with `until`). */
  run<H extends keyof Hooks>(hook: H, args: Parameters<Hooks[H]>, options?: RunOptions<ReturnType<Hooks[H]>>): Array<ReturnType<Hooks[H]>>
  /** Calls `call` as `plugin`'s `hook` (register, setup); a failure goes to `onError`, else is thrown wrapped. */
  call<R>(plugin: string, hook: HookName, call: () => R, onError?: (failure: HookFailure) => never): R
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | undefined)?.then === 'function'

export function createHookRunner(): HookRunner {
  const added = new Map<keyof Hooks, Array<{ plugin: string; fn: (...args: never[]) => unknown }>>()
  const fail = (failure: HookFailure, onError?: (failure: HookFailure) => void) => {
    if (!onError) throw new PluginHookError(failure)
    onError(failure)
  }
  return {
    add(plugin, hook, fn) {
      const list = added.get(hook) ?? []
      list.push({ plugin, fn: fn as (...args: never[]) => unknown })
      added.set(hook, list)
    },
    run(hook, args, options = {}) {
      const { onError, defer, until } = options
      const results: unknown[] = []
      for (const { plugin, fn } of added.get(hook) ?? []) {
        const report = (error: unknown) => fail({ plugin, hook, error }, onError)
        if (defer) {
          results.push(
            Promise.resolve()
              .then(() => fn(...(args as never[])))
              .catch(report),
          )
          continue
        }
        let result: unknown
        try {
          result = fn(...(args as never[]))
        } catch (error) {
          report(error)
          continue
        }
        if (onError && isThenable(result)) result = Promise.resolve(result).catch(report)
        results.push(result)
        if (until?.(result as ReturnType<Hooks[typeof hook]>)) break
      }
      return results as never
    },
    call(plugin, hook, call, onError) {
      try {
        return call()
      } catch (error) {
        fail({ plugin, hook, error }, onError)
        throw error
      }
    },
  }
}

/** Kernel tokens no plugin reaches through `services`: the writable state, the whole connection, the raw registries. */
const KERNEL_OWN: readonly symbol[] = [Tokens.State, Tokens.Connection, Tokens.Views, Tokens.Slots]
/** After `register`, the modal's storage too: it holds every plugin's keys (a plugin has its own as `ctx.storage`). */
export const PLUGIN_REFUSED: readonly symbol[] = [...KERNEL_OWN, Tokens.Storage]

/** `Tokens.State` for a kernel token, else the token's description. */
const tokenName = (token: symbol) => {
  const key = Object.keys(Tokens).find((k) => Tokens[k as keyof typeof Tokens] === token)
  return key ? `Tokens.${key}` : (token.description ?? String(token))
}

/**
 * Services on a tsyringe container; `who` names the caller in an error. A token in `refused` is neither resolved
 * nor provided: the attempt throws, naming the token and `who`.
 */
export function servicesOn(container: DependencyContainer, who: string, refused: readonly symbol[] = []): Services {
  const check = (token: symbol) => {
    if (refused.includes(token))
      throw new VestibuleError('PRIVATE_SERVICE', `${who} cannot reach ${tokenName(token)}: it is the kernel's own`)
  }
  const get = <T>(token: Token<T>) => (check(token), container.isRegistered(token, true) ? container.resolve<T>(token) : undefined)
  const services: Services = {
    get,
    resolve<T>(token: Token<T>): T {
      check(token)
      if (!container.isRegistered(token, true))
        throw new VestibuleError('MISSING_SERVICE', `${who} resolves the service "${tokenName(token)}", which no plugin provides`)
      return container.resolve<T>(token)
    },
    provide: (token, value) => (check(token), void container.register(token, { useValue: value })),
    lazy: (token) => ({ get: () => get(token), resolve: () => services.resolve(token) }),
  }
  return services
}

/** `base` with every key under `<scope>/`: a plugin's own part of the modal's storage. */
function scopeStorage(base: Storage, scope: string): Storage {
  const key = (k: string) => `${scope}/${k}`
  return {
    get: (k) => base.get(key(k)),
    // Built on get and remove, so a storage service a host or plugin provides needs no `read` of its own.
    read: (k, check) =>
      checkedRead(
        (at) => base.get(at),
        (at) => base.remove(at),
        key(k),
        check,
      ),
    set: (k, v) => base.set(key(k), v),
    remove: (k) => base.remove(key(k)),
    getCached: (k, ttl) => base.getCached(key(k), ttl),
    setCached: (k, v) => base.setCached(key(k), v),
  }
}

/**
 * What every plugin's context shares; the host adds the plugin's own name, services, storage and hooks. `open` is
 * the modal's own `open`, behind each plugin's `openModal`.
 */
export type SharedContext = Omit<
  PluginContext,
  'name' | 'services' | 'storage' | 'slice' | 'views' | 'slots' | 'getPlugin' | 'openModal' | keyof Hooks
> & {
  open(view: string, data?: unknown): Promise<void>
}

export interface PluginHost {
  readonly hooks: HookRunner
  /** Runs each plugin's `register` hook, in plugin order, with the modal's services (never the kernel's own). */
  register(): void
  /** Runs each plugin's `setup` with its context, in plugin order; their APIs are then reachable. */
  setup(shared: SharedContext, views: PluginContext['views'], slots: PluginContext['slots']): void
  getPlugin(name: string): unknown
}

/** Hosts the modal's plugins: their `register` and `setup`, and every hook they add, run through one runner. */
export function createPluginHost(plugins: readonly Plugin[], container: DependencyContainer, storage: () => Storage): PluginHost {
  const hooks = createHookRunner()
  const apis = new Map<string, unknown>()
  const getPlugin = (name: string) => {
    if (!apis.has(name)) throw new VestibuleError('MISSING_PLUGIN', `Plugin "${name}" is not registered`)
    return apis.get(name)
  }
  const hookAdders = (name: string) => {
    const adder =
      <H extends keyof Hooks>(hook: H) =>
      (fn: Hooks[H]) =>
        hooks.add(name, hook, fn)
    return {
      onOpen: adder('onOpen'),
      onPreload: adder('onPreload'),
      onReconnect: adder('onReconnect'),
      onClose: adder('onClose'),
      afterConnect: adder('afterConnect'),
      onDestroy: adder('onDestroy'),
    }
  }
  return {
    hooks,
    getPlugin,
    register() {
      for (const plugin of plugins) {
        const own = servicesOn(container, `Plugin "${plugin.name}"`, KERNEL_OWN)
        hooks.call(
          plugin.name,
          'register',
          () => plugin.register?.({ provide: own.provide, get: own.get }),
          ({ plugin: name, error }) => {
            if (error instanceof VestibuleError && error.code === 'PRIVATE_SERVICE') throw error
            throw new VestibuleError('INVALID_PLUGIN', `Plugin "${name}" failed to register its services: ${errorMessage(error)}`, error)
          },
        )
      }
    },
    setup(shared, views, slots) {
      const opening: Array<{ plugin: string; slot: string; id: string; view: string }> = []
      const { open, ...common } = shared
      for (const plugin of plugins) {
        const name = plugin.name
        const context: PluginContext = {
          ...common,
          name,
          openModal: (view, data) => openOwnView(name, view, data),
          services: servicesOn(container, `Plugin "${name}"`, PLUGIN_REFUSED),
          storage: scopeStorage(storage(), name),
          slice: (initial) => map(initial),
          views: { ...views, register: (id, definition) => views.register(id, { ...definition, plugin: name }) },
          slots: {
            ...slots,
            add: (slot, entry) => {
              slots.add(slot, { ...entry, plugin: name })
              if (entry.view !== undefined) opening.push({ plugin: name, slot, id: entry.id, view: entry.view })
            },
          },
          ...hookAdders(name),
          getPlugin: getPlugin as PluginContext['getPlugin'],
        }
        const api = hooks.call(
          name,
          'setup',
          () => plugin.setup(context),
          (failure) => {
            const { error } = failure
            if (error instanceof VestibuleError && error.message.startsWith(`Plugin "${name}"`)) throw error
            // A registry error already names the plugin and passes as it is; any other kernel error keeps its code
            // (DUPLICATE_PLUGIN, INVALID_OPTIONS …) under the plugin's name; anything else is the plugin's fault.
            throw new PluginHookError(
              failure,
              `Plugin "${name}" failed to set up: ${errorMessage(error)}`,
              error instanceof VestibuleError ? error.code : 'INVALID_PLUGIN',
            )
          },
        )
        apis.set(name, api)
      }
      /** `plugin` opens the modal at one of its views; a modal without a shell opens nothing. */
      async function openOwnView(plugin: string, view: string, data: unknown): Promise<boolean> {
        if (views.get(view)?.plugin !== plugin)
          throw new VestibuleError('UNKNOWN_VIEW', `Plugin "${plugin}" opens the view "${view}", which it does not register`)
        if (views.headless) return false
        await open(view, data)
        return shared.state.$modal.get().open && shared.router.current?.view === view
      }
      // Checked once every plugin set up: the view may come from a plugin listed later.
      for (const { plugin, slot, id, view } of opening) {
        if (!views.has(view))
          throw new VestibuleError(
            'UNKNOWN_VIEW',
            `Plugin "${plugin}": "${id}" in "${slot}" opens the view "${view}", which no plugin registers`,
          )
      }
    },
  }
}
