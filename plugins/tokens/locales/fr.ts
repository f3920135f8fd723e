/** French texts of the tokens plugin. */
export default {
  'tokens.tab': 'Jetons',
  'tokens.loading': 'Chargement des soldes…',
  'tokens.empty': 'Aucun jeton pour l’instant',
  'tokens.emptyHint': 'Les jetons que vous recevez sur ce réseau s’affichent ici.',
  'tokens.unavailable': 'Solde des jetons indisponible',
  'tokens.retry': 'Réessayer',
  'tokens.total': 'Valeur totale',
  'tokens.list': 'Soldes des jetons',
  'tokens.noPrices': 'Les réseaux de test n’ont pas de prix : leurs jetons s’affichent à 0,00 $.',
  'tokens.onChain': 'Lu sur la chaîne ; des prix peuvent manquer.',
}
