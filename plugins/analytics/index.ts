/**
 * `vestibule/plugins/analytics`: usage events to the provider API.
 *
 * Nothing is requested before the first `open()`. Then `GET /getAnalyticsConfig` is asked once; events wait in
 * a queue until it answers and are sent (`POST /e`) only when it says `isAnalyticsEnabled: true`. A failed
 * config call means off. `features.analytics: false` means no request at all. A 403 (the page's origin is not
 * on the project's allowlist) raises the "Invalid App Configuration" alert; other failures are silent.
 */
import { HttpError, type Plugin, type PluginContext } from 'vestibule/kernel'
import { messages } from './messages.js'

/** The event names this plugin sends; any other name reaching `track` is never sent. */
export const ANALYTICS_EVENTS = [
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'SEARCH_WALLET',
  'SWITCH_NETWORK',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'CONNECT_SUCCESS',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'SWAP_INITIATED',
  'SWAP_SUCCESS',
  'SWAP_ERROR',
  'ERROR_FETCH_TRANSACTIONS',
  'SIWX_AUTH_SUCCESS',
  'SIWX_AUTH_ERROR',
  'CLICK_CANCEL_SIWX',
] as const

export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number]

export interface AnalyticsOptions {
  /** Sent as the `clientId` query of every event; when absent, the id given to `setClientId` (stored) is used. */
  clientId?: string
  /** Where events go; defaults to `/e` under the modal's `apiUrl`. */
  eventsUrl?: string
}

/** What `modal.getPlugin('analytics')` (or `ctx.getPlugin('analytics')` in another plugin) returns. */
export interface AnalyticsApi {
  /**
   * Records `event` with `properties` (the account address is added). Queued until the config answers,
   * dropped when analytics is off; names outside the product's list (MODAL_CREATED included) are ignored.
   */
  track(event: AnalyticsEvent, properties?: Record<string, unknown>): void
  /** Stores the client id sent with events when the `clientId` option is not set. */
  setClientId(id: string | undefined): void
}

declare module 'vestibule/kernel' {
  interface PluginApis {
    analytics: AnalyticsApi
  }
  interface Features {
    /** Usage events and the config call (default on); off means no request at all. */
    analytics?: boolean
  }
}

/** Events kept while the config has not answered (a modal that is never opened must not grow forever). */
const MAX_QUEUED = 100
const CLIENT_ID_KEY = 'clientId'
/** A stored client id is sent only when it is a short string of visible characters. */
const isClientId = (value: unknown): value is string => typeof value === 'string' && /^[\x21-\x7e]{1,128}$/.test(value)

interface Body {
  eventId: string
  url: string
  domain: string
  timestamp: number
  props: { type: 'track'; event: AnalyticsEvent; properties: Record<string, unknown>; address: string | undefined }
}

/** RFC 4122 v4; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
function uuid(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  const b = c.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * The analytics plugin.
 *
 * @example
 * createModal({ projectId, plugins: [eip155({ networks: [mainnet] }), analytics()] })
 * // from another plugin's setup: ctx.getPlugin('analytics').track('SEND_SUCCESS', { network: 'eip155:1' })
 */
