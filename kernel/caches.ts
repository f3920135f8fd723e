/** Cache lifetimes and retry spacing. */
export const CacheTtl = {
  balance: 30_000,
  nativeBalance: 30_000,
} as const

/** Token balances are fetched again no sooner than this after a failure. */
export const BALANCE_RETRY_MS = 30_000
