/**
 * A Solana Wallet Standard wallet emulated in Node: real ed25519 keys (node:crypto for message signatures,
 * @solana/web3.js for transactions), sending to the litesvm front. What a person would decide in the
 * wallet's popup (approve, reject, which account) is set by the test; features can be left out.
 */
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js'

export interface WalletAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type Change = { accounts?: readonly WalletAccount[]; chains?: readonly string[] }

export const ALL_FEATURES = [
  'standard:connect',
  'standard:disconnect',
  'standard:events',
  'solana:signMessage',
  'solana:signAndSendTransaction',
  'solana:signTransaction',
] as const
export type FeatureName = (typeof ALL_FEATURES)[number]

export interface NodeSolanaWalletOptions {
  name?: string
  /** 32-byte seeds of the accounts the wallet holds; the first is selected. */
  seeds: readonly Uint8Array[]
  /** RPC of the cluster the wallet sends to. */
  rpc: string
  ws?: string
  chains?: readonly string[]
  features?: readonly FeatureName[]
  approve?: boolean
  /** Access granted on an earlier visit: a silent connect answers with the account. */
  granted?: boolean
}

const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')
const SPKI_ED25519 = Buffer.from('302a300506032b6570032100', 'hex')

/** Verifies an ed25519 signature against a raw 32-byte public key, with node:crypto only. */
export function verifyEd25519(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  const key = createPublicKey({ key: Buffer.concat([SPKI_ED25519, publicKey]), format: 'der', type: 'spki' })
  return verify(null, message, key, signature)
}

export class NodeSolanaWallet {
  readonly version = '1.0.0'
  readonly name: string
  readonly icon = 'data:image/svg+xml;base64,PHN2Zy8+'
  readonly keypairs: Keypair[]
  readonly seeds: readonly Uint8Array[]
  readonly walletAccounts: WalletAccount[]
  chainList: string[]
  approve: boolean
  granted: boolean
  connected = false
  selected = 0
  enabled: Set<FeatureName>
  /** Every feature call, in order. */
  readonly calls: Array<{ feature: string; input?: unknown }> = []
  private readonly listeners = new Set<(change: Change) => void>()
  private readonly connection: Connection

  constructor(options: NodeSolanaWalletOptions) {
    this.name = options.name ?? 'Node Solana Wallet'
    this.seeds = options.seeds
    this.keypairs = options.seeds.map((s) => Keypair.fromSeed(s))
    this.chainList = [...(options.chains ?? ['solana:localnet'])]
    this.walletAccounts = this.keypairs.map((k) => this.makeAccount(k))
    this.approve = options.approve ?? true
    this.granted = options.granted ?? false
    this.enabled = new Set(options.features ?? ALL_FEATURES)
    this.connection = new Connection(options.rpc, { commitment: 'confirmed', wsEndpoint: options.ws })
  }

  private makeAccount(k: Keypair): WalletAccount {
    return Object.freeze({
      address: k.publicKey.toBase58(),
      publicKey: k.publicKey.toBytes(),
      chains: Object.freeze([...this.chainList]),
      features: Object.freeze(['solana:signMessage', 'solana:signAndSendTransaction', 'solana:signTransaction']),
    })
  }

  get address() {
    return this.walletAccounts[this.selected]!.address
  }
  get chains() {
    return this.chainList
  }
  get accounts(): readonly WalletAccount[] {
    return this.connected ? [this.walletAccounts[this.selected]!] : []
  }
  listenerCount() {
    return this.listeners.size
  }
  callsOf(feature: string) {
    return this.calls.filter((c) => c.feature === feature)
  }

  private emit(change: Change) {
    this.listeners.forEach((l) => l(change))
  }
  /** The user picks another account in the wallet. */
  selectAccount(index: number) {
    this.selected = index
    this.emit({ accounts: this.accounts })
  }
  /** The wallet's clusters change (the accounts are re-issued with the new chains). */
  setChains(chains: string[]) {
    this.chainList = chains
    this.walletAccounts.splice(0, this.walletAccounts.length, ...this.keypairs.map((k) => this.makeAccount(k)))
    this.emit({ accounts: this.accounts, chains })
  }
  /** The user disconnects the site from inside the wallet. */
  revokeInWallet() {
    this.granted = false
    this.connected = false
    this.emit({ accounts: [] })
  }

  private check(account: WalletAccount) {
    if (!this.connected || account?.address !== this.address)
      throw Object.assign(new Error('The requested account has not been authorized by the user.'), { code: 4100 })
  }
  private rejectUnlessApproved() {
    if (!this.approve) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
  }
  private signTx(bytes: Uint8Array) {
    const tx = VersionedTransaction.deserialize(bytes)
    tx.sign([this.keypairs[this.selected]!])
    return tx
  }

  get features(): Record<string, unknown> {
    const all: Record<FeatureName, Record<string, unknown>> = {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          this.calls.push({ feature: 'standard:connect', input })
          if (!this.granted) {
            if (input?.silent) return { accounts: [] }
            this.rejectUnlessApproved()
            this.granted = true
          }
          this.connected = true
          this.emit({ accounts: this.accounts })
          return { accounts: this.accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          this.calls.push({ feature: 'standard:disconnect' })
          this.granted = false
          this.connected = false
          this.emit({ accounts: [] })
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (change: Change) => void) => {
          if (event !== 'change') return () => {}
          this.listeners.add(listener)
          return () => void this.listeners.delete(listener)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: Array<{ account: WalletAccount; message: Uint8Array }>) => {
          this.calls.push({ feature: 'solana:signMessage', input: inputs })
          return inputs.map((input) => {
            this.check(input.account)
            this.rejectUnlessApproved()
            const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, this.seeds[this.selected]!]), format: 'der', type: 'pkcs8' })
            return { signedMessage: input.message, signature: new Uint8Array(sign(null, input.message, key)) }
          })
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (...inputs: Array<{ account: WalletAccount; transaction: Uint8Array; chain?: string }>) => {
          this.calls.push({ feature: 'solana:signTransaction', input: inputs })
          return inputs.map((input) => {
            this.check(input.account)
            this.rejectUnlessApproved()
            return { signedTransaction: this.signTx(input.transaction).serialize() }
          })
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (...inputs: Array<{ account: WalletAccount; transaction: Uint8Array; chain: string }>) => {
          this.calls.push({ feature: 'solana:signAndSendTransaction', input: inputs })
          const outputs = []
          for (const input of inputs) {
            this.check(input.account)
            this.rejectUnlessApproved()
            const tx = this.signTx(input.transaction)
            await this.connection.sendRawTransaction(tx.serialize())
            outputs.push({ signature: tx.signatures[0]! })
          }
          return outputs
        },
      },
    }
    return Object.fromEntries(Object.entries(all).filter(([name]) => this.enabled.has(name as FeatureName)))
  }
}
