/**
 * Smart sessions: the permissions the connected smart account granted to apps (each one a session, known by its
 * permission context id, `pci`), listed from the provider's `GET /v1/sessions/{address}` and revoked with the
 * account's signature of the `pci` (`POST /v1/sessions/{address}/revoke`, body `{ pci, signature }`). Everything
 * the API answers is checked: a malformed list is an error, a malformed session is left out.
 */
import { atom } from 'nanostores'
import { errorMessage, type ViewContext } from 'vestibule/kernel'

export interface SmartSession {
  pci: string
  /** The app the session was granted to. */
  project: { name: string; url?: string }
  /** When the session ends (ms since the epoch), if it says. */
  expiry?: number
  /** How many permissions it holds. */
  permissions: number
}

export interface SmartSessionsState {
  status: 'idle' | 'loading' | 'ready' | 'error'
  sessions: readonly SmartSession[]
  error?: string
  /** The session being revoked. */
  revoking?: string
}

/** At most this many sessions are listed. */
export const MAX_SESSIONS = 100
export const SESSIONS_UNREADABLE = 'The smart sessions could not be read'
const PCI = /^[A-Za-z0-9:._-]{1,128}$/
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** Plain one-line text: control characters and markup brackets dropped, 60 characters at most. */
const text = (v: unknown) =>
  typeof v === 'string'
    ? v
        .replace(/[\u0000-\u001f\u007f<>]/g, '')
        .trim()
        .slice(0, 60)
    : ''
const httpUrl = (v: unknown) => (typeof v === 'string' && /^https?:\/\/[^\s<>"]+$/i.test(v) && v.length <= 200 ? v : undefined)

/** The sessions of a `GET /v1/sessions/{address}` answer; throws for an answer that is not a list of sessions. */
export function parseSessions(body: unknown): SmartSession[] {
  if (!isObject(body) || !Array.isArray(body.sessions)) throw new Error(SESSIONS_UNREADABLE)
  const seen = new Set<string>()
  const sessions: SmartSession[] = []
  for (const entry of body.sessions.slice(0, MAX_SESSIONS)) {
    if (!isObject(entry) || typeof entry.pci !== 'string' || !PCI.test(entry.pci) || seen.has(entry.pci)) continue
    seen.add(entry.pci)
    const project = isObject(entry.project) ? entry.project : {}
    const expiry = typeof entry.expiry === 'number' && Number.isFinite(entry.expiry) && entry.expiry > 0 ? entry.expiry * 1000 : undefined
    sessions.push({
      pci: entry.pci,
      project: { name: text(project.name) || entry.pci.slice(0, 12), url: httpUrl(project.url) },
      expiry,
      permissions: Array.isArray(entry.permissions) ? entry.permissions.length : 0,
    })
  }
  return sessions
}

type SessionsContext = Pick<ViewContext, 'blockchainApi' | 'connection' | 'state'>

const shared = new WeakMap<object, ReturnType<typeof createSmartSessions>>()
/** One list per modal (keyed by the plugin's API), so a revoke finishing after its view was left still lands. */
export const smartSessionsOf = (key: object, ctx: SessionsContext) => shared.get(key) ?? shared.set(key, createSmartSessions(ctx)).get(key)!

export function createSmartSessions(ctx: SessionsContext) {
  const $state = atom<SmartSessionsState>({ status: 'idle', sessions: [] })
  const set = (patch: Partial<SmartSessionsState>) => $state.set({ ...$state.get(), ...patch })
  const account = () => {
    const chain = ctx.state.$chains.get().eip155
    const address = chain?.accountState.status === 'connected' ? chain.accountState.address : undefined
    return address ? { address, network: chain!.networkState.caipNetwork?.caipNetworkId } : undefined
  }
  let round = 0

  async function load() {
    const current = account()
    if (!current) return set({ status: 'idle', sessions: [] })
    const mine = ++round
    set({ status: 'loading', error: undefined })
    try {
      const body = await ctx.blockchainApi.get(current.network, `v1/sessions/${current.address}`, { sessions: [] })
      // An answer for another account (it changed meanwhile) or an older request changes nothing.
      if (mine === round && account()?.address === current.address) set({ status: 'ready', sessions: parseSessions(body) })
    } catch (error) {
      if (mine === round) set({ status: 'error', error: errorMessage(error) || SESSIONS_UNREADABLE })
    }
  }

  /** Signs the session's `pci` with the account and asks the API to revoke it; the list is read again after. */
  async function revoke(pci: string) {
    const current = account()
    if (!current || $state.get().revoking || !$state.get().sessions.some((s) => s.pci === pci)) return
    set({ revoking: pci, error: undefined })
    try {
      const signature = await ctx.connection.signMessage(pci)
      const answer = await ctx.blockchainApi.post<unknown>(
        current.network,
        `v1/sessions/${current.address}/revoke`,
        { pci, signature },
        undefined,
      )
      if (!isObject(answer) || answer.success !== true)
        throw new Error(
          isObject(answer) && typeof answer.message === 'string'
            ? text(answer.message) || 'The session was not revoked'
            : 'The session was not revoked',
        )
      set({ revoking: undefined, sessions: $state.get().sessions.filter((s) => s.pci !== pci) })
      void load()
    } catch (error) {
      set({ revoking: undefined, error: errorMessage(error) })
    }
  }

  return { $state, load, revoke }
}
