/** A pairing URI is valid 4 minutes and treated as expired within 10 s of its expiry. */
export const PAIRING_EXPIRY_MS = 4 * 60_000
export const PAIRING_EXPIRY_MARGIN_MS = 10_000
/** The relay gets 10 s to hand out a pairing URI before the user sees an error. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000

/** True when a URI expiring at `expiresAt` must no longer be offered at `now` (10 s early, or when unknown). */
export function isPairingExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt === undefined || now >= expiresAt - PAIRING_EXPIRY_MARGIN_MS
}
