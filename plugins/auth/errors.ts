/** The embedded wallet's error texts, as the frame and the app show them. */
export const AuthErrorText = {
  originNotAllowed: 'Unauthorized: origin not allowed',
  invalidKey: 'Unauthorized: invalid key',
  sessionExpired: 'JWT Token is not yet valid',
  networkNotFound: 'Network Not Found',
  projectIdNotConfigured: 'Project ID Not Configured',
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  aborted: 'Request was aborted',
  generic: 'An error occurred',
  loadFailed: 'Unable to load email login dependency',
  /** A wait on the user (a sign-in link) ran out. */
  expired: 'The sign-in link expired',
} as const

const KNOWN: ReadonlySet<string> = new Set(Object.values(AuthErrorText))

/** Texts of the secure site's own checks a user may read (a wrong code, a cooldown); anything else is generic. */
const USER_TEXT = /^[\w\s.,:'()!?-]{1,160}$/

/** An error raised by the embedded wallet, with the text to show. */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** The text of an error the frame sent: one of the known texts, or a short plain sentence, else "An error occurred". */
export function frameErrorText(text: string): string {
  if (KNOWN.has(text)) return text
  return USER_TEXT.test(text) ? text : AuthErrorText.generic
}
