/** Email rules of the embedded wallet's login: what counts as an address, and the time between two sends. */

/** At least this long between two emails asking for a code (login, resend, update). */
export const EMAIL_COOLDOWN_MS = 30_000

/**
 * A plain address: local part and domain of printable characters without spaces, quotes, angle brackets or other
 * markup, a dot in the domain, at most 254 characters. Control characters and HTML never reach the frame.
 */
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value) && !/\.\.|^\.|\.@/.test(value)
}

/** A one-time code: six digits. */
export const isOtp = (value: unknown): value is string => typeof value === 'string' && /^\d{6}$/.test(value)

/** The message when an email is asked for again too soon, or undefined when it may be sent (`last` in ms). */
export function cooldownText(last: number | undefined, now: number): string | undefined {
  if (last === undefined) return undefined
  const left = last + EMAIL_COOLDOWN_MS - now
  return left > 0 ? `Please try again after ${Math.ceil(left / 1000)} seconds` : undefined
}
