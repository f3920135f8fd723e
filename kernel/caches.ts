/** Cache lifetimes and retry spacing of spec §9. */
export const CacheTtl = {
  balance: 30_000,
  nativeBalance: 30_000,
  ens: 5 * 60_000,
  identity: 5 * 60_000,
} as const

/** Token balances are fetched again no sooner than this after a failure. */
export const BALANCE_RETRY_MS = 30_000

/** Spaces out retries after a failure: `canTry()` is false until `ms` passed since the last `failed()`. */
export interface RetryGate {
  canTry(): boolean
  failed(): void
  succeeded(): void
}

export function createRetryGate(ms = BALANCE_RETRY_MS, now: () => number = Date.now): RetryGate {
  let failedAt: number | undefined
  return {
    canTry: () => failedAt === undefined || now() - failedAt >= ms,
    failed: () => void (failedAt = now()),
    succeeded: () => void (failedAt = undefined),
  }
}
