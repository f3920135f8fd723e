/**
 * Sign-in across the tabs of one origin. A tab that signs in or out tells the others over a BroadcastChannel named
 * by the storage prefix (`<prefix>/v1/siwx/tabs`); with the page's own session store, a change of its stored
 * sessions in another tab (a `storage` event) tells them too. The message says only that something changed: a tab
 * that hears it reads its store again (the host's server, or the stored sessions checked as on a reload), so a
 * forged or replayed message changes nothing the store does not confirm.
 */
export type SiwxTabChange = 'signIn' | 'signOut'

/** The change `data` announces when it is one of this modal's messages, exactly; else undefined. */
export function checkSiwxTabMessage(data: unknown, prefix: string): SiwxTabChange | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
  const m = data as Record<string, unknown>
  if (Object.keys(m).length !== 3 || m.v !== 1 || m.prefix !== prefix) return undefined
  return m.kind === 'signIn' || m.kind === 'signOut' ? m.kind : undefined
}

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close'> & { onmessage: ((event: MessageEvent) => void) | null }

export interface SiwxTabsOptions {
  /** The modal's storage prefix (`storagePrefix`, '@vestibule' by default). */
  storagePrefix: string | undefined
  /** The full key of the stored sessions when the page keeps them itself; undefined for a host's store. */
  sessionsKey?: string
  /**
   * Called when another tab may have signed in or out. While the store is read again (the promise it returns),
   * further messages make one more read after it, not one each: a flood of messages costs two reads.
   */
  changed(): unknown
  channel?: (name: string) => Channel
}

export interface SiwxTabs {
  tell(change: SiwxTabChange): void
  close(): void
}

/** Off without BroadcastChannel (then only the storage event, for the page's own store). */
export function siwxTabs(options: SiwxTabsOptions): SiwxTabs {
  const prefix = `${options.storagePrefix ?? '@vestibule'}/v1`
  const open = options.channel ?? (typeof BroadcastChannel === 'function' ? (name: string) => new BroadcastChannel(name) : undefined)
  let channel: Channel | undefined
  try {
    channel = open?.(`${prefix}/siwx/tabs`)
  } catch {
    channel = undefined
  }
  let closed = false
  let running = false
  let again = false
  const changed = () => {
    if (closed) return
    if (running) return void (again = true)
    running = true
    let result: unknown
    try {
      result = options.changed()
    } catch {
      result = undefined
    }
    void Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (again) {
          again = false
          changed()
        }
      })
  }
  if (channel) channel.onmessage = (event) => checkSiwxTabMessage(event.data, prefix) && changed()
  const target = globalThis as Partial<Pick<Window, 'addEventListener' | 'removeEventListener'>>
  const onStorage = (event: Event) => {
    const key = (event as StorageEvent).key
    // `key` null: the whole storage was cleared.
    if (options.sessionsKey && (key === options.sessionsKey || key === null)) changed()
  }
  if (options.sessionsKey) target.addEventListener?.('storage', onStorage)
  return {
    tell(kind) {
      try {
        channel?.postMessage({ v: 1, prefix, kind })
      } catch {
        /* a closed channel: the other tabs read the store on their next check */
      }
    },
    close() {
      closed = true
      if (channel) channel.onmessage = null
      channel?.close()
      channel = undefined
      target.removeEventListener?.('storage', onStorage)
    },
  }
}
