/** German texts of the kernel. */
export default {
  'alert.missingProjectId': 'Es wurde keine Projekt-ID angegeben: Wallet-Katalog und Anbieter-APIs sind nicht verfügbar',
}
