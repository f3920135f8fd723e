/** German texts of the tokens plugin. */
export default {
  'tokens.tab': 'Token',
  'tokens.loading': 'Guthaben werden geladen…',
  'tokens.empty': 'Noch keine Token',
  'tokens.emptyHint': 'Hier erscheinen Token, die du in diesem Netzwerk erhältst.',
  'tokens.unavailable': 'Token-Guthaben nicht verfügbar',
  'tokens.retry': 'Erneut versuchen',
  'tokens.total': 'Gesamtwert',
  'tokens.list': 'Token-Guthaben',
  'tokens.noPrices': 'Testnetzwerke haben keine Preise: Ihre Token werden mit 0,00 $ angezeigt.',
  'tokens.onChain': 'Von der Chain gelesen; Preise können fehlen.',
}
