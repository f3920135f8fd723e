/** Portuguese texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': 'Configuração do app inválida: a origem {origin} não está na lista de permissões',
}