export function analytics(options: AnalyticsOptions = {}): Plugin<AnalyticsApi> {
  return {
    name: 'analytics',
    features: { analytics: true },
    setup(ctx: PluginContext): AnalyticsApi {
      const api: AnalyticsApi = {
        track() {},
        setClientId: (id) => (id ? ctx.storage.set(CLIENT_ID_KEY, id) : ctx.storage.remove(CLIENT_ID_KEY)),
      }
      // Off means off: no listener, no config call, no event.
      if (ctx.options.features.analytics === false) return api

      let status: 'waiting' | 'on' | 'off' = 'waiting'
      let queue: Body[] = []
      let sending = Promise.resolve()
      let config: Promise<void> | undefined
      const location = (globalThis as { location?: Location }).location

      const failed = (error: unknown) => {
        if (!(error instanceof HttpError && error.status === 403)) return
        // Every later event would be refused as well.
        status = 'off'
        queue = []
        ctx.feedback.alert(
          'invalid-app-configuration',
          ctx.i18n.t('analytics.invalidAppConfiguration', { origin: location?.origin ?? 'unknown' }),
        )
      }

      const send = (body: Body) => {
        sending = sending
          .then(() => {
            if (status !== 'on') return
            const clientId = options.clientId || ctx.storage.read(CLIENT_ID_KEY, isClientId)
            return ctx.http.post(options.eventsUrl ?? '/e', body, { query: { clientId } })
          })
          .then(() => {}, failed)
      }

      const emit = (event: AnalyticsEvent, properties: Record<string, unknown> = {}, address = ctx.state.$snapshot.get().address) => {
        if (status === 'off' || !ANALYTICS_EVENTS.includes(event)) return
        const body: Body = {
          eventId: uuid(),
          url: location?.href ?? '',
          domain: location?.hostname ?? '',
          timestamp: Date.now(),
          props: { type: 'track', event, properties, address },
        }
        if (status === 'on') send(body)
        else if (queue.length < MAX_QUEUED) queue.push(body)
      }
      api.track = (event, properties) => emit(event, properties)

      ctx.i18n.add(messages, () => import('./locales/index.js'))

      ctx.onOpen(
        () =>
          (config ??= ctx.http
            .get<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig')
            .then(
              (answer) => answer?.isAnalyticsEnabled === true,
              (error) => (failed(error), false),
            )
            .then((enabled) => {
              if (status !== 'waiting') return
              status = enabled ? 'on' : 'off'
              const waiting = queue
              queue = []
              if (enabled) waiting.forEach(send)
            })),
      )

      // The address a disconnected namespace had: the event is about that account.
      const addresses: Record<string, string> = {}
      const failedDisconnects = new Set<string>()
      const connected = () => ({ connected: ctx.state.$snapshot.get().status === 'connected' })
      const off = [
        ctx.events.on('modal:open', () => emit('MODAL_OPEN', connected())),
        ctx.events.on('modal:close', () => emit('MODAL_CLOSE', connected())),
        ctx.events.on('connect:success', ({ namespace, connectorId, address }) => {
          addresses[namespace] = address
          emit('CONNECT_SUCCESS', { namespace, connectorId, name: ctx.chains.findConnector(connectorId, namespace)?.name })
        }),
        ctx.events.on('account:change', ({ namespace, address }) => void (addresses[namespace] = address)),
        ctx.events.on('disconnect:error', ({ namespace, error }) => {
          failedDisconnects.add(namespace)
          emit('DISCONNECT_ERROR', { namespace, message: error instanceof Error ? error.message : String(error) }, addresses[namespace])
        }),
        ctx.events.on('disconnect', ({ namespace }) => {
          // A failed disconnect still ends the local session; it was reported as DISCONNECT_ERROR already.
          if (!failedDisconnects.delete(namespace)) emit('DISCONNECT_SUCCESS', { namespace }, addresses[namespace])
          delete addresses[namespace]
        }),
        // Only a switch the user asked for is SWITCH_NETWORK; the wallet moving or a network removed is not.
        ctx.events.on(
          'network:change',
          ({ namespace, caipNetworkId, origin }) => origin === 'user' && emit('SWITCH_NETWORK', { namespace, network: caipNetworkId }),
        ),
        ctx.events.on('account:type', ({ namespace, type }) => emit('SET_PREFERRED_ACCOUNT_TYPE', { namespace, accountType: type })),
        // Features report through the bus without knowing this plugin; names it does not send are ignored.
        ctx.events.on('track', ({ event, properties }) => emit(event as AnalyticsEvent, properties)),
      ]
      ctx.onDestroy(() => {
        status = 'off'
        queue = []
        off.forEach((stop) => stop())
      })
      return api
    },
  }
}
