/**
 * One WalletConnect client per session across the tabs of an origin. The tab holding a Web Lock named by the
 * storage prefix owns the SDK client (its one socket to the relay); the other tabs follow it over a
 * BroadcastChannel: they read the session from the owner's announcements and hand their wallet requests to it.
 * When the owner closes, the browser grants the lock to the next tab waiting for it, which starts the client and
 * restores the stored session from the SDK's storage. Loaded with the engine.
 */

/** What a follower shows of the session: its namespaces (accounts, methods, events, chains) and the peer's name and icons. */
export interface SessionSnapshot {
  topic: string
  namespaces: Record<string, { accounts: string[]; methods: string[]; events: string[]; chains?: string[] }>
  peer: { metadata: { name: string; icons: string[] } }
}

export type TabMessage =
  | { kind: 'hello' }
  | { kind: 'session'; owner: string; session: SessionSnapshot | null }
  | { kind: 'request'; id: string; method: string; params?: unknown; chain?: string }
  | { kind: 'answer'; id: string; ok: true; result: unknown }
  | { kind: 'answer'; id: string; ok: false; error: { code?: number; message: string } }
  | { kind: 'event'; owner: string; namespace: string; name: string; data: unknown }
  | { kind: 'disconnect' }

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }
type Locks = Pick<LockManager, 'request'>

const ID = /^[-\w]{8,64}$/
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const NAMESPACE_KEY = /^[-a-z0-9]{3,8}(:[-_a-zA-Z0-9]{1,32})?$/
const CHAIN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const TOKEN = /^[-\w.:]{1,100}$/

const list = (value: unknown, pattern: RegExp, max: number): string[] | undefined =>
  Array.isArray(value) && value.length <= max && value.every((v) => typeof v === 'string' && v.length <= 200 && pattern.test(v))
    ? [...value]
    : undefined

/** A session snapshot as a follower may use it, or undefined when it is not one (null stays null: no session). */
export function readSnapshot(value: unknown): SessionSnapshot | null | undefined {
  if (value === null) return null
  const v = value as { topic?: unknown; namespaces?: unknown; peer?: { metadata?: { name?: unknown; icons?: unknown } } } | undefined
  if (typeof v !== 'object' || !v || typeof v.topic !== 'string' || !/^[0-9a-f]{64}$/.test(v.topic)) return undefined
  if (typeof v.namespaces !== 'object' || !v.namespaces || Array.isArray(v.namespaces)) return undefined
  const entries = Object.entries(v.namespaces as Record<string, unknown>)
  if (entries.length > 8) return undefined
  const namespaces: SessionSnapshot['namespaces'] = {}
  for (const [key, raw] of entries) {
    const n = raw as { accounts?: unknown; methods?: unknown; events?: unknown; chains?: unknown } | null
    if (!NAMESPACE_KEY.test(key) || typeof n !== 'object' || !n) return undefined
    const accounts = list(n.accounts, /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/, 100)
    const methods = list(n.methods, TOKEN, 100)
    const events = list(n.events, TOKEN, 100)
    const chains = n.chains === undefined ? undefined : list(n.chains, CHAIN, 100)
    if (!accounts || !methods || !events || (n.chains !== undefined && !chains)) return undefined
    namespaces[key] = chains ? { accounts, methods, events, chains } : { accounts, methods, events }
  }
  const metadata = v.peer?.metadata
  const name = typeof metadata?.name === 'string' ? metadata.name.slice(0, 200) : ''
  const icons = Array.isArray(metadata?.icons)
    ? metadata.icons.filter((i): i is string => typeof i === 'string' && i.length <= 2048).slice(0, 8)
    : []
  return { topic: v.topic, namespaces, peer: { metadata: { name, icons } } }
}

