/**
 * Sessions behind the cookie: each cookie id holds one session per account (network and address), each with its
 * own expiry. Signing in gives a new cookie id and carries the old cookie's live sessions over, so an id known
 * before the sign-in (a cookie planted by someone else) never becomes a signed-in one.
 */
import type { SiwxMessageFields } from 'vestibule/plugins/siwx/messages'
import { cookieValue, isLoopback, randomText } from './http.js'
import type { Settings } from './options.js'
import type { SiwxServerStore } from './store.js'

export interface KeptSession {
  data: SiwxMessageFields
  message: string
  signature: string
  cacao?: object
  /** Milliseconds since the epoch. */
  expiresAt: number
  /** When it was signed in, in milliseconds since the epoch. */
  since?: number
}

/** Cookie ids are 32 letters or digits: 190 bits. */
const ID_LENGTH = 32

const keyOf = (chainId: string, address: string) => `${chainId}#${chainId.startsWith('eip155:') ? address.toLowerCase() : address}`

function parse(text: string): KeptSession | undefined {
  try {
    const s = JSON.parse(text) as KeptSession
    return typeof s?.message === 'string' && typeof s.expiresAt === 'number' && typeof s.data?.chainId === 'string' ? s : undefined
  } catch {
    return undefined
  }
}

export class Sessions {
  constructor(
    private readonly store: SiwxServerStore,
    private readonly settings: Settings,
  ) {}

  /** The live sessions of the request's cookie, the latest first; of one account when `chainId` and `address` are given. */
  async list(request: Request, chainId?: string, address?: string): Promise<KeptSession[]> {
    const id = cookieValue(request, this.settings.cookieName)
    if (!id) return []
    const now = this.settings.now()
    const key = chainId && address ? keyOf(chainId, address) : undefined
    return (
      (await this.store.sessions(id))
        .map(parse)
        .filter((s): s is KeptSession => !!s && s.expiresAt > now)
        .filter((s) => (!chainId || s.data.chainId === chainId) && (!key || keyOf(s.data.chainId, s.data.accountAddress) === key))
        // The latest sign-in first.
        .sort((a, b) => (b.since ?? 0) - (a.since ?? 0))
    )
  }

  /** Keeps a verified session under a new cookie id (with the old cookie's sessions); gives the Set-Cookie value. */
  async open(request: Request, origin: URL, session: KeptSession): Promise<{ cookie: string; expiresAt: number }> {
    const now = this.settings.now()
    const expires = Date.parse(String(session.data.expirationTime).toUpperCase())
    const expiresAt = Math.min(now + this.settings.maxAgeMs, Number.isNaN(expires) ? Infinity : expires + this.settings.skewMs)
    const previous = cookieValue(request, this.settings.cookieName)
    const carried = previous ? await this.list(request) : []
    // Later than every carried sign-in, even one of the same millisecond.
    const kept = { ...session, expiresAt, since: Math.max(now, ...carried.map((s) => (s.since ?? 0) + 1)) }
    const id = randomText(ID_LENGTH)
    const key = keyOf(kept.data.chainId, kept.data.accountAddress)
    for (const s of carried) {
      const other = keyOf(s.data.chainId, s.data.accountAddress)
      if (other !== key) await this.store.putSession(id, other, JSON.stringify(s), s.expiresAt - now)
    }
    await this.store.putSession(id, key, JSON.stringify(kept), expiresAt - now)
    if (previous) await this.store.clearSessions(previous)
    const lifetime = Math.max(expiresAt, ...carried.map((s) => s.expiresAt)) - now
    return { cookie: this.cookie(origin, id, Math.ceil(lifetime / 1000)), expiresAt }
  }

  async revoke(request: Request, chainId: string, address: string): Promise<void> {
    const id = cookieValue(request, this.settings.cookieName)
    if (id) await this.store.removeSession(id, keyOf(chainId, address))
  }

  /** Ends every session of the cookie; gives the Set-Cookie value that removes it. */
  async close(request: Request): Promise<string> {
    const id = cookieValue(request, this.settings.cookieName)
    if (id) await this.store.clearSessions(id)
    const origin = new URL(request.headers.get('origin') ?? request.url)
    return this.cookie(origin, '', 0)
  }

  /** HttpOnly (no script reads it), SameSite=Lax (no cross-site POST carries it), Secure off loopback. */
  private cookie(origin: URL, value: string, maxAge: number): string {
    const secure = this.settings.cookieSecure ?? !isLoopback(origin.hostname)
    return `${this.settings.cookieName}=${value}; Path=${this.settings.cookiePath}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`
  }
}
