import type { I18n } from 'vestibule/kernel'

/** The English texts of the auth plugin's views and of its approval view's titles (added when the first view or the session code loads). */
export const messages = {
  'auth.approveTitle': 'Approve Transaction',
  'auth.signMessageTitle': 'Sign message',
  'auth.signTransactionTitle': 'Sign transaction',
  'auth.email': 'Email',
  'auth.socials': 'Socials',
  'auth.emailLabel': 'Email address',
  'auth.emailPlaceholder': 'you@example.com',
  'auth.continue': 'Continue',
  'auth.sending': 'Sending…',
  'auth.otpSent': 'Enter the 6-digit code we sent to {email}',
  'auth.otpDigit': 'Digit {n} of 6',
  'auth.verifying': 'Verifying…',
  'auth.resend': 'Resend code',
  'auth.connecting': 'Connecting…',
  'auth.continueWith': 'Continue with {name}',
  'auth.socialWaiting': 'Continue in the {name} window',
  'auth.socialCancel': 'Cancel',
  'auth.socialCancelled': 'The {name} login was cancelled',
  'auth.farcasterScan': 'Scan this QR code with your phone to sign in with Farcaster',
  'auth.farcasterOpen': 'Open Farcaster link',
  'auth.farcasterExpired': 'This sign-in link expired before it was approved.',
  'auth.farcasterRetry': 'Get a new link',
  'auth.approveSign': 'Sign this message?',
  'auth.approveSend': 'Send this transaction?',
  'auth.approveTo': 'To {address}',
  'auth.approveTransfer': 'To {address}: {amount}',
  'auth.approve': 'Approve',
  'auth.reject': 'Reject',
  'auth.newEmail': 'New email address',
  'auth.nothingPending': 'Nothing waits for your approval.',
} as const

const added = new WeakSet<I18n>()
/** Adds the catalog to a modal's i18n once. */
export function addMessages(i18n: I18n) {
  if (added.has(i18n)) return
  added.add(i18n)
  i18n.add(messages, () => import('./locales/index.js'))
}