/** The snapshot of an SDK session (what the owner tells the followers). */
export function snapshotOf(
  session:
    | {
        topic: string
        namespaces: Record<
          string,
          { accounts: readonly string[]; methods: readonly string[]; events: readonly string[]; chains?: readonly string[] }
        >
        peer?: { metadata?: { name?: string; icons?: readonly string[] } }
      }
    | undefined,
): SessionSnapshot | null {
  if (!session) return null
  const namespaces: SessionSnapshot['namespaces'] = {}
  for (const [key, n] of Object.entries(session.namespaces)) {
    namespaces[key] = {
      accounts: [...n.accounts],
      methods: [...n.methods],
      events: [...n.events],
      ...(n.chains ? { chains: [...n.chains] } : {}),
    }
  }
  return {
    topic: session.topic,
    namespaces,
    peer: { metadata: { name: session.peer?.metadata?.name ?? '', icons: [...(session.peer?.metadata?.icons ?? [])] } },
  }
}

/** The message when `data` is one of this modal's (its prefix), well formed; else undefined. */
export function checkMessage(data: unknown, prefix: string): TabMessage | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const m = data as Record<string, unknown>
  if (m.v !== 1 || m.prefix !== prefix) return undefined
  switch (m.kind) {
    case 'hello':
    case 'disconnect':
      return { kind: m.kind }
    case 'session': {
      const session = readSnapshot(m.session)
      return typeof m.owner === 'string' && ID.test(m.owner) && session !== undefined
        ? { kind: 'session', owner: m.owner, session }
        : undefined
    }
    case 'request': {
      if (typeof m.id !== 'string' || !ID.test(m.id) || typeof m.method !== 'string' || !TOKEN.test(m.method)) return undefined
      if (m.chain !== undefined && (typeof m.chain !== 'string' || !CHAIN.test(m.chain))) return undefined
      return { kind: 'request', id: m.id, method: m.method, params: m.params, chain: m.chain as string | undefined }
    }
    case 'answer': {
      if (typeof m.id !== 'string' || !ID.test(m.id)) return undefined
      if (m.ok === true) return { kind: 'answer', id: m.id, ok: true, result: m.result }
      const e = m.error as { code?: unknown; message?: unknown } | null
      if (m.ok !== false || typeof e !== 'object' || !e || typeof e.message !== 'string') return undefined
      return {
        kind: 'answer',
        id: m.id,
        ok: false,
        error: { ...(typeof e.code === 'number' ? { code: e.code } : {}), message: e.message.slice(0, 1000) },
      }
    }
    case 'event': {
      const { owner, namespace, name } = m
      if (
        typeof owner !== 'string' ||
        !ID.test(owner) ||
        typeof namespace !== 'string' ||
        !NAMESPACE.test(namespace) ||
        typeof name !== 'string' ||
        !TOKEN.test(name)
      )
        return undefined
      return { kind: 'event', owner, namespace, name, data: m.data }
    }
  }
  return undefined
}

export interface Election {
  /** True while this tab holds the client (always when the browser has no Web Locks: each tab keeps its own). */
  readonly owner: boolean
  /** Resolves once this tab's role is known (the lock taken, or found held by another tab). */
  readonly decided: Promise<void>
  /** Makes this tab the owner now, taking the lock from the tab holding it; resolves once it is. */
  take(): Promise<void>
  /** Lets go of the lock (the next tab waiting gets it) and of any request for it. */
  close(): void
}

/**
 * Elects the owner of lock `name`: the first tab to ask holds it for its life; the others wait in the browser's
 * queue and are granted it in turn when the holder closes (`gained`). A tab whose lock another took is told
 * (`lost`) and waits in the queue again. Without `navigator.locks` every tab is its own owner.
 */
