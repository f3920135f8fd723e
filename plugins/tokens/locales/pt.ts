/** Portuguese texts of the tokens plugin. */
export default {
  'tokens.tab': 'Tokens',
  'tokens.loading': 'Carregando saldos…',
  'tokens.empty': 'Ainda não há tokens',
  'tokens.emptyHint': 'Os tokens que você receber nesta rede aparecem aqui.',
  'tokens.unavailable': 'Saldo de tokens indisponível',
  'tokens.retry': 'Tentar novamente',
  'tokens.total': 'Valor total',
  'tokens.list': 'Saldos de tokens',
  'tokens.noPrices': 'Redes de teste não têm preços: seus tokens aparecem como US$ 0,00.',
  'tokens.onChain': 'Lido da rede; os preços podem estar ausentes.',
}
