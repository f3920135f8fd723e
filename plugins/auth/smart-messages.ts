import type { I18n } from 'vestibule/kernel'

/** The English texts of the smart-account and smart-session views (added when the first of them loads; the account type row's label and the sessions view's title are titles). */
export const smartMessages = {
  'auth.eoa': 'EOA',
  'auth.smartAccount': 'Smart account',
  'auth.toEoa': 'Switch to your EOA',
  'auth.toSmartAccount': 'Switch to your smart account',
  'auth.switchingType': 'Switching…',
  'auth.deployed': 'Deployed',
  'auth.notDeployed': 'Deployed with its first transaction',
  'auth.noSessions': 'No smart sessions',
  'auth.sessionsLoading': 'Loading smart sessions…',
  'auth.revoke': 'Revoke',
  'auth.revoking': 'Revoking…',
  'auth.sessionExpires': 'Expires {date}',
  'auth.sessionPermissions': '{count, plural, one {# permission} other {# permissions}}',
}

export const addSmartMessages = (i18n: I18n) => i18n.add(smartMessages, () => import('./locales/index.js'))