export function elect(
  name: string,
  on: { gained(): void; lost(): void },
  locks: Locks | undefined = globalThis.navigator?.locks,
): Election {
  if (!locks) return { owner: true, decided: Promise.resolve(), take: () => Promise.resolve(), close() {} }
  let owner = false
  let closed = false
  let release: (() => void) | undefined
  let queued: AbortController | undefined
  let waiters: Array<() => void> = []
  // Held until the tab closes or the modal is destroyed; a grant that comes after that is let go at once.
  const hold = () =>
    closed
      ? undefined
      : new Promise<void>((resolve) => {
          release = resolve
          owner = true
          const woken = waiters
          waiters = []
          for (const wake of woken) wake()
          on.gained()
        })
  const settle = (held: Promise<unknown>) =>
    held.then(
      () => undefined,
      () => {
        // Taken by another tab (its `steal`), or this tab's queued request withdrawn.
        if (!owner) return
        owner = false
        release = undefined
        if (closed) return
        on.lost()
        wait()
      },
    )
  const wait = () => {
    const controller = (queued = new AbortController())
    void settle(locks.request(name, { signal: controller.signal }, hold))
  }
  /** The browser refused the lock (an opaque origin, a sandboxed frame): this tab keeps its own client. */
  let refused = false
  const decided = new Promise<void>((resolve) => {
    let answered = false
    const first = locks.request(name, { ifAvailable: true }, (lock) => {
      answered = true
      resolve()
      if (lock) return hold()
      if (!closed) wait()
      return undefined
    })
    void settle(first)
    first.catch(() => {
      if (!answered) refused = owner = true
      resolve()
    })
  })
  return {
    get owner() {
      return owner || refused
    },
    decided,
    take() {
      if (owner || refused) return Promise.resolve()
      const gained = new Promise<void>((resolve) => waiters.push(resolve))
      queued?.abort()
      queued = undefined
      void settle(locks.request(name, { steal: true }, hold))
      return gained
    },
    close() {
      closed = true
      queued?.abort()
      release?.()
      owner = false
    },
  }
}

/** The channel and lock names of a modal's storage prefix. */
export const tabNames = (storagePrefix: string | undefined) => {
  const prefix = `${storagePrefix ?? '@vestibule'}/v1`
  return { prefix, channel: `${prefix}/walletConnect/tabs`, lock: `${prefix}/walletConnect/owner` }
}

export const openChannel: ((name: string) => Channel) | undefined =
  typeof BroadcastChannel === 'function' ? (name) => new BroadcastChannel(name) : undefined

