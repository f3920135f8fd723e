// The bip122 plugin against a real chain: litecoind regtest behind the sandbox's Esplora-shaped API, and Sandbox
// Bitcoin Wallets with real keys. Balances are checked against the node's own scantxoutset, signatures with the
// node's verifymessage, sends by the recipient's balance on the chain.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bjsAddress, crypto as bjsCrypto, Psbt } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { chainFeature, hasChainFeature } from '../../../kernel/index.js'
import { toolAvailable } from '../../setup/tools.js'
import { toBitcoinjsNetwork } from '../../../chains/bip122/psbt.js'
import { legacyAddressOf, messageHash, type AddressKind } from '../../../sandbox/bip122/wallet-core.js'
import {
  DEMO_BIP122_FUNDING,
  DEMO_BIP122_KEY,
  FEE_ESTIMATES,
  INSTALL_COMMAND,
  accountOf,
  adapterOf,
  hexToBytes,
  keyOf,
  litecoindInstalled,
  nodeBalance,
  toSats,
  useChain,
  useHarness,
} from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const installed = toolAvailable(litecoindInstalled(), 'litecoind', INSTALL_COMMAND)

describe.skipIf(!installed)('against litecoind regtest', () => {
  const c = useChain()
  const h = useHarness(() => c.network)
  let nextKey = 100

  /** A wallet with a fresh key of `kind`, funded with `amounts` (one UTXO each), connected to a new modal. */
  async function funded(kind: AddressKind, amounts: string[], options: Parameters<typeof h.wallet>[0] = {}) {
    const wallet = h.wallet({ kind, privateKey: keyOf(nextKey++), ...options })
    if (amounts.length) await c.chain.faucet.fund(wallet.address, amounts)
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    return { wallet, modal, adapter: adapterOf(modal) }
  }
  const recipient = () => h.wallet({ privateKey: keyOf(nextKey++), register: false }).address

  it('funds the demo address in the sandbox: two UTXOs, the balance is their sum', async () => {
    expect(c.chain.address).toMatch(/^rltc1q/)
    const wallet = h.wallet({ privateKey: hexToBytes(DEMO_BIP122_KEY), register: false })
    expect(wallet.address).toBe(c.chain.address)
    const utxos = await (await fetch(`${c.network.custom.esploraUrl}/address/${c.chain.address}/utxo`)).json()
    expect(utxos).toHaveLength(2)
    expect(await nodeBalance(c.chain.node.rpc, c.chain.address)).toBe(DEMO_BIP122_FUNDING.reduce((s, a) => s + toSats(a), 0n))
  })

  it('shows the exact balance the node reports (sum of UTXOs), truncated to 3 decimals for display', async () => {
    const { wallet, modal } = await funded('p2wpkh', ['1.23456789', '0.00003011', '2'])
    await expect.poll(() => accountOf(modal)?.balanceStatus).toBe('ready')
    const expected = await nodeBalance(c.chain.node.rpc, wallet.address)
    expect(expected).toBe(323459800n)
    expect(accountOf(modal)).toMatchObject({ balanceValue: expected, balance: '3.234', balanceSymbol: 'LTC' })
  })

  it('signs a message the node verifies (and the key recovers from the signature)', async () => {
    const { wallet, modal } = await funded('p2wpkh', [])
    const message = `Sign in to Vestibule at ${new Date().toISOString()}`
    const signature = await modal.signMessage(message)
    const legacy = legacyAddressOf(wallet.address, toBitcoinjsNetwork(c.network.custom.params))
    expect(await c.chain.node.rpc('verifymessage', [legacy, signature, message])).toBe(true)
    expect(await c.chain.node.rpc('verifymessage', [legacy, signature, `${message}!`])).toBe(false)
    // Recovery: header 39 + recovery id (BIP-137 P2WPKH); the recovered key's hash is the witness program.
    const bytes = Buffer.from(signature, 'base64')
    expect(bytes).toHaveLength(65)
    expect(bytes[0]! - 39).toBeGreaterThanOrEqual(0)
    const hash = messageHash(new TextEncoder().encode(message), c.network.custom.params.messagePrefix!)
    const pubkey = ecc.recover(hash, bytes.subarray(1), (bytes[0]! - 39) as 0 | 1, true)!
    expect(Buffer.from(bjsCrypto.hash160(pubkey))).toEqual(Buffer.from(bjsAddress.fromBech32(wallet.address).data))
  })

  it.each<[AddressKind, RegExp]>([
    ['p2wpkh', /^rltc1q/],
    ['p2tr', /^rltc1p/],
    ['p2sh-p2wpkh', /^Q/],
    ['p2pkh', /^[mn]/],
  ])('sends from a %s account: PSBT signed by the wallet, broadcast, the recipient receives the exact amount', async (kind, shape) => {
    const { wallet, adapter } = await funded(kind, ['0.7', '0.6'])
    expect(wallet.address).toMatch(shape)
    const to = recipient()
    const before = await nodeBalance(c.chain.node.rpc, wallet.address)
    const value = 100_000_000n // needs both UTXOs
    const txid = await adapter.sendNative!({ to, value, address: wallet.address, network: c.network })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await nodeBalance(c.chain.node.rpc, to)).toBe(value)
    const tx = await c.chain.node.rpc('getrawtransaction', [txid, true])
    expect(tx.confirmations).toBe(1)
    const fee = before - value - (await nodeBalance(c.chain.node.rpc, wallet.address))
    // The fee rate is the API's 6-block estimate; sizes are estimated for the worst-case signature.
    const rate = Number(fee) / tx.vsize
    expect(rate).toBeGreaterThanOrEqual(FEE_ESTIMATES[6]!)
    expect(rate).toBeLessThan(FEE_ESTIMATES[6]! * 1.05)
    expect(tx.vin).toHaveLength(2)
    expect(tx.vout).toHaveLength(2) // recipient and change
    // Balances are bigint end to end.
    expect((await adapter.getBalance({ address: wallet.address, network: c.network })).value).toBe(before - value - fee)
  })

  it('sends everything but dust-sized change without a change output', async () => {
    const { wallet, adapter } = await funded('p2wpkh', ['0.001'])
    const to = recipient()
    // 2000 sat left: the fee with a change output (~353 sat at 2.5 sat/vB) would leave change under Litecoin's
    // P2WPKH dust threshold of 2940 sat, so there is no change and the 2000 sat are the fee.
    const value = 100_000n - 2_000n
    await adapter.sendNative!({ to, value, address: wallet.address, network: c.network })
    expect(await nodeBalance(c.chain.node.rpc, to)).toBe(value)
    expect(await nodeBalance(c.chain.node.rpc, wallet.address)).toBe(0n)
  })

  it('rejects what it cannot send, before the wallet signs anything', async () => {
    const { wallet, adapter } = await funded('p2wpkh', ['0.01'])
    const send = (value: bigint) => adapter.sendNative!({ to: recipient(), value, address: wallet.address, network: c.network })
    await expect(send(2_000_000n)).rejects.toThrow(
      /^Insufficient funds: 0\.01 LTC available, 0\.02000\d+ LTC needed for 0\.02 LTC and the fee$/,
    )
    // Litecoin's dust threshold for a P2WPKH output: (31 + 67) vbytes at 30000 sat/kvB.
    await expect(send(2939n)).rejects.toThrow('The amount is below the dust limit of 0.0000294 LTC')
    expect(wallet.calls).not.toContain('signTransaction')
  })

  it("estimates the fee sendNative pays (fee rate × the PSBT's vsize), and says when the balance cannot cover it", async () => {
    const { wallet, adapter } = await funded('p2wpkh', ['0.7', '0.6'])
    expect(hasChainFeature(adapter, 'estimateFees')).toBe(true)
    expect(adapter.nativeTokenAddress).toBe('0x')
    const estimateFees = chainFeature(adapter, 'estimateFees')
    const to = recipient()
    const value = 100_000_000n // needs both UTXOs
    const estimate = await estimateFees({ from: wallet.address, to, value, network: c.network })
    expect(estimate).toMatchObject({ decimals: 8, symbol: 'LTC' })
    expect(wallet.calls).not.toContain('signTransaction')
    const before = await nodeBalance(c.chain.node.rpc, wallet.address)
    const txid = await adapter.sendNative!({ to, value, address: wallet.address, network: c.network })
    expect(before - value - (await nodeBalance(c.chain.node.rpc, wallet.address))).toBe(estimate.fee)
    const { vsize } = await c.chain.node.rpc('getrawtransaction', [txid, true])
    expect(Number(estimate.fee) / vsize).toBeGreaterThanOrEqual(FEE_ESTIMATES[6]!)
    expect(Number(estimate.fee) / vsize).toBeLessThan(FEE_ESTIMATES[6]! * 1.05)

    const left = await nodeBalance(c.chain.node.rpc, wallet.address)
    await expect(estimateFees({ from: wallet.address, to, value: left, network: c.network })).rejects.toThrow(
      /^Insufficient funds: [\d.]+ LTC available, [\d.]+ LTC needed for [\d.]+ LTC and the fee$/,
    )
    await expect(
      estimateFees({ from: wallet.address, to: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', value, network: c.network }),
    ).rejects.toThrow('is an address of another network')
    await expect(estimateFees({ from: wallet.address, to, data: '0x00', network: c.network })).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
    })
  })

  it('turns a declined PSBT into USER_REJECTED and broadcasts nothing', async () => {
    const { wallet, adapter } = await funded('p2wpkh', ['0.5'])
    wallet.approvals.push(false)
    const to = recipient()
    await expect(adapter.sendNative!({ to, value: 10_000_000n, address: wallet.address, network: c.network })).rejects.toMatchObject({
      code: 'USER_REJECTED',
    })
    expect(await nodeBalance(c.chain.node.rpc, to)).toBe(0n)
    expect(await nodeBalance(c.chain.node.rpc, wallet.address)).toBe(50_000_000n)
  })

  it('refuses a signed PSBT whose transaction differs from the one built', async () => {
    const { wallet, adapter } = await funded('p2wpkh', ['0.5'])
    const features = wallet.wallet.features as Record<
      string,
      { signTransaction?: (...inputs: { psbt: Uint8Array }[]) => Promise<{ signedPsbt: Uint8Array }[]> }
    >
    const honest = features['bitcoin:signTransaction']!.signTransaction!
    // A wallet that redirects the payment to itself before signing.
    features['bitcoin:signTransaction']!.signTransaction = async (input) => {
      const network = toBitcoinjsNetwork(c.network.custom.params)
      const original = Psbt.fromBuffer(input.psbt, { network })
      const forged = new Psbt({ network })
      original.txInputs.forEach((txIn, i) =>
        forged.addInput({ hash: txIn.hash, index: txIn.index, witnessUtxo: original.data.inputs[i]!.witnessUtxo! }),
      )
      original.txOutputs.forEach((out) => forged.addOutput({ address: wallet.address, value: out.value }))
      return honest({ ...input, psbt: forged.toBuffer() })
    }
    const to = recipient()
    await expect(adapter.sendNative!({ to, value: 10_000_000n, address: wallet.address, network: c.network })).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The wallet returned a different transaction than the one it was asked to sign',
    })
    expect(await nodeBalance(c.chain.node.rpc, to)).toBe(0n)
  })

  it('shows the balance as unavailable while the API is down, and the real one once it is back', async () => {
    const { wallet, modal } = await funded('p2wpkh', ['0.25'])
    await expect.poll(() => accountOf(modal)?.balanceStatus).toBe('ready')
    c.chain.esplora.setDown(true)
    try {
      await kernelOf(modal).connection.refreshBalance('bip122', { force: true })
      expect(accountOf(modal)?.balanceStatus).toBe('unavailable')
      await expect(adapterOf(modal).getBalance({ address: wallet.address, network: c.network })).rejects.toThrow(
        'HTTP status code: 503: The node is down',
      )
    } finally {
      c.chain.esplora.setDown(false)
    }
    await kernelOf(modal).connection.refreshBalance('bip122', { force: true })
    expect(accountOf(modal)).toMatchObject({ balanceStatus: 'ready', balanceValue: 25_000_000n })
  })
})
