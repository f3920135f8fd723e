/** French texts of the receive plugin. */
export default {
  'receive.title': 'Recevoir',
  'receive.feature': 'Recevoir',
  'receive.qrLabel': 'Votre adresse sous forme de code QR',
  'receive.qrLabelOn': 'Votre adresse sur {network} sous forme de code QR',
  'receive.copy': 'Copier l’adresse',
  'receive.copied': 'Adresse copiée',
  'receive.copyFailed': 'Impossible de copier l’adresse',
  'receive.networks': 'N’envoyez que sur ces réseaux',
  'receive.hint': 'Scannez-le avec une application de portefeuille ou copiez l’adresse.',
  'receive.notConnected': 'Connectez un portefeuille pour voir votre adresse',
  'receive.uriLabel': 'Lien de paiement',
}
