/** English texts of the sign-in plugin that show before its flow loads: the header and a refused close. */
export const titles = {
  'siwx.title': 'Sign in',
  'siwx.closeRefused': 'Sign in to continue: this app requires it. Cancel to disconnect instead.',
} as const
