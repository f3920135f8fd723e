/**
 * The Sandbox Bitcoin Wallet's logic, shared by the browser wallet (sandbox/bip122/wallet.ts, prompts through
 * askUser) and the Node tests (auto-approving): a Bitcoin Wallet Standard wallet with a real key.
 *
 * Features: `standard:connect` (with `silent`), `standard:disconnect`, `standard:events`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction` (shapes of the Bitcoin Wallet Standard: PSBT bytes in, signed PSBT bytes out; inputs
 * are signed, not finalized).
 *
 * Message signatures: the legacy "signmessage" scheme (BIP-137): a 65-byte compact recoverable ECDSA signature
 * over sha256d(messagePrefix ‖ varint(length) ‖ message), where messagePrefix is the network's
 * (`'\x19Litecoin Signed Message:\n'` on the sandbox chain). The header byte is 39 + recovery id for P2WPKH,
 * 35 + id for P2SH-P2WPKH and 31 + id for P2PKH (compressed key). Verify by public-key recovery, or with the
 * node's `verifymessage` on the P2PKH address of the same key hash (Litecoin Core reads the header modulo 4 and
 * its compressed flag, so the BIP-137 segwit headers verify there too).
 */
import * as ecc from '@bitcoinerlab/secp256k1'
import { Psbt, address as addresses, crypto, initEccLib, payments, type Network } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

export type AddressKind = 'p2wpkh' | 'p2tr' | 'p2sh-p2wpkh' | 'p2pkh'

export interface WalletNetwork {
  caipNetworkId: string
  /** bitcoinjs network: bech32, pubKeyHash, scriptHash, wif, messagePrefix, bip32. */
  bitcoinjs: Network
}

export interface BitcoinWalletOptions {
  name?: string
  privateKey: Uint8Array
  network: WalletNetwork
  kind?: AddressKind
  /** Asks the person; resolves true on approve. */
  approve(title: string, detail?: string): Promise<boolean>
  /** Whether the site was granted access before (a page reload keeps it). */
  granted?: boolean
  onGrantChange?(granted: boolean): void
  /** Features to leave out, to play a wallet that lacks them. */
  omit?: readonly string[]
}

interface Account {
  address: string
  publicKey: Uint8Array
  chains: string[]
  features: string[]
  label: string
}

type Change = { accounts?: readonly Account[]; chains?: readonly string[] }

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#f7931a"/><text x="16" y="23" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">B</text></svg>',
  )

export class UserRejectedError extends Error {
  code = 4001
  constructor() {
    super('User rejected the request.')
  }
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const p of parts) {
    out.set(p, offset)
    offset += p.length
  }
  return out
}
const varint = (n: number) =>
  n < 0xfd
    ? new Uint8Array([n])
    : n <= 0xffff
      ? new Uint8Array([0xfd, n & 255, n >> 8])
      : new Uint8Array([0xfe, n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24])

/** sha256d(prefix ‖ varint(length) ‖ message): the digest legacy message signatures commit to. */
export function messageHash(message: Uint8Array, messagePrefix: string): Uint8Array {
  const prefix = Uint8Array.from(messagePrefix, (c) => c.charCodeAt(0))
  return crypto.hash256(concat(prefix, varint(message.length), message))
}

const HEADER: Record<AddressKind, number | undefined> = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39, p2tr: undefined }

/** The address of a (compressed) public key in each kind. */
export function addressOf(publicKey: Uint8Array, kind: AddressKind, network: Network): string {
  if (kind === 'p2wpkh') return payments.p2wpkh({ pubkey: publicKey, network }).address!
  if (kind === 'p2pkh') return payments.p2pkh({ pubkey: publicKey, network }).address!
  if (kind === 'p2sh-p2wpkh') return payments.p2sh({ redeem: payments.p2wpkh({ pubkey: publicKey, network }), network }).address!
  return payments.p2tr({ internalPubkey: publicKey.subarray(1), network }).address!
}

