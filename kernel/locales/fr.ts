/** French texts of the kernel. */
export default {
  'alert.missingProjectId':
    'Aucun identifiant de projet n’a été défini : le catalogue de portefeuilles et les API du fournisseur sont indisponibles',
}
