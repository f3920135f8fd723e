import { cleanText } from './sanitize.js'

/** Error texts of the product, shared by the kernel and every plugin so a message reads the same everywhere. */
export const ErrorText = {
  httpStatus: (status: number) => `HTTP status code: ${status}`,
  adapterNotFound: 'Adapter not found',
  chainAdapterNotFound: 'Chain adapter not found',
  networkNotFound: 'Network not found',
  invalidCaipAddress: 'Invalid CAIP Address',
  chainNotSupported: 'Chain is not supported',
  caipNetworkUndefined: 'CaipNetwork is undefined',
  failedToDisconnect: 'Failed to disconnect',
  connectionDeclined: 'Connection declined',
  signatureDeclined: 'Signature declined',
  transactionDeclined: 'Transaction declined',
} as const

/** Codes a caller can branch on without parsing messages. */
export type VestibuleErrorCode =
  | 'INVALID_OPTIONS'
  | 'INVALID_PLUGIN'
  | 'DUPLICATE_PLUGIN'
  | 'MISSING_PLUGIN'
  | 'UNKNOWN_VIEW'
  | 'DUPLICATE_VIEW'
  | 'UNKNOWN_SLOT'
  | 'DUPLICATE_SLOT_ENTRY'
  | 'MISSING_SERVICE'
  | 'PRIVATE_SERVICE'
  | 'USER_REJECTED'
  | 'WALLET_ERROR'
  | 'NOT_SUPPORTED'
  | 'NOT_CONNECTED'
  | 'HTTP'
  | 'DESTROYED'

/** An error raised by the kernel or a plugin; `code` is stable, `message` is for people. */
export class VestibuleError extends Error {
  override readonly name = 'VestibuleError'
  readonly code: VestibuleErrorCode
  override readonly cause?: unknown
  /** The wallet's own error code (EIP-1193 4001, 4902 …) when a wallet raised it. */
  readonly walletCode?: number | string
  /** The wallet's own words when a wallet raised it (cleaned, at most 200 characters): the UI shows them as such. */
  readonly walletMessage?: string
  constructor(code: VestibuleErrorCode, message: string, cause?: unknown, walletCode?: number | string, walletMessage?: string) {
    super(message)
    this.code = code
    this.cause = cause
    if (walletCode !== undefined) this.walletCode = walletCode
    if (walletMessage !== undefined) this.walletMessage = walletMessage
  }
}

/** Longest part of a wallet's own error message kept: a wallet may send a megabyte, or direction-changing text. */
export const WALLET_MESSAGE_MAX = 200

/**
 * What to show people for `error`: its message cleaned and cut at 200 characters, or, when a wallet raised it,
 * the wallet's words passed to `asWallet` (a view presents them as "Wallet says: …").
 */
export function shownMessage(error: unknown, asWallet: (words: string) => string = (words) => words): string {
  const words = error instanceof VestibuleError ? error.walletMessage : undefined
  return words ? asWallet(words) : cleanText(errorMessage(error), WALLET_MESSAGE_MAX) || 'Something went wrong'
}

/** EIP-1193 code 4001 and its look-alikes from other chain families mean the user said no. */
export function isUserRejection(error: unknown): boolean {
  if (error instanceof VestibuleError) return error.code === 'USER_REJECTED' || error.walletCode === 4001
  const e = error as { code?: unknown; message?: unknown } | null
  if (e && (e.code === 4001 || e.code === 'ACTION_REJECTED')) return true
  return typeof e?.message === 'string' && /user (rejected|denied)/i.test(e.message)
}

/** The most useful human text an unknown thrown value carries. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  const e = error as { message?: unknown } | null
  if (e && typeof e.message === 'string' && e.message) return e.message
  if (typeof error === 'string' && error) return error
  return 'Something went wrong'
}
