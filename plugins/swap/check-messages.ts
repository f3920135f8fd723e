/**
 * English texts of what the swap's checks say, added with the swap's lazy part (they show only in the Swap view):
 * a quote far better than the tokens' prices, a network whose node cannot try the swap before the wallet signs, and
 * a node that failed while trying it.
 */
export const checkMessages = {
  'swap.gainWarning': 'This quote gives {impact} more than the tokens are worth: it is probably not real.',
  'swap.quoteOnly': 'This network cannot check the swap before you sign; it was checked against the quote only.',
  'swap.checkFault.http':
    'The swap was not checked, so nothing was sent: the network’s node answered with an error (HTTP {status}). Review it again once the node answers.',
  'swap.checkFault.timeout':
    'The swap was not checked, so nothing was sent: the network’s node did not answer in time. Review it again once the node answers.',
  'swap.checkFault.unreachable':
    'The swap was not checked, so nothing was sent: the network’s node cannot be reached. Review it again once the node answers.',
  'swap.checkFault.other':
    'The swap was not checked, so nothing was sent: the network’s node could not try it. Review it again once the node answers.',
}
