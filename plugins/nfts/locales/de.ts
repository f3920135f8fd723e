/** German texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFTs',
  'nfts.loading': 'Sammlerstücke werden geladen…',
  'nfts.empty': 'Noch keine NFTs',
  'nfts.emptyHint': 'Hier erscheinen die Sammlerstücke dieses Kontos in diesem Netzwerk.',
  'nfts.failed': 'NFTs konnten nicht abgerufen werden',
  'nfts.retry': 'Erneut versuchen',
  'nfts.unavailable': 'NFTs sind auf {network} nicht verfügbar',
  'nfts.list': 'Sammlerstücke',
}
