/** Portuguese texts of the kernel. */
export default {
  'alert.missingProjectId': 'Nenhum id de projeto foi definido: o catálogo de carteiras e as APIs do provedor estão indisponíveis',
}
