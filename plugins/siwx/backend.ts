/**
 * Sessions kept on the host's server: the server issues each nonce, verifies the signed message and keeps the
 * session (usually behind a cookie), and lists and revokes sessions. Routes under `url`:
 * GET nonce → { nonce, …fields it fixes }; POST verify { message, signature } → its answer, or an error status with
 * { error }; GET sessions?chainId&address → { sessions }; POST revoke { chainId, address }; POST signout.
 * Every answer is checked: a field of the wrong type is left out, a nonce must be 8 or more letters or digits.
 */
import type { SiwxSession, SiwxSessionStore } from './types.js'

export interface HostBackendOptions {
  /** The base URL of the routes ("/auth", "https://api.example.com/siwx"). */
  url: string
  /** Defaults to the page's fetch; cookies go along (`credentials: 'include'`). */
  fetch?: typeof fetch
}

const FIELDS = ['statement', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'domain', 'uri'] as const
const plain = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 200)

export function hostBackend(options: HostBackendOptions): SiwxSessionStore {
  const base = options.url.replace(/\/+$/, '')
  const call = async (path: string, body?: unknown): Promise<unknown> => {
    const run = options.fetch ?? globalThis.fetch
    const response = await run(`${base}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = (answer as { error?: unknown } | undefined)?.error
      throw new Error(typeof error === 'string' && error ? plain(error) : `HTTP status code: ${response.status}`)
    }
    return answer
  }
  const sessions = (answer: unknown): SiwxSession[] => {
    const list = (answer as { sessions?: unknown } | undefined)?.sessions
    return (Array.isArray(list) ? list : []).filter(
      (s): s is SiwxSession => typeof s?.message === 'string' && typeof s?.signature === 'string' && typeof s?.data?.chainId === 'string' && typeof s?.data?.accountAddress === 'string',
    )
  }
  return {
    async prepare(request) {
      const answer = (await call(`nonce?${new URLSearchParams({ chainId: request.chainId, address: request.address })}`)) as Record<string, unknown> | undefined
      const nonce = answer?.nonce
      if (typeof nonce !== 'string' || !/^[A-Za-z0-9]{8,}$/.test(nonce)) throw new Error('the server sent no valid nonce')
      const fixed: Record<string, unknown> = { nonce }
      for (const key of FIELDS) if (typeof answer?.[key] === 'string') fixed[key] = answer[key]
      if (Array.isArray(answer?.resources) && answer.resources.every((r) => typeof r === 'string')) fixed.resources = answer.resources
      return fixed as { nonce: string }
    },
    add: (session) => call('verify', { message: session.message, signature: session.signature, ...(session.cacao === undefined ? {} : { cacao: session.cacao }) }),
    get: async (chainId, address) => sessions(await call(`sessions?${new URLSearchParams({ chainId, address })}`)),
    list: async () => sessions(await call('sessions')),
    revoke: async (chainId, address) => void (await call('revoke', { chainId, address })),
    clear: async () => void (await call('signout', {})),
  }
}
