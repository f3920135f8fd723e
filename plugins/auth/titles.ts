/** English titles of the auth plugin's views, there before the views' code loads. */
export const titles = {
  'auth.otpTitle': 'Confirm Email',
  'auth.socialTitle': 'Log in',
  'auth.updateTitle': 'Change Email',
  'auth.smartSessions': 'Smart sessions',
  'auth.accountType': 'Account type',
} as const
