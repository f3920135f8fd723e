/** A wallet request unanswered this long is slow: the view says it takes longer than expected. */
export const SLOW_REQUEST_MS = 3_000
/** A wallet request unanswered this long may be sent again: the view offers to. */
export const ASK_AGAIN_MS = 5_000

/** Where a wait for a wallet's answer stands: just asked, slow (from 3 s), or long enough to ask again (from 5 s). */
export type WaitStage = 'waiting' | 'slow' | 'askAgain'

/**
 * The clock of one wait for a wallet: `onStage('slow')` 3 s and `onStage('askAgain')` 5 s after the call. The
 * returned function stops it (the wallet answered, the request was sent again, the view closed).
 */
export function watchWait(onStage: (stage: WaitStage) => void): () => void {
  const timers = [setTimeout(() => onStage('slow'), SLOW_REQUEST_MS), setTimeout(() => onStage('askAgain'), ASK_AGAIN_MS)]
  return () => timers.forEach(clearTimeout)
}
