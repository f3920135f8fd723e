/**
 * The Sandbox Mobile Wallet's solana, polkadot and bip122 accounts: real keys (its own, funded by the sandbox),
 * the WalletConnect methods of each family answered with real signatures, and what its prompt shows. Each family
 * is present when the sandbox runs its chain.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import { Psbt, address as addresses, payments, type Network } from 'bitcoinjs-lib'
import { createSandboxExtension } from '../polkadot/extension.js'
import { createBitcoinWallet, messageHash } from '../bip122/wallet-core.js'
import { WalletError } from '../wallet/wallet-error.js'

export interface FamilyConfig {
  solana?: { seed: string; address: string; rpc: string; ws: string; caipNetworkId: string }
  polkadot?: { seed: string; keyType: 'sr25519' | 'ed25519'; address: string; genesisHash: string; caipNetworkId: string }
  bip122?: {
    privateKey: string
    address: string
    caipNetworkId: string
    bitcoinjs: Network & { messagePrefix: string }
    esploraUrl: string
  }
}

/** One family as the wallet serves it. */
export interface Family {
  namespace: string
  /** What `buildApprovedNamespaces` gets for this family. */
  supported: { chains: string[]; methods: string[]; events: string[]; accounts: string[] }
  /** Session properties the wallet adds when the family is approved. */
  sessionProperties?: Record<string, string>
  /** The prompt's text for a request. */
  describe(method: string, params: any, chainId: string): string
  /** Answers a request the user approved. */
  answer(method: string, params: any, chainId: string): Promise<unknown>
  /** Requests answered without asking (reads the wallet shares anyway). */
  autoAnswers?: readonly string[]
}

