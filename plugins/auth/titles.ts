/** English titles of the auth plugin's views, there before the views' code loads. */
export const titles = {
  'auth.otpTitle': 'Confirm Email',
  'auth.socialTitle': 'Log in',
  'auth.approveTitle': 'Approve Transaction',
  'auth.updateTitle': 'Change Email',
} as const
