// The WalletConnect part of the sandbox: the loopback relay and the Sandbox Mobile Wallet (a page on the real
// @reown/walletkit, holding its own funded keys). server.mjs serves the page and bundles its script.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { rpc } from '../net.mjs'
import { root } from '../resolve.mjs'

/** The mobile wallet's keys: another device than the Sandbox Wallets'. Never use them outside a local chain. */
export const MOBILE_WALLET_PRIVATE_KEY = '0x864848f62cfcc25ed04bc0cb9998a8772067390dfbd9c33c82de493ab0b2bf0a'
export const MOBILE_WALLET_BALANCE_WEI = 250n * 10n ** 18n
/** Solana: an ed25519 seed (hex); funded with 5.5 SOL. */
export const MOBILE_SOLANA_SEED = '9d4b1f7a3c2e5d6f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7'
export const MOBILE_SOLANA_LAMPORTS = 5_500_000_000n
/** Polkadot: an sr25519 mini-secret; funded with 321.5 ROC. */
export const MOBILE_POLKADOT_SEED = '0x5c7e2a9f41b3d8c6e0f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c2d4e6f8a0b2c4d6'
export const MOBILE_POLKADOT_BALANCE = 321_500_000_000_000n
/** bip122: a secp256k1 key (hex) whose P2WPKH address gets two outputs. */
export const MOBILE_BIP122_KEY = '3b6a27bcceb6a42d62a3a8d02a6f0d73653215771de243a63ac048a18b59da29'
export const MOBILE_BIP122_FUNDING = ['2.5', '0.125']

/**
 * Starts the relay in its own process on `port` (0: a free one), so it can fail as a real relay does: `kill()`
 * ends the process (SIGKILL: every socket drops, its mailbox is lost) and `restart()` starts a new one on the
 * same port.
 */
export async function spawnRelay({ port = 0 } = {}) {
  let child
  const start = async (wanted) => {
    child = spawn(process.execPath, [path.join(root, 'sandbox/walletconnect/relay-process.mjs'), String(wanted)], {
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    })
    const exited = once(child, 'exit').then(([code]) => {
      throw new Error(`The WalletConnect relay exited with ${code} before it listened`)
    })
    const lines = createInterface({ input: child.stdout })
    const listening = once(lines, 'line').then(([line]) => JSON.parse(line).port)
    try {
      return await Promise.race([listening, exited])
    } finally {
      lines.close()
      exited.catch(() => undefined)
    }
  }
  const stopped = async (signal) => {
    const current = child
    if (!current || current.exitCode !== null || current.signalCode !== null) return
    const exit = once(current, 'exit')
    current.kill(signal)
    await exit
  }
  const listening = await start(port)
  return {
    url: `ws://127.0.0.1:${listening}`,
    port: listening,
    /** The process id of the running relay. */
    get pid() {
      return child.pid
    },
    /** Kills the relay process, as a crash would: clients see their sockets close and cannot reconnect. */
    kill: () => stopped('SIGKILL'),
    /** A new relay process on the same port (an empty mailbox); clients reconnect to it. */
    async restart() {
      await stopped('SIGKILL')
      await start(listening)
    },
    stop: () => stopped('SIGTERM'),
  }
}

/**
 * What the mobile wallet holds on each running chain family (`families`: the sandbox's family handles by
 * name): its own key, funded there, and what the page needs to sign and send.
 */
async function familyAccounts(families) {
  const accounts = {}
  const { solana, polkadot, bip122 } = families
  if (solana) {
    const { demoAddress } = await import('../solana/chain.mjs')
    const address = await demoAddress(MOBILE_SOLANA_SEED.replace(/^0x/, ''))
    await solana.chain.fund(address, MOBILE_SOLANA_LAMPORTS)
    const { config } = solana
    accounts.solana = {
      seed: MOBILE_SOLANA_SEED,
      address,
      rpc: config.rpc,
      ws: config.ws,
      caipNetworkId: `solana:${config.genesisHash.slice(0, 32)}`,
    }
  }
  if (polkadot) {
    const { CHAIN, demoAccount, setBalance } = await import('../polkadot/chain.mjs')
    const address = await demoAccount(MOBILE_POLKADOT_SEED, 'sr25519')
    await setBalance(polkadot.node.http, address, MOBILE_POLKADOT_BALANCE)
    const genesisHash = polkadot.node.genesisHash
    accounts.polkadot = {
      seed: MOBILE_POLKADOT_SEED,
      keyType: 'sr25519',
      address,
      ss58Prefix: CHAIN.ss58Prefix,
      genesisHash,
      caipNetworkId: `polkadot:${genesisHash.slice(2, 34)}`,
    }
  }
  if (bip122) {
    const { p2wpkhAddress } = await import('../bip122/chain.mjs')
    const address = await p2wpkhAddress(MOBILE_BIP122_KEY)
    await bip122.chain.faucet.fund(address, MOBILE_BIP122_FUNDING)
    const { network } = bip122.chain
    accounts.bip122 = {
      privateKey: MOBILE_BIP122_KEY,
      address,
      caipNetworkId: network.caipNetworkId,
      bitcoinjs: network.bitcoinjs,
      esploraUrl: network.esploraUrl,
    }
  }
  return accounts
}

/**
 * Starts the relay and funds the mobile wallet on `chains` (chain id → RPC URL) and on the running chain
 * `families`. Returns the page config, the script to bundle, the page's HTML and a stop function.
 */
export async function startWalletConnect({ chains, relayPort = 0, families = {} }) {
  const [{ privateKeyToAccount }, relay, html] = await Promise.all([
    import('viem/accounts'),
    spawnRelay({ port: relayPort }),
    readFile(path.join(root, 'sandbox/walletconnect/mobile-wallet.html'), 'utf8'),
  ])
  const address = privateKeyToAccount(MOBILE_WALLET_PRIVATE_KEY).address
  const [accounts] = await Promise.all([
    familyAccounts(families),
    ...Object.values(chains).map((url) => rpc(url, 'anvil_setBalance', [address, `0x${MOBILE_WALLET_BALANCE_WEI.toString(16)}`])),
  ]).catch(async (error) => {
    await relay.stop()
    throw error
  })
  return {
    relay,
    address,
    /** The mobile wallet's account per running family (`address`, and what its page signs with). */
    accounts,
    html,
    /** Reaches the pages as `window.__SANDBOX__.walletConnect`. */
    config: {
      relayUrl: relay.url,
      mobileWallet: { relayUrl: relay.url, privateKey: MOBILE_WALLET_PRIVATE_KEY, address, chains, families: accounts },
    },
    bundle: { entry: 'sandbox/walletconnect/mobile-wallet.ts', url: '/mobile-wallet.js' },
    /** Paths the wallet page answers on: itself and its deep link (`/mobile-wallet/wc?uri=…`). */
    serves: (pathname) => pathname === '/mobile-wallet' || pathname === '/mobile-wallet/' || pathname === '/mobile-wallet/wc',
    stop: () => relay.stop(),
  }
}