const hexToBytes = (hex: string) => Uint8Array.from((hex.replace(/^0x/, '').match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
const bytesToHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
const readable = (bytes: Uint8Array) => {
  const text = new TextDecoder().decode(bytes)
  return /^[\P{C}\n\t]*$/u.test(text) ? text : `0x${bytesToHex(bytes)}`
}

function solanaFamily(config: NonNullable<FamilyConfig['solana']>): Family {
  const seed = hexToBytes(config.seed)
  const keypair = Keypair.fromSeed(seed)
  const connection = new Connection(config.rpc, { commitment: 'confirmed', wsEndpoint: config.ws })
  const own = (params: { pubkey?: string }) => {
    if (params?.pubkey !== undefined && params.pubkey !== config.address) throw new WalletError(4100, `Unknown account ${params.pubkey}`)
  }
  const transactionOf = (params: { transaction?: unknown }) => {
    if (typeof params?.transaction !== 'string') throw new WalletError(-32602, 'transaction: base64 expected')
    return VersionedTransaction.deserialize(fromBase64(params.transaction))
  }
  const transfers = (tx: VersionedTransaction) => {
    const keys = tx.message.staticAccountKeys
    return tx.message.compiledInstructions
      .map((ix) => {
        const data = ix.data
        if (
          keys[ix.programIdIndex]?.equals(SystemProgram.programId) &&
          data.length === 12 &&
          new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2
        ) {
          const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true)
          return `Send ${Number(lamports) / LAMPORTS_PER_SOL} SOL to ${keys[ix.accountKeyIndexes[1]!]?.toBase58()}`
        }
        return `Call program ${keys[ix.programIdIndex]?.toBase58()}`
      })
      .join('\n')
  }
  const signed = (params: { transaction?: unknown; pubkey?: string }) => {
    own(params)
    const tx = transactionOf(params)
    tx.sign([keypair])
    const index = tx.message.staticAccountKeys.findIndex((k) => k.equals(keypair.publicKey))
    return { tx, signature: bs58.encode(tx.signatures[index]!) }
  }
  return {
    namespace: 'solana',
    supported: {
      chains: [config.caipNetworkId],
      methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
      events: ['accountsChanged', 'chainChanged'],
      accounts: [`${config.caipNetworkId}:${config.address}`],
    },
    describe(method, params, chainId) {
      if (method === 'solana_signMessage') return `Sign this message on ${chainId}:\n${readable(bs58.decode(params.message))}`
      return `${method === 'solana_signTransaction' ? 'Sign' : 'Sign and send'} a transaction on ${chainId}:\n${transfers(transactionOf(params))}`
    },
    async answer(method, params) {
      if (method === 'solana_signMessage') {
        own(params)
        return { signature: bs58.encode(ed25519.sign(bs58.decode(params.message), seed)) }
      }
      if (method === 'solana_signTransaction') {
        const { tx, signature } = signed(params)
        return { signature, transaction: toBase64(tx.serialize()) }
      }
      if (method === 'solana_signAndSendTransaction') {
        const { tx, signature } = signed(params)
        await connection.sendRawTransaction(tx.serialize(), { preflightCommitment: 'confirmed', ...params.sendOptions })
        return { signature }
      }
      throw new WalletError(-32601, `Method not supported: ${method}`)
    },
  }
}

async function polkadotFamily(config: NonNullable<FamilyConfig['polkadot']>): Promise<Family> {
  // The polkadot-js style signer of the Sandbox Polkadot Wallet, with this wallet's own key; the prompt is ours.
  const extension = await createSandboxExtension({ seed: config.seed, keyType: config.keyType, ask: async () => true })
  const { signer } = (await extension.enable('Sandbox Mobile Wallet')) as {
    signer: { signRaw: (raw: object) => Promise<{ signature: string }>; signPayload: (payload: object) => Promise<{ signature: string }> }
  }
  const own = (address: unknown) => {
    if (address !== config.address) throw new WalletError(4100, `Unknown account ${String(address)}`)
  }
  return {
    namespace: 'polkadot',
    supported: {
      chains: [config.caipNetworkId],
      methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
      events: ['accountsChanged', 'chainChanged'],
      accounts: [`${config.caipNetworkId}:${config.address}`],
    },
    describe(method, params, chainId) {
      if (method === 'polkadot_signMessage') {
        const message = String(params?.message)
        return `Sign this message on ${chainId}:\n${/^0x([0-9a-fA-F]{2})*$/.test(message) ? readable(hexToBytes(message)) : message}`
      }
      const payload = params?.transactionPayload ?? {}
      return `Approve a transaction on ${chainId}:\ncall ${payload.method}\nnonce ${Number.parseInt(payload.nonce, 16)} · tip ${BigInt(payload.tip ?? 0)}`
    },
    async answer(method, params) {
      own(params?.address)
      if (method === 'polkadot_signMessage') {
        const message = String(params.message)
        // Hex is the bytes (as polkadot-js signRaw takes them); anything else is text.
        const data = /^0x([0-9a-fA-F]{2})*$/.test(message) ? message : `0x${bytesToHex(new TextEncoder().encode(message))}`
        return { signature: (await signer.signRaw({ address: config.address, data, type: 'bytes' })).signature }
      }
      if (method === 'polkadot_signTransaction') {
        const payload = params.transactionPayload
        if (String(payload?.genesisHash).toLowerCase() !== config.genesisHash.toLowerCase())
          throw new WalletError(-32602, `Unknown chain ${payload?.genesisHash}`)
        return { signature: (await signer.signPayload(payload)).signature }
      }
      throw new WalletError(-32601, `Method not supported: ${method}`)
    },
  }
}

function bip122Family(config: NonNullable<FamilyConfig['bip122']>): Family {
  const network = config.bitcoinjs
  const core = createBitcoinWallet({
    name: 'Sandbox Mobile Wallet',
    privateKey: hexToBytes(config.privateKey),
    network: { caipNetworkId: config.caipNetworkId, bitcoinjs: network },
    approve: async () => true,
    granted: true,
  })
  const account = core.wallet.accounts[0]!
  const features = core.wallet.features as Record<string, any>
  const listed = [{ address: core.address, publicKey: bytesToHex(core.publicKey), path: "m/84'/1'/0'/0/0", intention: 'payment' }]
  const esplora = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${config.esploraUrl}${path}`, init)
    const text = await response.text()
    if (!response.ok) throw new WalletError(-32000, `${path}: ${response.status} ${text}`)
    return text
  }
  const own = (value: unknown) => {
    if (value !== core.address) throw new WalletError(4100, `Unknown account ${String(value)}`)
  }
  /** Finalizes a signed PSBT and broadcasts it; the txid. */
  const broadcast = async (psbt: Psbt) => {
    psbt.finalizeAllInputs()
    return (
      await esplora('/tx', { method: 'POST', body: psbt.extractTransaction().toHex(), headers: { 'content-type': 'text/plain' } })
    ).trim()
  }
  const sign = async (psbt: Psbt, indexes: number[]) => {
    const [out] = await features['bitcoin:signTransaction'].signTransaction({
      psbt: psbt.toBuffer(),
      chain: config.caipNetworkId,
      inputsToSign: [{ account, signingIndexes: indexes }],
    })
    return Psbt.fromBuffer(out.signedPsbt, { network })
  }
  return {
    namespace: 'bip122',
    supported: {
      chains: [config.caipNetworkId],
      methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
      events: ['bip122_addressesChanged'],
      accounts: [`${config.caipNetworkId}:${core.address}`],
    },
    sessionProperties: { bip122_getAccountAddresses: JSON.stringify(listed) },
    autoAnswers: ['getAccountAddresses'],
    describe(method, params, chainId) {
      if (method === 'signMessage') return `Sign this message on ${chainId}:\n${params?.message}`
      if (method === 'sendTransfer') return `Send ${params?.amount} sat to ${params?.recipientAddress} on ${chainId}`
      if (method === 'signPsbt') {
        const psbt = Psbt.fromBase64(String(params?.psbt), { network })
        const lines = psbt.txOutputs.map((o) => `${o.address ?? 'script'}: ${o.value} sat`)
        return `Sign a transaction on ${chainId}${params?.broadcast ? ' and broadcast it' : ''}:\n${lines.join('\n')}`
      }
      return `${method} on ${chainId}`
    },
    async answer(method, params) {
      if (method === 'getAccountAddresses') return listed
      own(params?.account)
      if (method === 'signMessage') {
        if (params.address !== undefined) own(params.address)
        if (params.protocol !== undefined && params.protocol !== 'ecdsa')
          throw new WalletError(-32602, `Protocol ${params.protocol} is not supported`)
        const message = new TextEncoder().encode(String(params.message))
        const [out] = await features['bitcoin:signMessage'].signMessage({ account, message })
        return {
          address: core.address,
          signature: toBase64(out.signature),
          messageHash: bytesToHex(messageHash(message, network.messagePrefix)),
        }
      }
      if (method === 'signPsbt') {
        const psbt = Psbt.fromBase64(String(params.psbt), { network })
        const indexes = (params.signInputs as { address: string; index: number }[])
          .filter((i) => i.address === core.address)
          .map((i) => i.index)
        const signed = await sign(psbt, indexes)
        return params.broadcast ? { psbt: signed.toBase64(), txid: await broadcast(signed) } : { psbt: signed.toBase64() }
      }
      if (method === 'sendTransfer') {
        const amount = BigInt(params.amount)
        const to = addresses.toOutputScript(String(params.recipientAddress), network)
        const mine = addresses.toOutputScript(core.address, network)
        const change = params.changeAddress ? addresses.toOutputScript(String(params.changeAddress), network) : mine
        const utxos = (JSON.parse(await esplora(`/address/${core.address}/utxo`)) as { txid: string; vout: number; value: number }[]).sort(
          (a, b) => b.value - a.value,
        )
        const psbt = new Psbt({ network })
        psbt.addOutput({ script: to, value: amount })
        if (params.memo) psbt.addOutput({ script: payments.embed({ data: [hexToBytes(String(params.memo))] }).output!, value: 0n })
        // 2 sat/vB on a P2WPKH estimate: 11 vB of header, 68 per input, 31 per output.
        let total = 0n
        let fee = 0n
        for (const utxo of utxos) {
          psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: mine, value: BigInt(utxo.value) } })
          total += BigInt(utxo.value)
          fee = BigInt(11 + 68 * psbt.inputCount + 31 * (psbt.txOutputs.length + 1)) * 2n
          if (total >= amount + fee) break
        }
        if (total < amount + fee) throw new WalletError(-32000, 'Insufficient funds')
        if (total - amount - fee > 30_000n) psbt.addOutput({ script: change, value: total - amount - fee })
        const signed = await sign(
          psbt,
          psbt.data.inputs.map((_, i) => i),
        )
        return { txid: await broadcast(signed) }
      }
      throw new WalletError(-32601, `Method not supported: ${method}`)
    },
  }
}

/** The families the sandbox runs, as this wallet serves them. */
export async function createFamilies(config: FamilyConfig = {}): Promise<Family[]> {
  const families: Family[] = []
  if (config.solana) families.push(solanaFamily(config.solana))
  if (config.polkadot) families.push(await polkadotFamily(config.polkadot))
  if (config.bip122) families.push(bip122Family(config.bip122))
  return families
}
