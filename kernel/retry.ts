import { BALANCE_RETRY_MS } from './caches.js'

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
