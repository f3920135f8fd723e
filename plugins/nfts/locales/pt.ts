/** Portuguese texts of the nfts plugin. */
export default {
  'nfts.tab': 'NFTs',
  'nfts.loading': 'Carregando colecionáveis…',
  'nfts.empty': 'Ainda não há NFTs',
  'nfts.emptyHint': 'Os colecionáveis desta conta nesta rede aparecem aqui.',
  'nfts.failed': 'Falha ao buscar os NFTs',
  'nfts.retry': 'Tentar novamente',
  'nfts.unavailable': 'NFTs não estão disponíveis em {network}',
  'nfts.list': 'Colecionáveis',
}
