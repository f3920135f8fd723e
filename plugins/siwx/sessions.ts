/**
 * The default session store: the modal's storage (this plugin's namespace). Anything on the page can write there,
 * so every read checks each session again: its fields must build exactly its message text, the text must be a
 * valid message for this page, and it must not have expired; its CACAO, when it has one, must be the one its fields
 * and signature make. A session that fails is dropped from storage.
 */
import type { Storage } from 'vestibule/kernel'
import { createCacao } from './cacao.js'
import { createSiwxMessage, verifySiwxMessage, type SiwxMessageFields, type SiwxRules } from './messages.js'
import type { SiwxSession, SiwxSessionStore } from './types.js'

const KEY = 'sessions'

const isSession = (value: unknown): value is SiwxSession => {
  const s = value as SiwxSession
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.message === 'string' &&
    typeof s.signature === 'string' &&
    s.signature.length > 0 &&
    typeof s.data === 'object' &&
    s.data !== null
  )
}

/** Whether `session` is intact and valid now for a page on `host`. */
export function isIntact(session: unknown, host: string | undefined, now = Date.now(), rules?: SiwxRules): session is SiwxSession {
  if (!isSession(session) || !host) return false
  let built: string
  try {
    built = createSiwxMessage(session.data as SiwxMessageFields)
  } catch {
    return false
  }
  if (session.cacao !== undefined && JSON.stringify(session.cacao) !== JSON.stringify(createCacao(session.data, session.signature)))
    return false
  return built === session.message && verifySiwxMessage(session.message, { domain: host, now, ...rules }).length === 0
}

/** `rules`: the chain plugins' address rules, by which a family the format does not name is read back. */
export function createLocalStore(
  storage: Pick<Storage, 'get' | 'set' | 'remove'>,
  host: () => string | undefined,
  now: () => number = Date.now,
  rules?: () => SiwxRules,
): SiwxSessionStore {
  /** The intact sessions; the stored list is rewritten without the others. */
  const read = (): SiwxSession[] => {
    const stored = storage.get<unknown>(KEY)
    if (stored === undefined) return []
    const list = Array.isArray(stored) ? stored : []
    const kept = list.filter((s): s is SiwxSession => isIntact(s, host(), now(), rules?.()))
    if (kept.length !== list.length || !Array.isArray(stored)) {
      if (kept.length) storage.set(KEY, kept)
      else storage.remove(KEY)
    }
    return kept
  }
  const same = (s: SiwxSession, chainId: string, address: string) =>
    s.data.chainId === chainId && s.data.accountAddress.toLowerCase() === address.toLowerCase()
  return {
    async add(session) {
      const others = read().filter((s) => !same(s, session.data.chainId, session.data.accountAddress))
      storage.set(KEY, [...others, session])
      return undefined
    },
    async get(chainId, address) {
      return read().filter((s) => same(s, chainId, address))
    },
    async list() {
      return read()
    },
    async revoke(chainId, address) {
      const kept = read().filter((s) => !same(s, chainId, address))
      if (kept.length) storage.set(KEY, kept)
      else storage.remove(KEY)
    },
    async clear() {
      storage.remove(KEY)
    },
  }
}
