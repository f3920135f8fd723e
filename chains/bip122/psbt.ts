// Loaded with import() when a transaction is built: bitcoinjs-lib stays out of every host bundle until a send.
import { Psbt, Transaction, address as addresses, crypto, type Network } from 'bitcoinjs-lib'
import { VestibuleError } from 'vestibule/kernel'
import type { BitcoinParams, Bip122Network } from './networks.js'
import type { Utxo } from './session.js'

/**
 * Bitcoin Core's dust threshold of an output: what spending it would cost at the dust relay fee (sat per 1000
 * vbytes; an output worth less is not relayed). 294 sat for P2WPKH and 546 for P2PKH on Bitcoin (3000).
 */
export function dustThreshold(script: Uint8Array, dustRelayFee = 3000): bigint {
  const [op = -1, push] = script
  const witness = (op === 0 || (op >= 0x51 && op <= 0x60)) && script.length >= 4 && script.length <= 42 && push === script.length - 2
  return (BigInt(9 + script.length + (witness ? 67 : 148)) * BigInt(dustRelayFee)) / 1000n
}

type Kind = 'p2wpkh' | 'p2tr' | 'p2sh-p2wpkh' | 'p2pkh'

/** Weight of one signed input of each kind (BIP-141 weight units; four per vbyte). */
const INPUT_WEIGHT: Record<Kind, bigint> = { p2wpkh: 272n, p2tr: 230n, 'p2sh-p2wpkh': 364n, p2pkh: 592n }
/** Version, input and output counts, lock time, and the segwit marker and flag. */
const TX_WEIGHT = 42n
const outputWeight = (script: Uint8Array) => BigInt((9 + script.length) * 4)

/** The bitcoinjs `Network` of a network definition; unset fields take Bitcoin testnet's values. */
export function toBitcoinjsNetwork(params: BitcoinParams): Network {
  return {
    messagePrefix: params.messagePrefix ?? '\x18Bitcoin Signed Message:\n',
    bech32: params.bech32,
    bip32: params.bip32 ?? { public: 0x043587cf, private: 0x04358394 },
    pubKeyHash: params.pubKeyHash,
    scriptHash: params.scriptHash,
    wif: params.wif ?? 0xef,
  }
}

