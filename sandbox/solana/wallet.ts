/**
 * Sandbox Solana Wallet: a Wallet Standard wallet registered through the registration protocol
 * (`wallet-standard:register-wallet` / `wallet-standard:app-ready`), as Solana extensions do. It holds a
 * real ed25519 key, asks before connecting, signing or sending, and sends to the sandbox's litesvm cluster.
 * Loaded as a plain script before the page's own code, like an extension's content script.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, VersionedTransaction } from '@solana/web3.js'
import { askUser } from '../wallet/prompt.js'
import { WalletError, rejected } from '../wallet/wallet-error.js'

interface SolanaSandboxConfig {
  rpc: string
  ws: string
  walletChain: string
  /** The demo key's 32-byte ed25519 seed, hex. */
  seed: string
}

type Change = { accounts?: readonly WalletAccount[]; chains?: readonly string[]; features?: Record<string, unknown> }
interface WalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label?: string
}

const config = (window as unknown as { __SANDBOX__: { families: { solana: SolanaSandboxConfig } } }).__SANDBOX__.families.solana
const seed = Uint8Array.from(config.seed.match(/../g)!.map((h) => Number.parseInt(h, 16)))
const keypair = Keypair.fromSeed(seed)
const connection = new Connection(config.rpc, { commitment: 'confirmed', wsEndpoint: config.ws })
const STORE = 'sandbox-solana-wallet'
const origin = location.origin

const SIGN_FEATURES = ['solana:signMessage', 'solana:signAndSendTransaction', 'solana:signTransaction'] as const
const account: WalletAccount = Object.freeze({
  address: keypair.publicKey.toBase58(),
  publicKey: keypair.publicKey.toBytes(),
  chains: Object.freeze([config.walletChain]),
  features: Object.freeze([...SIGN_FEATURES]),
  label: 'Sandbox',
})

const state = {
  granted: localStorage.getItem(STORE) === 'granted',
  /** Accounts are shown to the page only after connect (silent or not), like real extensions. */
  connected: false,
  disabled: new Set<string>(),
}
const listeners = new Set<(change: Change) => void>()
const emit = (change: Change) => listeners.forEach((l) => l(change))

const requireAccount = (input: { account: WalletAccount }) => {
  if (!state.connected || input.account?.address !== account.address)
    throw new WalletError(4100, 'The requested account has not been authorized by the user.')
}

/** A line for the prompt: the SOL transfers the transaction makes, or its instruction count. */
function describe(tx: VersionedTransaction): string {
  const keys = tx.message.staticAccountKeys
  const lines = tx.message.compiledInstructions.map((ix) => {
    const program = keys[ix.programIdIndex]
    const data = ix.data
    if (
      program?.equals(SystemProgram.programId) &&
      data.length === 12 &&
      new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2
    ) {
      const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true)
      const whole = lamports / BigInt(LAMPORTS_PER_SOL)
      const fraction = (lamports % BigInt(LAMPORTS_PER_SOL)).toString().padStart(9, '0').replace(/0+$/, '')
      return `Send ${whole}${fraction ? `.${fraction}` : ''} SOL to ${keys[ix.accountKeyIndexes[1]!]?.toBase58()}`
    }
    // SPL Token TransferChecked: [12, amount u64, decimals u8]; accounts source, mint, destination, owner.
    if (program?.toBase58() === 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' && data.length === 10 && data[0] === 12) {
      const amount = new DataView(data.buffer, data.byteOffset).getBigUint64(1, true)
      return `Transfer ${amount} base units (${data[9]} decimals) of token ${keys[ix.accountKeyIndexes[1]!]?.toBase58()} to account ${keys[ix.accountKeyIndexes[2]!]?.toBase58()}`
    }
    if (program?.toBase58() === 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
      return `Create the token account of ${keys[ix.accountKeyIndexes[2]!]?.toBase58()}`
    return `Call program ${program?.toBase58()}`
  })
  return lines.join('\n')
}

async function approveAndSign(input: { account: WalletAccount; transaction: Uint8Array }) {
  requireAccount(input)
  const tx = VersionedTransaction.deserialize(input.transaction)
  const summary = describe(tx)
  if (!(await askUser(`${summary.split('\n').at(-1)}?`, summary, 'Sandbox Solana Wallet'))) throw rejected()
  tx.sign([keypair])
  return tx
}

