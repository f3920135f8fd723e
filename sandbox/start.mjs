// `npm start`: brings the sandbox up and prints where it is. Ports: VB_PORT, VB_ANVIL_PORT, VB_L2_PORT, VB_API_PORT.
import { describePages } from './pages.mjs'
import { EXTRA_FAMILIES, startSandbox } from './server.mjs'

const port = (name, fallback) => {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`${name} must be a port number (0-65535), got "${value}"`)
    process.exit(1)
  }
  return n
}

const sandbox = await startSandbox({
  port: port('VB_PORT', 5173),
  anvilPort: port('VB_ANVIL_PORT', 8545),
  l2Port: port('VB_L2_PORT', 8546),
  apiPort: port('VB_API_PORT', 5174),
  families: EXTRA_FAMILIES,
}).catch((error) => {
  console.error(`The sandbox could not start: ${error.message}`)
  console.error('Is a port taken? Set VB_PORT, VB_ANVIL_PORT, VB_L2_PORT or VB_API_PORT to free ones (0 picks any).')
  process.exit(1)
})
console.log(`Vestibule sandbox
  demo app      ${sandbox.url}
  local chain   ${sandbox.chain.url} (chain 31337)
  sandbox L2    ${sandbox.l2.url} (chain ${sandbox.l2.chainId}; the wallet adds it on first switch)
  provider API  ${sandbox.providerApi.url} (wallet catalog, images, blockchain API)
  on-ramp       ${sandbox.onramp.url} (provider checkout page: "Pay" credits the local chain)
  demo account  ${sandbox.address}
  WC relay      ${sandbox.walletConnect.relay.url} (loopback WalletConnect relay)
  email login   ${sandbox.url}?auth (email and social login through the embedded wallet)
  secure site   ${sandbox.auth.secureSite.url} (the embedded wallet's frame and keys)
  mailbox       ${sandbox.auth.mail.url} (login codes sent over SMTP)
  OAuth         ${sandbox.auth.oauth.url} (local social login provider)
  mobile wallet ${sandbox.url.replace('127.0.0.1', 'localhost')}mobile-wallet (Sandbox Mobile Wallet: paste a pairing URI; "localhost" keeps its storage apart)
                ${[`eip155 ${sandbox.walletConnect.address}`, ...Object.entries(sandbox.walletConnect.accounts).map(([ns, a]) => `${ns} ${a.address}`)].join('\n                ')}
${Object.values(sandbox.families)
  .map((f) => (f.skipped ? `  ${f.family.padEnd(13)} skipped: ${f.skipped}` : `  ${f.family.padEnd(13)} ${f.describe}`))
  .join('\n')}
${describePages(sandbox.url)}
Open the demo app, click "Connect wallet" and pick "Sandbox Wallet". Ctrl+C stops everything.`)
const stop = async () => {
  await sandbox.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