/** A Wallet Standard Bitcoin wallet; `wallet` is what gets registered. */
export function createBitcoinWallet(options: BitcoinWalletOptions) {
  const kind = options.kind ?? 'p2wpkh'
  const { bitcoinjs: network, caipNetworkId } = options.network
  const keyPair = ECPair.fromPrivateKey(options.privateKey, { network })
  const publicKey = keyPair.publicKey
  const address = addressOf(publicKey, kind, network)
  const signer = kind === 'p2tr' ? keyPair.tweak(crypto.taggedHash('TapTweak', publicKey.subarray(1))) : keyPair
  let granted = options.granted ?? false
  const listeners = new Set<(change: Change) => void>()
  const calls: string[] = []

  const account: Account = Object.freeze({
    address,
    publicKey: kind === 'p2tr' ? publicKey.slice(1) : publicKey.slice(),
    chains: [caipNetworkId],
    features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
    label: `Sandbox ${kind.toUpperCase()}`,
  }) as Account
  const accounts = () => (granted ? [account] : [])
  const emit = (change: Change) => listeners.forEach((l) => l(change))
  const setGranted = (value: boolean) => {
    granted = value
    options.onGrantChange?.(value)
    emit({ accounts: accounts() })
  }
  const ask = async (title: string, detail?: string) => {
    if (!(await options.approve(title, detail))) throw new UserRejectedError()
  }
  const ours = (a: { address?: string } | undefined) => {
    if (!granted || a?.address !== address) throw new Error(`Account ${a?.address} is not authorized`)
  }

  const features: Record<string, unknown> = {
    'standard:connect': {
      version: '1.0.0',
      async connect(input?: { silent?: boolean }) {
        calls.push('connect')
        if (!granted && !input?.silent) {
          await ask(`Connect ${globalThis.location?.origin ?? 'this app'} to ${address}?`)
          setGranted(true)
        }
        return { accounts: accounts() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        calls.push('disconnect')
        if (granted) setGranted(false)
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: (change: Change) => void) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(...inputs: { account: Account; message: Uint8Array }[]) {
        calls.push('signMessage')
        const header = HEADER[kind]
        if (header === undefined) throw new Error('Message signing with taproot accounts is not supported by this wallet')
        const outputs = []
        for (const { account: a, message } of inputs) {
          ours(a)
          await ask('Sign this message?', new TextDecoder().decode(message))
          const { signature, recoveryId } = ecc.signRecoverable(messageHash(message, network.messagePrefix), options.privateKey)
          outputs.push({ signedMessage: message, signature: concat(new Uint8Array([header + recoveryId]), signature) })
        }
        return outputs
      },
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      async signTransaction(
        ...inputs: { psbt: Uint8Array; chain: string; inputsToSign: { account: Account; signingIndexes: number[] }[] }[]
      ) {
        calls.push('signTransaction')
        const outputs = []
        for (const input of inputs) {
          if (input.chain !== caipNetworkId) throw new Error(`Chain ${input.chain} is not supported by this wallet`)
          const psbt = Psbt.fromBuffer(input.psbt, { network })
          const spent = psbt.data.inputs.reduce((sum, i) => sum + (i.witnessUtxo?.value ?? 0n), 0n)
          const lines = psbt.txOutputs.map((o) => `${o.address ?? 'script'}: ${o.value} sat`)
          const paid = psbt.txOutputs.reduce((sum, o) => sum + o.value, 0n)
          await ask('Sign this transaction?', [...lines, spent ? `fee: ${spent - paid} sat` : ''].filter(Boolean).join('\n'))
          for (const entry of input.inputsToSign) {
            ours(entry.account)
            for (const index of entry.signingIndexes) psbt.signInput(index, signer)
          }
          outputs.push({ signedPsbt: psbt.toBuffer() })
        }
        return outputs
      },
    },
  }
  for (const name of options.omit ?? []) delete features[name]

  const wallet = {
    version: '1.0.0' as const,
    name: options.name ?? 'Sandbox Bitcoin Wallet',
    icon: ICON,
    chains: [caipNetworkId],
    features,
    get accounts() {
      return accounts()
    },
  }
  return {
    wallet,
    address,
    publicKey,
    calls,
    /** Revokes (false) or grants (true) access as if done in the wallet's own UI, reporting the change. */
    setGranted,
    emit,
    listenerCount: () => listeners.size,
  }
}

/** Registers `wallet` through the Wallet Standard protocol on `target` (the page's window). */
export function registerWallet(target: EventTarget, wallet: object) {
  const callback = (api: { register(...wallets: object[]): () => void }) => api.register(wallet)
  target.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail))
  target.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
}

/** The P2PKH address with the same key hash as a P2WPKH or P2PKH address (what `verifymessage` takes). */
export function legacyAddressOf(value: string, network: Network): string {
  const hash = value.startsWith(`${network.bech32}1`) ? addresses.fromBech32(value).data : addresses.fromBase58Check(value).hash
  return addresses.toBase58Check(hash, network.pubKeyHash)
}
