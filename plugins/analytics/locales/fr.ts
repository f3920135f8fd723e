/** French texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration':
    'Configuration de l’application non valide : l’origine {origin} ne figure pas dans la liste autorisée',
}