/** A random id for a tab or a request. */
export const randomId = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`).replace(/[^-\w]/g, '')

/** What the engine does when the tabs tell it something. */
export interface TabHandlers {
  /** This tab now owns the client (the previous owner closed, or never was). */
  gained(): void
  /** Another tab took the client: this one closes its socket and follows. */
  lost(): void
  /** Owner: a follower asks for the session; the answer is announced. */
  hello(): void
  /** Owner: a follower's wallet request, carried out here. */
  request(method: string, params: unknown, chain: string | undefined): Promise<unknown>
  /** Owner: a follower ended the session. */
  disconnect(): void
  /** Follower: the owner's session changed (null: it ended). */
  session(session: SessionSnapshot | null): void
  /** Follower: a session event the owner received. */
  event(namespace: string, name: string, data: unknown): void
}

export interface Tabs {
  /** True while this tab's own client serves the session: it owns it, or it shares nothing with other tabs. */
  readonly owner: boolean
  readonly decided: Promise<void>
  /** The last session the owner announced (undefined: none heard yet). */
  readonly snapshot: SessionSnapshot | null | undefined
  take(): Promise<void>
  /** Owner: tells the followers the session (null: none). */
  announce(session: SessionSnapshot | null): void
  /** Owner: tells the followers a session event. */
  event(namespace: string, name: string, data: unknown): void
  /** Follower: asks the owner for the session; resolves with its next announcement. */
  session(): Promise<SessionSnapshot | null>
  /** Follower: a wallet request carried out by the owner tab; fails with `lost` when the owner changes first. */
  request(method: string, params: unknown, chain: string | undefined): Promise<unknown>
  /** Follower: asks the owner to end the session. */
  disconnect(): void
  close(): void
}

/** Tabs that share nothing (no Web Locks, no BroadcastChannel, or a modal kept in memory): each keeps its own client. */
const alone: Tabs = {
  owner: true,
  decided: Promise.resolve(),
  snapshot: undefined,
  take: () => Promise.resolve(),
  announce() {},
  event() {},
  session: () => Promise.resolve(null),
  request: () => Promise.reject(new Error('No other tab holds the WalletConnect session')),
  disconnect() {},
  close() {},
}

export interface ShareOptions {
  storagePrefix: string | undefined
  /** False for a modal kept in memory (`storage: null`): it shares nothing. */
  shared: boolean
  /** The error a follower's request fails with when the owner tab changed before answering. */
  lost(): Error
  channel?: (name: string) => Channel
  /** The browser's Web Locks by default; null where there are none. */
  locks?: Locks | null
}

/**
 * Elects this tab's role and carries the followers' requests and the owner's session over the tabs' channel. A
 * message is taken only when it is well formed and of this modal's storage prefix; anything else changes nothing.
 */
export function shareTabs(options: ShareOptions, on: TabHandlers): Tabs {
  const open = options.channel ?? openChannel
  const locks = options.locks === undefined ? globalThis.navigator?.locks : options.locks
  if (!options.shared || !open || !locks) return alone
  const { prefix, channel: channelName, lock } = tabNames(options.storagePrefix)
  const me = randomId()
  const channel = open(channelName)
  const pending = new Map<string, { owner: string | undefined; resolve(value: unknown): void; reject(error: Error): void }>()
  const asking: Array<(session: SessionSnapshot | null) => void> = []
  let owner: string | undefined
  let snapshot: SessionSnapshot | null | undefined
  const post = (message: TabMessage) => {
    try {
      channel.postMessage({ v: 1, prefix, ...message })
    } catch {
      /* a closed channel, or an answer that cannot be copied: the asking tab's request stays unanswered */
    }
  }
  /** Requests sent to an owner that is not the owner any more fail: their answers will not come. */
  const failStale = () => {
    for (const [id, request] of pending) {
      if (request.owner === owner && !election.owner) continue
      pending.delete(id)
      request.reject(options.lost())
    }
  }
  const election = elect(
    lock,
    {
      gained() {
        owner = me
        failStale()
        on.gained()
      },
      lost() {
        on.lost()
        post({ kind: 'hello' })
      },
    },
    locks,
  )
  const answer = (id: string, work: Promise<unknown>) =>
    work.then(
      (result) => post({ kind: 'answer', id, ok: true, result }),
      (error: unknown) => {
        const e = error as { code?: unknown; message?: unknown } | null
        post({
          kind: 'answer',
          id,
          ok: false,
          error: {
            ...(typeof e?.code === 'number' ? { code: e.code } : {}),
            message: typeof e?.message === 'string' ? e.message : String(error),
          },
        })
      },
    )
  channel.onmessage = (event) => {
    const message = checkMessage(event.data, prefix)
    if (!message) return
    if (election.owner) {
      if (message.kind === 'hello') on.hello()
      else if (message.kind === 'request')
        void answer(
          message.id,
          Promise.resolve().then(() => on.request(message.method, message.params, message.chain)),
        )
      else if (message.kind === 'disconnect') on.disconnect()
      return
    }
    if (message.kind === 'session') {
      owner = message.owner
      snapshot = message.session
      failStale()
      for (const resolve of asking.splice(0)) resolve(message.session)
      on.session(message.session)
    } else if (message.kind === 'event' && message.owner === owner) on.event(message.namespace, message.name, message.data)
    else if (message.kind === 'answer') {
      const request = pending.get(message.id)
      if (!request) return
      pending.delete(message.id)
      if (message.ok) request.resolve(message.result)
      else
        request.reject(
          Object.assign(new Error(message.error.message), message.error.code === undefined ? {} : { code: message.error.code }),
        )
    }
  }
  return {
    get owner() {
      return election.owner
    },
    decided: election.decided,
    get snapshot() {
      return snapshot
    },
    take: () => election.take(),
    announce: (session) => post({ kind: 'session', owner: me, session }),
    event: (namespace, name, data) => post({ kind: 'event', owner: me, namespace, name, data }),
    session() {
      const next = new Promise<SessionSnapshot | null>((resolve) => asking.push(resolve))
      post({ kind: 'hello' })
      return next
    },
    request(method, params, chain) {
      const id = randomId()
      return new Promise((resolve, reject) => {
        pending.set(id, { owner, resolve, reject })
        post({ kind: 'request', id, method, params, chain })
      })
    },
    disconnect: () => post({ kind: 'disconnect' }),
    close() {
      election.close()
      channel.onmessage = null
      channel.close()
    },
  }
}
