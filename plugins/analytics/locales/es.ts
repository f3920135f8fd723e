/** Spanish texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': 'Configuración de la app no válida: el origen {origin} no está en la lista de permitidos',
}
