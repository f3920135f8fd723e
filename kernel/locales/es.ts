/** Spanish texts of the kernel. */
export default {
  'alert.missingProjectId': 'No se indicó un id de proyecto: el catálogo de billeteras y las API del proveedor no están disponibles',
}
