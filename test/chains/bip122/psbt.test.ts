// The PSBT builder of chains/bip122 (bitcoinjs-lib 7, bigint values) without a chain: dust thresholds, coin
// selection, fees at the API's rate, and the sender kinds it refuses.
import { Psbt, address as bjsAddress, payments } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { bitcoin } from '../../../chains/bip122/index.js'
import { buildTransfer, dustThreshold, finalizeTransfer, toBitcoinjsNetwork, type TransferRequest } from '../../../chains/bip122/psbt.js'
import { addressOf } from '../../../sandbox/bip122/wallet-core.js'
import { keyOf } from './harness.js'
import * as ecc from '@bitcoinerlab/secp256k1'
import { createServer } from 'node:http'
import { FALLBACK_FEE_RATE, feeRate } from '../../../chains/bip122/session.js'
import { litecoinRegtest } from './fixtures.js'

const net = toBitcoinjsNetwork(bitcoin.custom.params)
const pubkeyOf = (n: number) => ecc.pointFromScalar(keyOf(n), true)!
const sender = addressOf(pubkeyOf(1), 'p2wpkh', net)
const to = addressOf(pubkeyOf(2), 'p2wpkh', net)
const txid = (n: number) => n.toString(16).padStart(64, '0')

const request = (patch: Partial<TransferRequest> = {}): TransferRequest => ({
  network: bitcoin,
  from: sender,
  to,
  value: 50_000n,
  publicKey: pubkeyOf(1),
  utxos: [
    { txid: txid(1), vout: 0, value: 30_000n },
    { txid: txid(2), vout: 1, value: 100_000n },
    { txid: txid(3), vout: 2, value: 40_000n },
  ],
  feeRate: 2_500n, // 2.5 sat/vB in millisatoshis
  txHex: async () => {
    throw new Error('not needed for segwit inputs')
  },
  describe: (sats) => `${sats} sat`,
  ...patch,
})

describe('dustThreshold (Bitcoin Core GetDustThreshold at 3000 sat/kvB)', () => {
  it.each([
    ['P2WPKH', 'p2wpkh', 294n],
    ['P2TR', 'p2tr', 330n],
    ['P2SH', 'p2sh-p2wpkh', 540n],
    ['P2PKH', 'p2pkh', 546n],
  ] as const)('%s: %s sat', (_name, kind, expected) => {
    const script = bjsAddress.toOutputScript(addressOf(pubkeyOf(1), kind, net), net)
    expect(dustThreshold(script)).toBe(expected)
    expect(dustThreshold(script, 30_000)).toBe(expected * 10n) // Litecoin's relay policy
  })
})

