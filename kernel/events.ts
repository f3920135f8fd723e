import EventEmitter from 'eventemitter3'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './caip.js'

/**
 * Events of one modal. Plugins add their own by augmenting this interface:
 * `declare module 'vestibule' { interface VestibuleEvents { 'swap:done': { hash: string } } }`.
 */
export interface VestibuleEvents {
  'modal:open': { view: string }
  'modal:close': Record<string, never>
  /** A close guard refused: `reason` is what the guard returned (a message key or text), `message` the text shown. */
  'modal:closeRefused': { reason: string; message: string }
  /** A leave guard kept the view on `goBack`: `reason` is what the guard returned, `message` the text shown. */
  'view:leaveRefused': { view: string; reason: string; message: string }
  'view:change': { view: string; data?: unknown }
  'connect:start': { namespace: ChainNamespace; connectorId: string }
  'connect:success': { namespace: ChainNamespace; connectorId: string; address: string; caipAddress: CaipAddress }
  'connect:error': { namespace: ChainNamespace; connectorId: string; error: unknown; rejected: boolean }
  'account:change': { namespace: ChainNamespace; address: string; caipAddress: CaipAddress }
  disconnect: { namespace: ChainNamespace }
  /** The wallet could not be told; emitted before the local session still ends (and `disconnect` follows). */
  'disconnect:error': { namespace: ChainNamespace; error: unknown }
  /** `origin`: the user switched (`switchNetwork`), the wallet moved, or the host removed the network. */
  'network:change': { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; supported: boolean; origin: 'user' | 'wallet' | 'removal' }
  error: { source: string; error: unknown }
  /** A transaction the modal had the wallet send (the native token by the kernel, others by features). */
  transaction: { namespace: ChainNamespace; caipNetworkId: CaipNetworkId; id: string }
  /** Something a feature reports for analytics to count (`SEND_SUCCESS` …); analytics sends the names it knows. */
  track: { event: string; properties?: Record<string, unknown> }
}

export type EventName = keyof VestibuleEvents
export type EventListener<K extends EventName> = (payload: VestibuleEvents[K]) => void

/** A typed event bus; each modal has its own. */
export interface EventBus {
  on<K extends EventName>(event: K, listener: EventListener<K>): () => void
  once<K extends EventName>(event: K, listener: EventListener<K>): () => void
  emit<K extends EventName>(event: K, payload: VestibuleEvents[K]): void
  clear(): void
}

export function createEventBus(onListenerError?: (event: string, error: unknown) => void): EventBus {
  const emitter = new EventEmitter()
  // A throwing listener must not stop the others or the kernel flow that emitted.
  const guard =
    <K extends EventName>(event: K, listener: EventListener<K>) =>
    (payload: VestibuleEvents[K]) => {
      try {
        listener(payload)
      } catch (error) {
        onListenerError?.(event, error)
      }
    }
  return {
    on(event, listener) {
      const wrapped = guard(event, listener)
      emitter.on(event, wrapped)
      return () => void emitter.off(event, wrapped)
    },
    once(event, listener) {
      const wrapped = guard(event, listener)
      emitter.once(event, wrapped)
      return () => void emitter.off(event, wrapped)
    },
    emit(event, payload) {
      emitter.emit(event, payload)
    },
    clear() {
      emitter.removeAllListeners()
    },
  }
}
