/** What an error means for the people using the modal: the words to show, whether they said no. */
import { VestibuleError, errorMessage, WALLET_MESSAGE_MAX } from './errors.js'
import { cleanText } from './sanitize.js'

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
