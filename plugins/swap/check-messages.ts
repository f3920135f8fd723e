/**
 * English texts of what the swap's checks say, added with the swap's lazy part (they show only in the Swap view):
 * a quote far better than the tokens' prices, and a network whose node cannot try the swap before the wallet signs.
 */
export const checkMessages = {
  'swap.gainWarning': 'This quote gives {impact} more than the tokens are worth: it is probably not real.',
  'swap.quoteOnly': 'This network cannot check the swap before you sign; it was checked against the quote only.',
}
