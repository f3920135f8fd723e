import { VestibuleError, WALLET_MESSAGE_MAX, errorMessage, isUserRejection } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'

/**
 * The error a chain adapter raises for what a wallet threw: USER_REJECTED when `rejected`, else WALLET_ERROR; the
 * wallet's code kept as `walletCode`, its message cleaned of hidden characters and cut at 200 characters (after
 * `prefix`, the adapter's own words) and kept as `walletMessage`. A VestibuleError passes through unchanged.
 */
export function walletError(
  error: unknown,
  {
    rejected = isUserRejection(error),
    prefix = '',
    walletCode,
  }: { rejected?: boolean; prefix?: string; walletCode?: number | string } = {},
): VestibuleError {
  if (error instanceof VestibuleError) return error
  const raw = (error as { code?: unknown } | null)?.code
  const code = walletCode ?? (typeof raw === 'number' || typeof raw === 'string' ? raw : undefined)
  const words = cleanText(errorMessage(error), WALLET_MESSAGE_MAX) || 'Something went wrong'
  return new VestibuleError(rejected ? 'USER_REJECTED' : 'WALLET_ERROR', prefix + words, error, code, words)
}
