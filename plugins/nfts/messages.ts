/** English texts of the NFTs plugin. */
export const messages = {
  'nfts.tab': 'NFTs',
  'nfts.loading': 'Loading collectibles…',
  'nfts.empty': 'No NFTs yet',
  'nfts.emptyHint': 'Collectibles this account holds on this network show here.',
  'nfts.failed': 'Failed to fetch NFTs',
  'nfts.retry': 'Try again',
  'nfts.unavailable': 'NFTs are not available on {network}',
  'nfts.list': 'Collectibles',
}