describe('buildTransfer', () => {
  it('spends the largest UTXOs first, pays change back, and pays the rate on the estimated vsize', async () => {
    const built = await buildTransfer(request())
    const psbt = Psbt.fromBuffer(built.psbt, { network: net })
    expect(psbt.txInputs.map((i) => Buffer.from(i.hash).reverse().toString('hex'))).toEqual([txid(2)])
    expect(psbt.data.inputs[0]!.witnessUtxo?.value).toBe(100_000n)
    expect(psbt.txOutputs.map((o) => [o.address, o.value])).toEqual([
      [to, 50_000n],
      [sender, 100_000n - 50_000n - built.fee],
    ])
    // 1 P2WPKH input (272 WU) + 2 P2WPKH outputs (124 WU each) + 42 WU = 562 WU = 141 vB (rounded up) → 352.5 → 353 sat.
    expect(built.fee).toBe(353n)
    expect(built.signingIndexes).toEqual([0])
  })

  it('adds inputs until value and fee are covered', async () => {
    const built = await buildTransfer(request({ value: 120_000n }))
    const psbt = Psbt.fromBuffer(built.psbt, { network: net })
    expect(psbt.txInputs.map((i) => i.index)).toEqual([1, 2])
    expect(built.signingIndexes).toEqual([0, 1])
    expect(built.change).toBe(140_000n - 120_000n - built.fee)
  })

  it('gives change under the dust threshold to the fee instead of an output', async () => {
    const built = await buildTransfer(request({ utxos: [{ txid: txid(1), vout: 0, value: 50_500n }] }))
    expect(built.change).toBe(0n)
    expect(built.fee).toBe(500n)
    expect(Psbt.fromBuffer(built.psbt, { network: net }).txOutputs).toHaveLength(1)
  })

  it('says how much is missing when funds do not cover value and fee', async () => {
    await expect(buildTransfer(request({ value: 170_000n }))).rejects.toThrow(
      /^Insufficient funds: 170000 sat available, 170\d{3} sat needed for 170000 sat and the fee$/,
    )
    await expect(buildTransfer(request({ utxos: [] }))).rejects.toThrow(/^Insufficient funds: 0 sat available/)
  })

  it('refuses amounts under the dust threshold of the recipient output', async () => {
    await expect(buildTransfer(request({ value: 293n }))).rejects.toThrow('The amount is below the dust limit of 294 sat')
  })

  it('refuses senders it cannot build inputs for', async () => {
    const p2wsh = payments.p2wsh({ redeem: payments.p2pkh({ pubkey: pubkeyOf(1), network: net }), network: net }).address!
    await expect(buildTransfer(request({ from: p2wsh }))).rejects.toThrow(
      `Sending from ${p2wsh} is not supported (only P2WPKH, P2TR, P2SH-P2WPKH and P2PKH)`,
    )
    const p2sh = addressOf(pubkeyOf(3), 'p2sh-p2wpkh', net)
    await expect(buildTransfer(request({ from: p2sh }))).rejects.toThrow("it is not the P2SH-P2WPKH address of the account's key")
  })

  it('refuses a signed PSBT that is not the one built, or not signed', async () => {
    const built = await buildTransfer(request())
    expect(() => finalizeTransfer(bitcoin, built, built.psbt)).toThrow('The wallet did not sign input 0')
    expect(() => finalizeTransfer(bitcoin, built, new Uint8Array([1, 2, 3]))).toThrow('The wallet returned a malformed PSBT')
    expect(() => finalizeTransfer(bitcoin, built, 'cHNidP8=')).toThrow('The wallet returned no signed PSBT')
    const other = await buildTransfer(request({ value: 60_000n }))
    expect(() => finalizeTransfer(bitcoin, built, other.psbt)).toThrow(
      'The wallet returned a different transaction than the one it was asked to sign',
    )
  })
})

describe('feeRate (GET /fee-estimates)', () => {
  /** An Esplora stand-in answering /fee-estimates with `body` (status 200) or `status`. */
  async function serve(body: unknown, status = 200) {
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    return { network: litecoinRegtest(`http://127.0.0.1:${port}`), close: () => new Promise((r) => server.close(r)) }
  }

  it.each([
    ['the 6-block estimate, in millisatoshis per vbyte', { 1: 30, 3: 20, 6: 12.3456, 144: 1 }, 12_346n],
    ['the nearest shorter target when 6 is missing', { 1: 30, 3: 20 }, 20_000n],
    ['at least 1 sat/vB', { 6: 0.25 }, 1_000n],
    ['the fallback for an empty answer', {}, BigInt(FALLBACK_FEE_RATE * 1000)],
    ['the fallback for nonsense', { 6: 'fast' }, BigInt(FALLBACK_FEE_RATE * 1000)],
    ['the fallback for a non-JSON answer', 'oops', BigInt(FALLBACK_FEE_RATE * 1000)],
  ])('uses %s', async (_what, body, expected) => {
    const api = await serve(body)
    try {
      expect(await feeRate(api.network)).toBe(expected)
    } finally {
      await api.close()
    }
  })

  it('falls back when the API fails or is unreachable', async () => {
    const api = await serve({ 6: 50 }, 500)
    try {
      expect(await feeRate(api.network)).toBe(2_000n)
    } finally {
      await api.close()
    }
    expect(await feeRate(litecoinRegtest('http://127.0.0.1:9'))).toBe(2_000n)
  })
})
