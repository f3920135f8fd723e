/** German texts of the analytics plugin. */
export default {
  'analytics.invalidAppConfiguration': 'Ungültige App-Konfiguration: Der Ursprung {origin} steht nicht auf der Zulassungsliste',
}