function kindOf(script: Uint8Array): Kind | undefined {
  const [a, b] = script
  if (script.length === 22 && a === 0x00 && b === 20) return 'p2wpkh'
  if (script.length === 34 && a === 0x51 && b === 32) return 'p2tr'
  if (script.length === 23 && a === 0xa9 && b === 20 && script[22] === 0x87) return 'p2sh-p2wpkh'
  if (script.length === 25 && a === 0x76 && b === 0xa9 && script[2] === 20 && script[23] === 0x88 && script[24] === 0xac) return 'p2pkh'
  return undefined
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
const fromHex = (text: string) => new Uint8Array((text.match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
const equal = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

export interface TransferRequest {
  network: Bip122Network
  from: string
  to: string
  value: bigint
  /** The account's public key (33-byte compressed, or 32-byte x-only for taproot). */
  publicKey: Uint8Array
  utxos: readonly Utxo[]
  /** Millisatoshis per vbyte. */
  feeRate: bigint
  /** The raw previous transaction (legacy P2PKH inputs need it). */
  txHex(txid: string): Promise<string>
  describe(sats: bigint): string
}

export interface BuiltTransfer {
  psbt: Uint8Array
  signingIndexes: number[]
  fee: bigint
  change: bigint
  unsignedTx: string
}

/** What a transfer spends and pays, before any PSBT exists. */
export interface TransferPlan {
  kind: Kind
  fromScript: Uint8Array
  toScript: Uint8Array
  selected: Utxo[]
  /** Satoshis: the fee rate times the signed transaction's virtual size (or more, when change would be dust). */
  fee: bigint
  change: bigint
}

/**
 * Coin selection and fee: the largest UTXOs first until value and fee are covered, change back to the sender
 * unless it would be dust (then it goes to the fee). The fee is the rate times the virtual size the signed
 * transaction will have. Throws "Insufficient funds" naming what is there and what is needed.
 */
export function planTransfer(
  request: Pick<TransferRequest, 'network' | 'from' | 'to' | 'value' | 'utxos' | 'feeRate' | 'describe'>,
): TransferPlan {
  const { network, from, to, value, feeRate, describe } = request
  const net = toBitcoinjsNetwork(network.custom.params)
  const fromScript = addresses.toOutputScript(from, net)
  const toScript = addresses.toOutputScript(to, net)
  const kind = kindOf(fromScript)
  if (!kind) throw new VestibuleError('NOT_SUPPORTED', `Sending from ${from} is not supported (only P2WPKH, P2TR, P2SH-P2WPKH and P2PKH)`)
  const dust = dustThreshold(toScript, network.custom.dustRelayFee)
  const changeDust = dustThreshold(fromScript, network.custom.dustRelayFee)
  if (value < dust) throw new VestibuleError('NOT_SUPPORTED', `The amount is below the dust limit of ${describe(dust)}`)

  // Fee rates apply to virtual size, weight / 4 rounded up.
  const fee = (weight: bigint) => (((weight + 3n) / 4n) * feeRate + 999n) / 1000n
  const sorted = [...request.utxos].sort((a, b) => (a.value > b.value ? -1 : a.value < b.value ? 1 : 0))
  const selected: Utxo[] = []
  let total = 0n
  let weight = TX_WEIGHT + outputWeight(toScript)
  for (const utxo of sorted) {
    selected.push(utxo)
    total += utxo.value
    weight += INPUT_WEIGHT[kind] + (selected.length === 253 ? 8n : 0n)
    const withChange = fee(weight + outputWeight(fromScript))
    if (total - value - withChange >= changeDust)
      return { kind, fromScript, toScript, selected, fee: withChange, change: total - value - withChange }
    if (total - value >= fee(weight)) return { kind, fromScript, toScript, selected, fee: total - value, change: 0n }
  }
  throw new Error(
    `Insufficient funds: ${describe(total)} available, ${describe(value + fee(weight))} needed for ${describe(value)} and the fee`,
  )
}

/** Builds the unsigned PSBT of `planTransfer`'s plan, with what each input kind needs for signing. */
export async function buildTransfer(request: TransferRequest): Promise<BuiltTransfer> {
  const { network, from, publicKey } = request
  const net = toBitcoinjsNetwork(network.custom.params)
  const { kind, fromScript, toScript, selected, ...plan } = planTransfer(request)
  const value = request.value

  const extra: { redeemScript?: Uint8Array; tapInternalKey?: Uint8Array } = {}
  if (kind === 'p2sh-p2wpkh') {
    const redeemScript = new Uint8Array([0x00, 0x14, ...crypto.hash160(publicKey)])
    if (publicKey.length !== 33 || !equal(crypto.hash160(redeemScript), fromScript.subarray(2, 22))) {
      throw new VestibuleError(
        'NOT_SUPPORTED',
        `Sending from ${from} is not supported: it is not the P2SH-P2WPKH address of the account's key`,
      )
    }
    extra.redeemScript = redeemScript
  }
  if (kind === 'p2tr') {
    const key = publicKey.length === 33 ? publicKey.subarray(1) : publicKey
    if (key.length !== 32) throw new VestibuleError('NOT_SUPPORTED', `Sending from ${from} needs the account's public key`)
    extra.tapInternalKey = key
  }

  const psbt = new Psbt({ network: net })
  for (const utxo of selected) {
    if (kind === 'p2pkh') {
      const previous = fromHex(await request.txHex(utxo.txid))
      // The input commits to this transaction by its id: a wrong one would make the signature worthless.
      if (Transaction.fromBuffer(previous).getId() !== utxo.txid)
        throw new Error(`The Esplora API returned the wrong transaction for ${utxo.txid}`)
      psbt.addInput({ hash: utxo.txid, index: utxo.vout, nonWitnessUtxo: previous })
    } else {
      psbt.addInput({ hash: utxo.txid, index: utxo.vout, witnessUtxo: { script: fromScript, value: utxo.value }, ...extra })
    }
  }
  psbt.addOutput({ script: toScript, value })
  if (plan.change > 0n) psbt.addOutput({ script: fromScript, value: plan.change })
  return {
    psbt: psbt.toBuffer(),
    signingIndexes: selected.map((_, i) => i),
    fee: plan.fee,
    change: plan.change,
    unsignedTx: hex(psbt.data.globalMap.unsignedTx.toBuffer()),
  }
}

/** Checks the wallet signed the transaction it was given, finalizes the inputs it left open, and extracts it. */
export function finalizeTransfer(network: Bip122Network, built: BuiltTransfer, signedPsbt: unknown): { hex: string; txid: string } {
  if (!(signedPsbt instanceof Uint8Array)) throw new VestibuleError('WALLET_ERROR', 'The wallet returned no signed PSBT')
  let psbt: Psbt
  try {
    psbt = Psbt.fromBuffer(signedPsbt, { network: toBitcoinjsNetwork(network.custom.params) })
  } catch (error) {
    throw new VestibuleError('WALLET_ERROR', 'The wallet returned a malformed PSBT', error)
  }
  if (hex(psbt.data.globalMap.unsignedTx.toBuffer()) !== built.unsignedTx) {
    throw new VestibuleError('WALLET_ERROR', 'The wallet returned a different transaction than the one it was asked to sign')
  }
  psbt.data.inputs.forEach((input, i) => {
    if (input.finalScriptSig || input.finalScriptWitness) return
    try {
      psbt.finalizeInput(i)
    } catch (error) {
      throw new VestibuleError('WALLET_ERROR', `The wallet did not sign input ${i}`, error)
    }
  })
  const tx = psbt.extractTransaction()
  return { hex: tx.toHex(), txid: tx.getId() }
}
