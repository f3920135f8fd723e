/** German texts of the receive plugin. */
export default {
  'receive.title': 'Empfangen',
  'receive.feature': 'Empfangen',
  'receive.qrLabel': 'Deine Adresse als QR-Code',
  'receive.qrLabelOn': 'Deine Adresse auf {network} als QR-Code',
  'receive.copy': 'Adresse kopieren',
  'receive.copied': 'Adresse kopiert',
  'receive.copyFailed': 'Die Adresse konnte nicht kopiert werden',
  'receive.networks': 'Nur in diesen Netzwerken senden',
  'receive.hint': 'Mit einer Wallet-App scannen oder die Adresse kopieren.',
  'receive.notConnected': 'Verbinde eine Wallet, um deine Adresse zu sehen',
  'receive.uriLabel': 'Zahlungslink',
}