const feature = <T extends object>(name: string, value: T) => ({ [name]: { version: '1.0.0', ...value } })

class SandboxSolanaWallet {
  readonly version = '1.0.0' as const
  // `?multichain` in the page's address: one extension on two families, as some wallets ship — the Solana side
  // then takes the Sandbox Wallet's name, and the modal lists the two as one multi-chain wallet.
  readonly name = new URLSearchParams(location.search).has('multichain') ? 'Sandbox Wallet' : 'Sandbox Solana Wallet'
  readonly icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#14f195"/><path d="M18 20h30l-6 6H12zM18 38h30l-6 6H12zM12 29h30l6 6H18z" fill="#1d1d1f"/></svg>',
    )
  get chains() {
    return [config.walletChain]
  }
  get accounts() {
    return state.connected ? [account] : []
  }
  get features() {
    const all = {
      ...feature('standard:connect', {
        async connect(input?: { silent?: boolean }) {
          if (!state.granted) {
            if (input?.silent) return { accounts: [] }
            if (!(await askUser(`Connect ${origin} to Solana account ${account.address}?`, undefined, 'Sandbox Solana Wallet')))
              throw rejected()
            state.granted = true
            localStorage.setItem(STORE, 'granted')
          }
          if (!state.connected) {
            state.connected = true
            emit({ accounts: [account] })
          }
          return { accounts: [account] }
        },
      }),
      ...feature('standard:disconnect', {
        async disconnect() {
          state.granted = false
          state.connected = false
          localStorage.removeItem(STORE)
          emit({ accounts: [] })
        },
      }),
      ...feature('standard:events', {
        on(event: string, listener: (change: Change) => void) {
          if (event !== 'change') return () => {}
          listeners.add(listener)
          return () => void listeners.delete(listener)
        },
      }),
      ...feature('solana:signMessage', {
        async signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]) {
          const outputs = []
          for (const input of inputs) {
            requireAccount(input)
            if (!(await askUser('Sign this message?', new TextDecoder().decode(input.message), 'Sandbox Solana Wallet'))) throw rejected()
            outputs.push({ signedMessage: input.message, signature: ed25519.sign(input.message, seed), signatureType: 'ed25519' as const })
          }
          return outputs
        },
      }),
      ...feature('solana:signTransaction', {
        supportedTransactionVersions: ['legacy', 0] as const,
        async signTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array }[]) {
          const outputs = []
          for (const input of inputs) outputs.push({ signedTransaction: (await approveAndSign(input)).serialize() })
          return outputs
        },
      }),
      ...feature('solana:signAndSendTransaction', {
        supportedTransactionVersions: ['legacy', 0] as const,
        async signAndSendTransaction(...inputs: { account: WalletAccount; transaction: Uint8Array; chain: string }[]) {
          const outputs = []
          for (const input of inputs) {
            if (input.chain !== config.walletChain) throw new WalletError(4900, `Unsupported chain ${input.chain}`)
            const tx = await approveAndSign(input)
            const signature = await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed' })
            const lifetime = { blockhash: tx.message.recentBlockhash, lastValidBlockHeight: (await connection.getBlockHeight()) + 150 }
            const { value } = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed')
            if (value.err) throw new WalletError(-32002, `Transaction failed: ${JSON.stringify(value.err)}`)
            outputs.push({ signature: tx.signatures[0]! })
          }
          return outputs
        },
      }),
    }
    // Test hook: a wallet lacking a feature (see `disable` below).
    return Object.fromEntries(Object.entries(all).filter(([name]) => !state.disabled.has(name)))
  }
}

const wallet = new SandboxSolanaWallet()
const register = (api: { register(wallet: unknown): unknown }) => api.register(wallet)
window.addEventListener('wallet-standard:app-ready', (event) =>
  register((event as CustomEvent<{ register(wallet: unknown): unknown }>).detail),
)
window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))

/** Test hooks: the wallet's address, and a way to take a feature away (a wallet that cannot sign, …). */
;(window as unknown as { sandboxSolanaWallet: unknown }).sandboxSolanaWallet = {
  address: account.address,
  disable: (name: string) => state.disabled.add(name),
  enable: (name: string) => state.disabled.delete(name),
}
