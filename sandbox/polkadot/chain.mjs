// The polkadot family of the sandbox: chopsticks (a Substrate node emulator) on the raw genesis of Rococo Asset
// Hub, with the demo account funded. Chopsticks lives in its own package (sandbox/polkadot/tools) because it
// pulls a second @polkadot/util major; without it installed the family is skipped with the install command.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, rpc } from '../net.mjs'
import { root } from '../resolve.mjs'

const require = createRequire(import.meta.url)

export const TOOLS_DIR = path.join(root, 'sandbox/polkadot/tools')
export const CHOPSTICKS = path.join(TOOLS_DIR, 'node_modules/@acala-network/chopsticks/chopsticks.cjs')
export const INSTALL_COMMAND = 'npm install --ignore-scripts --no-audit --no-fund --prefix sandbox/polkadot/tools'

/** The demo key (sr25519 mini-secret). Never use it outside a local chain. */
export const DEMO_SEED = '0xa3a4bbf0ff2abe844261c593afd06f271447fa0bf800d7da49df86919f217bce'
export const DEMO_KEY_TYPE = 'sr25519'
/** 1234.567891234567 ROC: many decimals, so the 3-decimal truncation is visible. */
export const DEMO_BALANCE = 1234567891234567n
/** Rococo Asset Hub: ROC with 12 decimals, SS58 prefix 2. */
export const CHAIN = { name: 'Sandbox Asset Hub', ss58Prefix: 2, nativeCurrency: { name: 'Rococo', symbol: 'ROC', decimals: 12 } }

export const chopsticksInstalled = () => existsSync(CHOPSTICKS)

// JSON-RPC over HTTP (chopsticks answers HTTP and WebSocket on the same port); exported for the tests.
export { rpc }

/** The demo account's address with the chain's prefix (derived from the seed, so it cannot drift). */
export async function demoAccount(seed = DEMO_SEED, type = DEMO_KEY_TYPE) {
  const { Keyring } = await import('@polkadot/keyring')
  const { cryptoWaitReady } = await import('@polkadot/util-crypto')
  await cryptoWaitReady()
  return new Keyring({ type, ss58Format: CHAIN.ss58Prefix }).addFromSeed(Buffer.from(seed.slice(2), 'hex')).address
}

/** Sets the free balance of `address` (planck) directly in the chain state. */
export const setBalance = (url, address, free) =>
  rpc(url, 'dev_setStorage', [{ System: { Account: [[[address], { providers: 1, data: { free: free.toString() } }]] } }])

/**
 * Starts chopsticks on `port` (a free one when 0) and resolves once it answers; about 3 s and 300 MB, so start
 * it once per test file. Throws when chopsticks is not installed.
 */
export async function startChopsticks({ port = 0 } = {}) {
  if (!chopsticksInstalled()) throw new Error(`chopsticks is not installed; run \`${INSTALL_COMMAND}\``)
  const dir = await mkdtemp(path.join(tmpdir(), 'vb-chopsticks-'))
  const genesis = path.join(dir, 'rococo_v2_2_asset_hub.json')
  await writeFile(genesis, require('@substrate/connect-known-chains/rococo_v2_2_asset_hub').chainSpec)
  const actualPort = port || (await freePort())
  const child = spawn(
    process.execPath,
    [CHOPSTICKS, '--genesis', genesis, '--host', '127.0.0.1', '--port', String(actualPort), '--build-block-mode', 'Instant'],
    {
      cwd: dir,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let output = ''
  const keep = (chunk) => (output = (output + chunk).slice(-4000))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    }
    await rm(dir, { recursive: true, force: true })
  }
  const http = `http://127.0.0.1:${actualPort}`
  const deadline = Date.now() + 60_000
  let genesisHash
  while (!genesisHash) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`chopsticks exited (${child.exitCode}): ${output.slice(-1500)}`)
    }
    try {
      genesisHash = await rpc(http, 'chain_getBlockHash', [0])
    } catch {
      /* not up yet */
    }
    if (!genesisHash && Date.now() > deadline) {
      await stop()
      throw new Error(`chopsticks did not answer on ${http} within 60 s: ${output.slice(-1500)}`)
    }
    if (!genesisHash) await new Promise((r) => setTimeout(r, 100))
  }
  return { http, ws: `ws://127.0.0.1:${actualPort}`, port: actualPort, genesisHash, stop }
}

/** The network definition (input of `defineNetwork` from vestibule/chains/polkadot) for a running chopsticks. */
export const networkOf = (node) => ({
  ...CHAIN,
  genesisHash: node.genesisHash,
  rpcUrls: { default: { http: [node.http], webSocket: [node.ws] } },
  testnet: true,
})

/** The sandbox family hook (see EXTRA_FAMILIES in sandbox/server.mjs). */
export async function start({ port = 0 } = {}) {
  if (!chopsticksInstalled()) return { skipped: `chopsticks is not installed; run \`${INSTALL_COMMAND}\`` }
  const node = await startChopsticks({ port })
  try {
    const address = await demoAccount()
    await setBalance(node.http, address, DEMO_BALANCE)
    return {
      config: { network: networkOf(node), wallet: { seed: DEMO_SEED, keyType: DEMO_KEY_TYPE, address } },
      wallet: { entry: 'sandbox/polkadot/wallet.ts', url: '/wallets/polkadot.js' },
      describe: `chopsticks ${node.ws} (Rococo Asset Hub genesis, ROC); demo account ${address}`,
      node,
      address,
      stop: node.stop,
    }
  } catch (error) {
    await node.stop()
    throw error
  }
}
