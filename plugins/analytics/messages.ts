/** English texts of the analytics plugin. */
export const messages = {
  'analytics.invalidAppConfiguration': 'Invalid App Configuration: origin {origin} not found on the allowlist',
}
