/**
 * Sessions kept on the host's server: the server issues each nonce, verifies the signed message and keeps the
 * session (usually behind a cookie), and lists and revokes sessions. Routes under `url`:
 * GET nonce → { nonce, …fields it fixes }; POST verify { message, signature } → its answer, or an error status with
 * { error }; GET sessions?chainId&address → { sessions }; POST revoke { chainId, address }; POST signout.
 * Every answer is checked: a field of the wrong type is left out, a nonce must be 8 to 128 letters or digits, an
 * error text is cleaned as every untrusted text the modal shows. A call the server does not answer within
 * `timeout` (15 s) rejects with a BACKEND_TIMEOUT error, so the sign view never waits on it for ever.
 */
import { shownMessage } from 'vestibule/kernel'
import type { SiwxSession, SiwxSessionStore } from './types.js'

export interface HostBackendOptions {
  /** The base URL of the routes ("/auth", "https://api.example.com/siwx"). */
  url: string
  /** Defaults to the page's fetch; cookies go along (`credentials: 'include'`). */
  fetch?: typeof fetch
  /** How long each call may take, in milliseconds, before it is given up (default BACKEND_TIMEOUT_MS). */
  timeout?: number
}

/** How long the sign-in server has to answer each call by default. */
export const BACKEND_TIMEOUT_MS = 15_000
/** The `code` of the error a call the server did not answer in time rejects with. */
export const BACKEND_TIMEOUT = 'SIWX_BACKEND_TIMEOUT'

const FIELDS = ['statement', 'issuedAt', 'expirationTime', 'notBefore', 'requestId', 'domain', 'uri'] as const
const NONCE = /^[A-Za-z0-9]{8,128}$/

export function hostBackend(options: HostBackendOptions): SiwxSessionStore {
  const base = options.url.replace(/\/+$/, '')
  const limit = typeof options.timeout === 'number' && options.timeout > 0 ? options.timeout : BACKEND_TIMEOUT_MS
  const request = async (path: string, body: unknown, signal: AbortSignal): Promise<unknown> => {
    const run = options.fetch ?? globalThis.fetch
    const response = await run(`${base}/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'include',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal,
    })
    const answer: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const error = (answer as { error?: unknown } | undefined)?.error
      // The server's words, cleaned and cut as every error text the modal shows; the status when it gave none.
      throw new Error(
        typeof error === 'string' && /[^\s\p{Cc}\p{Cf}]/u.test(error) ? shownMessage(error) : `HTTP status code: ${response.status}`,
      )
    }
    return answer
  }
  // The answer and its body both count: a server that sends headers and then nothing is as late as a silent one.
  const call = (path: string, body?: unknown): Promise<unknown> => {
    const abort = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(Object.assign(new Error('The sign-in server did not answer in time.'), { code: BACKEND_TIMEOUT }))
        abort.abort()
      }, limit)
    })
    return Promise.race([request(path, body, abort.signal), late]).finally(() => clearTimeout(timer))
  }
  const sessions = (answer: unknown): SiwxSession[] => {
    const list = (answer as { sessions?: unknown } | undefined)?.sessions
    return (Array.isArray(list) ? list : []).filter(
      (s): s is SiwxSession =>
        typeof s?.message === 'string' &&
        typeof s?.signature === 'string' &&
        typeof s?.data?.chainId === 'string' &&
        typeof s?.data?.accountAddress === 'string',
    )
  }
  return {
    async prepare(request) {
      const answer = (await call(`nonce?${new URLSearchParams({ chainId: request.chainId, address: request.address })}`)) as
        | Record<string, unknown>
        | undefined
      const nonce = answer?.nonce
      if (typeof nonce !== 'string' || !NONCE.test(nonce)) throw new Error('the server sent no valid nonce')
      const fixed: Record<string, unknown> = { nonce }
      for (const key of FIELDS) if (typeof answer?.[key] === 'string') fixed[key] = answer[key]
      if (Array.isArray(answer?.resources) && answer.resources.every((r) => typeof r === 'string')) fixed.resources = answer.resources
      return fixed as { nonce: string }
    },
    add: (session) =>
      call('verify', {
        message: session.message,
        signature: session.signature,
        ...(session.cacao === undefined ? {} : { cacao: session.cacao }),
      }),
    get: async (chainId, address) => sessions(await call(`sessions?${new URLSearchParams({ chainId, address })}`)),
    list: async () => sessions(await call('sessions')),
    revoke: async (chainId, address) => void (await call('revoke', { chainId, address })),
    clear: async () => void (await call('signout', {})),
  }
}
