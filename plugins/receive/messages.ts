/** English texts of the receive plugin. */
export const messages = {
  'receive.title': 'Receive',
  'receive.feature': 'Receive',
  'receive.qrLabel': 'Your address as a QR code',
  'receive.qrLabelOn': 'Your address on {network} as a QR code',
  'receive.uriLabel': 'Payment link',
  'receive.copy': 'Copy address',
  'receive.copied': 'Address copied',
  'receive.copyFailed': 'Could not copy the address',
  'receive.networks': 'Send only on these networks',
  'receive.hint': 'Scan with a wallet app, or copy the address.',
  'receive.notConnected': 'Connect a wallet to see your address',
}
