/** English texts of the tokens plugin. */
export const messages = {
  'tokens.tab': 'Tokens',
  'tokens.loading': 'Loading balances…',
  'tokens.empty': 'No tokens yet',
  'tokens.emptyHint': 'Tokens you receive on this network show here.',
  'tokens.unavailable': 'Token Balance Unavailable',
  'tokens.retry': 'Try again',
  'tokens.total': 'Total value',
  'tokens.list': 'Token balances',
  'tokens.noPrices': 'Test networks have no prices: their tokens show as $0.00.',
  'tokens.onChain': 'Read from the chain; prices may be missing.',
}
