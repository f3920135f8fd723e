/**
 * A stand-in for `@walletconnect/universal-provider` in unit tests: the same surface the plugin uses
 * (init, connect with display_uri, session, request, setDefaultChain, disconnect, events), driven by the test.
 */
import { EventEmitter } from 'node:events'
import { vi } from 'vitest'

export const WALLET_ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export interface FakeSession {
  topic: string
  peer: { metadata: { name: string; icons: string[]; url: string; description: string } }
  namespaces: Record<string, { accounts: string[]; methods: string[]; events: string[]; chains?: string[] }>
}

export function session(
  accounts: string[] = [`eip155:1:${WALLET_ADDRESS}`, `eip155:10:${WALLET_ADDRESS}`],
  peer: Partial<FakeSession['peer']['metadata']> = {},
): FakeSession {
  return {
    topic: 'session-topic',
    peer: {
      metadata: {
        name: 'Phone Wallet',
        icons: ['https://wallet.example/icon.png'],
        url: 'https://wallet.example',
        description: '',
        ...peer,
      },
    },
    namespaces: { eip155: { accounts, methods: ['personal_sign', 'eth_sendTransaction'], events: ['chainChanged', 'accountsChanged'] } },
  }
}

export class FakeProvider {
  readonly events = new EventEmitter()
  readonly clientEvents = new EventEmitter()
  readonly relayerEvents = new EventEmitter()
  session: FakeSession | undefined
  /** When false, connect() never hands out a URI (a relay that does not answer). */
  givesUri = true
  uris = 0
  pending: Array<{ params: unknown; resolve: (s: FakeSession) => void; reject: (e: unknown) => void }> = []
  client = {
    on: (event: string, listener: (...args: unknown[]) => void) => this.clientEvents.on(event, listener),
    core: { relayer: { on: (event: string, listener: (...args: unknown[]) => void) => this.relayerEvents.on(event, listener) } },
  }
  on = (event: string, listener: (...args: never[]) => void) => void this.events.on(event, listener as never)
  once = (event: string, listener: (...args: never[]) => void) => void this.events.once(event, listener as never)
  removeListener = (event: string, listener: (...args: never[]) => void) => void this.events.removeListener(event, listener as never)
  connect = vi.fn(
    (params: unknown) =>
      new Promise<FakeSession>((resolve, reject) => {
        this.pending.push({
          params,
          resolve: (s) => {
            this.session = s
            resolve(s)
          },
          reject,
        })
        if (this.givesUri)
          queueMicrotask(() => this.events.emit('display_uri', `wc:topic${++this.uris}@2?relay-protocol=irn&symKey=${'0'.repeat(64)}`))
      }),
  )
  request = vi.fn(async ({ method }: { method: string; params?: unknown }, _chain?: string): Promise<unknown> => {
    if (method === 'personal_sign') return `0x${'ab'.repeat(65)}`
    if (method === 'eth_sendTransaction') return `0x${'cd'.repeat(32)}`
    return null
  })
  setDefaultChain = vi.fn()
  disconnect = vi.fn(async () => {
    this.session = undefined
  })

  /** The wallet approves the latest proposal. */
  approve(s = session()) {
    this.pending.at(-1)!.resolve(s)
  }
  /** The wallet rejects the latest proposal. */
  reject(error: unknown = { code: 5000, message: 'User rejected.' }) {
    this.pending.at(-1)!.reject(error)
  }
  /** The wallet ends the session. */
  walletDisconnects() {
    const topic = this.session?.topic
    this.session = undefined
    this.events.emit('session_delete', { topic })
  }
  /** The socket to the relay closes (the relay went down). */
  relayDrops() {
    this.relayerEvents.emit('relayer_disconnect')
  }
  sessionEvent(name: string, data: unknown, chainId: string) {
    this.events.emit('session_event', { topic: this.session?.topic, params: { chainId, event: { name, data } } })
  }
}

/** The module mock: tests set `sdk.provider` and read `sdk.init`'s calls. */
export const sdk = {
  provider: new FakeProvider(),
  init: vi.fn(async (_options: Record<string, unknown>) => sdk.provider),
}
