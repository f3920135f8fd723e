/** Portuguese texts of the receive plugin. */
export default {
  'receive.title': 'Receber',
  'receive.feature': 'Receber',
  'receive.qrLabel': 'Seu endereço como código QR',
  'receive.qrLabelOn': 'Seu endereço em {network} como código QR',
  'receive.copy': 'Copiar endereço',
  'receive.copied': 'Endereço copiado',
  'receive.copyFailed': 'Não foi possível copiar o endereço',
  'receive.networks': 'Envie somente nestas redes',
  'receive.hint': 'Escaneie com um app de carteira ou copie o endereço.',
  'receive.notConnected': 'Conecte uma carteira para ver seu endereço',
  'receive.uriLabel': 'Link de pagamento',
}
