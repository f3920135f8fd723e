/**
 * What the chain plugins' remote-session facades share: the session's accounts per namespace, the chain a request
 * goes to, errors the chain plugins understand, and the byte encodings WalletConnect methods use (base58, base64,
 * hex). No chain SDK: a facade only translates between a chain plugin's wallet shape and session requests.
 */
import type { CaipNetworkId, RemoteSession, RemoteSessionContext, RemoteSessionFacade } from 'vestibule/kernel'

/** A wallet's refusal or failure with its code kept: 4001 is "the user declined" for every chain plugin. */
export class WalletRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** The session has ended (or never started): the chain plugins read 4900 as "disconnected". */
export const ended = () => new WalletRequestError(4900, 'The WalletConnect session has ended')

/** A wallet answer that is not what the method returns (a signature, a transaction …). */
export const malformed = (what: string) => new WalletRequestError(-32603, `The wallet returned a malformed ${what}`)

/** The session a request goes to; rejects with "session ended" when there is none. */
export async function liveSession(context: RemoteSessionContext): Promise<RemoteSession> {
  const up = await context.session
  if (!up?.session) throw ended()
  return up
}

/**
 * A facade's session hooks: the accounts event `event` (its data read by `addressesOf`) shows those addresses,
 * a session update shows the session's accounts again.
 */
export function sessionHooks(
  context: RemoteSessionContext,
  event: string,
  addressesOf: (data: readonly unknown[]) => string[],
  show: (up: RemoteSession | undefined, addresses?: string[]) => void,
): Omit<RemoteSessionFacade, 'provider'> {
  return {
    onSessionEvent(name, data) {
      if (name !== event || !Array.isArray(data)) return
      const addresses = addressesOf(data)
      void context.session.then((up) => show(up, addresses))
    },
    onSessionUpdate() {
      void context.session.then((up) => show(up))
    },
  }
}

/** WalletConnect's "user rejected" (5000, 5001) means what 4001 means to the chain plugins. */
export function walletError(error: unknown): WalletRequestError {
  const e = error as { code?: unknown; message?: unknown } | null
  const message = typeof e?.message === 'string' && e.message ? e.message : String(error)
  const code = typeof e?.code === 'number' ? (e.code === 5000 || e.code === 5001 ? 4001 : e.code) : /reject/i.test(message) ? 4001 : -32603
  return new WalletRequestError(code, message)
}

export interface SessionAccount {
  chain: CaipNetworkId
  address: string
}

/** The session's `namespace:reference:address` accounts of `namespace`, in the wallet's order. */
export function sessionAccounts(up: RemoteSession | undefined, namespace: string): SessionAccount[] {
  const accounts = up?.session?.namespaces[namespace]?.accounts ?? []
  return accounts.flatMap((account) => {
    const [ns, reference, address, ...rest] = String(account).split(':')
    return ns === namespace && reference && address && !rest.length ? [{ chain: `${ns}:${reference}` as CaipNetworkId, address }] : []
  })
}

/** The wallet's addresses of `namespace`, each once, in its order. */
export const sessionAddresses = (up: RemoteSession | undefined, namespace: string) => [
  ...new Set(sessionAccounts(up, namespace).map((a) => a.address)),
]

/** The addresses an `accountsChanged` session event names (plain addresses or CAIP-10 accounts), once each, in order. */
export const eventAddresses = (data: readonly unknown[]): string[] => [
  ...new Set(data.map((a) => String(a).split(':').pop()!).filter(Boolean)),
]

/**
 * The chain a request of `namespace` goes to: `requested` when the session approved it, else the modal's preferred
 * network when approved, else the wallet's first chain.
 */
export function pickChain(
  up: RemoteSession | undefined,
  namespace: string,
  context: RemoteSessionContext,
  requested?: string,
): CaipNetworkId | undefined {
  const approved = new Set(sessionAccounts(up, namespace).map((a) => a.chain))
  if (requested && approved.has(requested as CaipNetworkId)) return requested as CaipNetworkId
  return context.preferredChains().find((id) => approved.has(id)) ?? [...approved][0]
}

/** Sends a wallet method of the session on `chain`; errors come back as WalletRequestError. */
export async function send<T>(up: RemoteSession, chain: CaipNetworkId, method: string, params: unknown): Promise<T> {
  try {
    return (await up.request({ method, params: params as never }, chain)) as T
  } catch (error) {
    throw walletError(error)
  }
}

/** Listeners of one event name, for the facades' event surfaces. */
export function listeners<T extends (...args: never[]) => void>() {
  const set = new Set<T>()
  return {
    add(listener: T) {
      set.add(listener)
      return () => void set.delete(listener)
    },
    emit(...args: Parameters<T>) {
      for (const listener of [...set]) {
        try {
          listener(...args)
        } catch {
          /* one listener failing does not keep the others from hearing it */
        }
      }
    },
  }
}

// ---- encodings -------------------------------------------------------------------------------------------

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function toBase58(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    for (; carry; carry = (carry / 58) | 0) digits.push(carry % 58)
  }
  return (
    '1'.repeat(zeros) +
    digits
      .reverse()
      .map((d) => ALPHABET[d])
      .join('')
  )
}

/** The bytes of a base58 string; undefined when it is not base58. */
export function fromBase58(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || !text) return undefined
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = ALPHABET.indexOf(text[i]!)
    if (carry < 0) return undefined
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    for (; carry; carry >>= 8) bytes.push(carry & 0xff)
  }
  return new Uint8Array([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

export function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}

/** The bytes of a base64 string; undefined when it is not base64. */
export function fromBase64(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return undefined
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  } catch {
    return undefined
  }
}

export const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

/** The bytes of a hex string (with or without 0x); undefined when it is not hex. */
export function fromHex(text: unknown): Uint8Array | undefined {
  if (typeof text !== 'string') return undefined
  const hex = text.startsWith('0x') ? text.slice(2) : text
  if (hex.length % 2 || !/^[0-9a-fA-F]*$/.test(hex)) return undefined
  return Uint8Array.from(hex.match(/../g) ?? [], (b) => Number.parseInt(b, 16))
}

/** Bytes handed in by a chain plugin, also from another realm (a Uint8Array of an extension's window). */
export const bytesOf = (value: unknown): Uint8Array | undefined =>
  ArrayBuffer.isView(value) ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength) : undefined
