/** The auth plugin's state slice and the shared names of its eager and lazy parts. */

/** The connector id of the embedded wallet, in every namespace. */
export const ID_AUTH = 'ID_AUTH'

/** The views of the plugin. */
export const AuthViews = {
  otp: 'EmailVerifyOtp',
  social: 'ConnectingSocial',
  farcaster: 'ConnectingFarcaster',
  approve: 'ApproveTransaction',
  updateEmail: 'UpdateEmail',
  smartSessions: 'SmartSessions',
} as const

/** Where the login is: the form, waiting for a code, at a social provider, connecting, or signed in. */
export type AuthStep = 'idle' | 'sending' | 'otp' | 'verifying' | 'social' | 'farcaster' | 'connecting' | 'connected'

/** A request of the connected dapp waiting for the user's approval. */
export interface PendingApproval {
  id: number
  namespace: string
  method: string
  params: unknown
}

export interface AuthState {
  step: AuthStep
  /** The email being signed in (kept when a code is wrong). */
  email?: string
  /** What went wrong last, as shown. */
  error?: string
  /** Which form the error belongs to while the Connect view shows both. */
  failed?: 'email' | 'social'
  socialProvider?: string
  /** The Farcaster sign-in link shown as a QR code. */
  farcasterUrl?: string
  /** The social login (its provider id) the user cancelled at the provider (denied access there). */
  cancelled?: string
  /** The Farcaster link ran out before it was approved: the QR code is gone, a new link can be asked for. */
  farcasterExpired?: boolean
  /** The signed-in user's email or social name. */
  userName?: string
  /** A code for a new email was sent to `updatingEmail`. */
  updatingEmail?: string
  approval?: PendingApproval
}

export const INITIAL_STATE: AuthState = { step: 'idle' }

/** Storage keys in the plugin's storage. */
export const StoredKeys = {
  /** Marks a signed-in embedded wallet: `{ namespaces }` (restored on reload). */
  session: 'session',
  socialProvider: 'socialProvider',
  socialUsername: 'socialUsername',
  /** The social login chosen inside Telegram, read again when the page comes back from the provider. */
  telegramSocialProvider: 'telegramSocialProvider',
} as const

/** The page's query parameter that carries the provider's answer back when Telegram's login left the page. */
export const SOCIAL_RESULT_PARAM = 'result_uri'
