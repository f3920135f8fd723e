/**
 * The embedded wallet frame's message protocol. The app posts requests `{ vestibule: 'auth', id, type, payload }`
 * to the frame; the frame posts `{ vestibule: 'auth', type: 'ready' }` once it listens, and one answer per request:
 * `{ vestibule: 'auth', id, type: 'result', payload }` or `{ vestibule: 'auth', id, type: 'error', error }`.
 * Anything else from the frame's window is ignored.
 */

import { cleanText } from 'vestibule/utils'

/** The mark every message of the protocol carries. */
export const CHANNEL = 'auth'

/** Requests the app sends, with their payloads. */
export interface FrameRequests {
  ConnectEmail: { email: string }
  ConnectOtp: { otp: string }
  ConnectDevice: Record<string, never>
  /** `returnTo`: the page to come back to with the answer in its query (Telegram), instead of a popup. */
  GetSocialRedirectUri: { provider: string; returnTo?: string }
  ConnectSocial: { uri: string }
  GetFarcasterUri: Record<string, never>
  ConnectFarcaster: Record<string, never>
  GetUser: { namespace?: string; chainId?: string; preferredAccountType?: string }
  IsConnected: Record<string, never>
  GetChainId: Record<string, never>
  SwitchNetwork: { chainId: string }
  RpcRequest: { namespace: string; chainId: string; method: string; params?: unknown }
  UpdateEmail: { email: string }
  UpdateEmailOtp: { otp: string }
  /** The modal's theme mode (dark, light, system) and its `--vb-*` variables. */
  SyncTheme: { themeMode: string; themeVariables: Record<string, string> }
  SyncDappData: { projectId: string; sdkVersion: string; metadata?: unknown }
  SignOut: Record<string, never>
  Reload: Record<string, never>
}
export type FrameRequestType = keyof FrameRequests

/** One account of the embedded wallet: its address and its type (eoa, smartAccount). */
export interface FrameAccount {
  address: string
  type: string
}

/** The signed-in user as the frame describes them. */
export interface FrameUser {
  email?: string
  /** The social login's provider and the user's name there. */
  socialProvider?: string
  userName?: string
  /** Accounts by namespace (eip155, solana …); the first of each is used. */
  accounts: Record<string, FrameAccount[]>
}

export type FrameAnswer =
  | { kind: 'ready' }
  | { kind: 'result'; id: string; payload: unknown }
  | { kind: 'error'; id: string; error: string }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const ID = /^[A-Za-z0-9_-]{1,64}$/

/** A message from the frame, parsed strictly; undefined for any other shape (which is then ignored). */
export function parseFrameMessage(data: unknown): FrameAnswer | undefined {
  if (!isObject(data) || data.vestibule !== CHANNEL) return undefined
  if (data.type === 'ready') return { kind: 'ready' }
  if (typeof data.id !== 'string' || !ID.test(data.id)) return undefined
  if (data.type === 'result') return { kind: 'result', id: data.id, payload: data.payload }
  if (data.type === 'error' && typeof data.error === 'string') return { kind: 'error', id: data.id, error: data.error }
  return undefined
}

const ADDRESS = /^[A-Za-z0-9:]{20,100}$/

/** The user of a GetUser (or connect) answer, checked: accounts with string addresses, names as short plain text. */
export function parseUser(payload: unknown): FrameUser {
  if (!isObject(payload) || !isObject(payload.accounts)) throw new Error('The secure site answered without accounts')
  const accounts: Record<string, FrameAccount[]> = {}
  for (const [namespace, list] of Object.entries(payload.accounts)) {
    if (!Array.isArray(list)) continue
    const valid = list.filter(
      (a): a is FrameAccount =>
        isObject(a) &&
        typeof a.address === 'string' &&
        ADDRESS.test(a.address) &&
        typeof a.type === 'string' &&
        /^[A-Za-z]{1,32}$/.test(a.type),
    )
    if (valid.length) accounts[namespace] = valid.map(({ address, type }) => ({ address, type }))
  }
  // The modal's rule for untrusted text (direction overrides, zero-width and control characters out, at most 120
  // characters), and no markup characters.
  const text = (value: unknown) => (typeof value === 'string' ? cleanText(value.replace(/[<>]/g, ''), 120) || undefined : undefined)
  return { email: text(payload.email), socialProvider: text(payload.socialProvider), userName: text(payload.userName), accounts }
}
