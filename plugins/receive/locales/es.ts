/** Spanish texts of the receive plugin. */
export default {
  'receive.title': 'Recibir',
  'receive.feature': 'Recibir',
  'receive.qrLabel': 'Tu dirección como código QR',
  'receive.qrLabelOn': 'Tu dirección en {network} como código QR',
  'receive.copy': 'Copiar dirección',
  'receive.copied': 'Dirección copiada',
  'receive.copyFailed': 'No se pudo copiar la dirección',
  'receive.networks': 'Envía solo en estas redes',
  'receive.hint': 'Escanéalo con una app de billetera o copia la dirección.',
  'receive.notConnected': 'Conecta una billetera para ver tu dirección',
  'receive.uriLabel': 'Enlace de pago',
}
