/** Spanish texts of the tokens plugin. */
export default {
  'tokens.tab': 'Tokens',
  'tokens.loading': 'Cargando saldos…',
  'tokens.empty': 'Todavía no hay tokens',
  'tokens.emptyHint': 'Aquí aparecen los tokens que recibas en esta red.',
  'tokens.unavailable': 'Saldo de tokens no disponible',
  'tokens.retry': 'Reintentar',
  'tokens.total': 'Valor total',
  'tokens.list': 'Saldos de tokens',
  'tokens.noPrices': 'Las redes de prueba no tienen precios: sus tokens aparecen como 0,00 $.',
  'tokens.onChain': 'Leído de la cadena; puede que falten precios.',
}
