// The solana chain features against a real litesvm cluster: SPL token balances from the chain's token accounts,
// a serialized transaction sent through the wallet, fee estimates, account reads, what is absent, bad input.
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { chainFeature, hasChainFeature } from '../../../kernel/index.js'
import { WALLET_ID, adapterOf, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import type { ChainFeature } from '../../../kernel/chain-features.js'

const h = useHarness()
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const fresh = () => Keypair.generate().publicKey.toBase58()

/** Writes an SPL mint (82 bytes: authority, supply, decimals, initialized) owned by the token program. */
function setMint(mint: string, decimals: number, supply: bigint) {
  const data = new Uint8Array(82)
  const view = new DataView(data.buffer)
  view.setUint32(0, 1, true)
  data.set(new PublicKey(fresh()).toBytes(), 4)
  view.setBigUint64(36, supply, true)
  data[44] = decimals
  data[45] = 1
  setAccount(mint, data)
}

/** Writes an SPL token account (165 bytes: mint, owner, amount, initialized) owned by the token program. */
function setTokenAccount(mint: string, owner: string, amount: bigint) {
  const data = new Uint8Array(165)
  data.set(new PublicKey(mint).toBytes(), 0)
  data.set(new PublicKey(owner).toBytes(), 32)
  new DataView(data.buffer).setBigUint64(64, amount, true)
  data[108] = 1
  setAccount(fresh(), data)
}

/** A new mint with `decimals` whose whole supply, `amount`, `owner` holds in one token account; returns the mint. */
function heldToken(owner: string, decimals: number, amount: bigint) {
  const mint = fresh()
  setMint(mint, decimals, amount)
  setTokenAccount(mint, owner, amount)
  return mint
}

function setAccount(address: string, data: Uint8Array) {
  const svm = (h.chain as unknown as { svm: { setAccount(a: unknown): void; minimumBalanceForRentExemption(n: bigint): bigint } }).svm
  svm.setAccount({
    address,
    data,
    executable: false,
    lamports: svm.minimumBalanceForRentExemption(BigInt(data.length)),
    programAddress: TOKEN_PROGRAM,
    space: BigInt(data.length),
  })
}

async function connected() {
  const wallet = h.wallet()
  h.chain.fund(wallet.address, 3_000_000_000n)
  const modal = h.modal()
  await modal.connect(WALLET_ID)
  return { wallet, adapter: adapterOf(modal), network: kernelOf(modal).state.$chains.get().solana!.networkState.caipNetwork! }
}

describe('solana chain features', () => {
  it('declares what a Solana wallet and RPC can do, and the native token address; the rest is absent', () => {
    const adapter = adapterOf(h.modal())
    const all: ChainFeature[] = [
      'request',
      'sendTransaction',
      'estimateFees',
      'readContract',
      'getTokenBalances',
      'sendToken',
      'estimateTokenTransfer',
      'signTypedData',
    ]
    expect(all.filter((f) => hasChainFeature(adapter, f))).toEqual([
      'sendTransaction',
      'estimateFees',
      'readContract',
      'getTokenBalances',
      'sendToken',
      'estimateTokenTransfer',
    ])
    expect(() => chainFeature(adapter, 'signTypedData')).toThrow('The solana chain plugin cannot signTypedData')
    expect(adapter.nativeTokenAddress).toBe('So11111111111111111111111111111111111111111')
  })

  it('SPL balances from the token accounts, summed per mint, with the mint decimals; limited to the mints asked for', async () => {
    const { adapter, wallet, network } = await connected()
    const [usdc, bonk, other] = [fresh(), fresh(), fresh()]
    setMint(usdc, 6, 10n ** 12n)
    setMint(bonk, 5, 10n ** 15n)
    setMint(other, 9, 10n ** 9n)
    setTokenAccount(usdc, wallet.address, 1_500_000n)
    setTokenAccount(usdc, wallet.address, 250_000n)
    setTokenAccount(bonk, wallet.address, 12_345n)
    setTokenAccount(other, fresh(), 99n)
    const balances = await chainFeature(adapter, 'getTokenBalances')({ owner: wallet.address, tokens: [usdc, bonk], network })
    expect(balances.sort((a, b) => a.decimals - b.decimals)).toEqual([
      { token: bonk, value: 12_345n, decimals: 5, symbol: '' },
      { token: usdc, value: 1_750_000n, decimals: 6, symbol: '' },
    ])
    expect(await chainFeature(adapter, 'getTokenBalances')({ owner: fresh(), tokens: [usdc], network })).toEqual([])
  })

  it('sends a serialized transaction through the wallet; estimates its fee and a plain transfer fee', async () => {
    const { adapter, wallet, network } = await connected()
    const to = fresh()
    const estimate = await chainFeature(adapter, 'estimateFees')({ from: wallet.address, to, value: 1_000n, network })
    expect(estimate).toEqual({ fee: 5000n, decimals: 9, symbol: 'SOL' })

    const { blockhash } = (
      await (
        await fetch(h.chain.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getLatestBlockhash', params: [] }),
        })
      ).json()
    ).result.value
    const payer = new PublicKey(wallet.address)
    const tx = new Transaction({ feePayer: payer, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports: 1_000_004_321n }),
    )
    const data = Buffer.from(tx.serialize({ requireAllSignatures: false, verifySignatures: false })).toString('base64')
    expect(await chainFeature(adapter, 'estimateFees')({ from: wallet.address, to, data, network })).toMatchObject({ fee: 5000n })
    const signature = await chainFeature(adapter, 'sendTransaction')({ from: wallet.address, to, data, network })
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(h.chain.balance(to)).toBe(1_000_004_321n)
    expect(wallet.callsOf('solana:signAndSendTransaction')).toHaveLength(1)
  })

  it('SPL transfer: creates the receiver token account when it has none (its deposit in the estimate), then only transfers', async () => {
    const { adapter, wallet, network } = await connected()
    const mint = heldToken(wallet.address, 6, 5_000_000n)
    const to = fresh()
    const params = { from: wallet.address, token: mint, to, amount: 1_250_000n, network }
    const rent = BigInt(
      (
        await (
          await fetch(h.chain.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getMinimumBalanceForRentExemption', params: [165] }),
          })
        ).json()
      ).result,
    )
    expect(await chainFeature(adapter, 'estimateTokenTransfer')(params)).toEqual({ fee: 5000n + rent, decimals: 9, symbol: 'SOL' })
    expect(await chainFeature(adapter, 'sendToken')(params)).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    const balances = chainFeature(adapter, 'getTokenBalances')
    expect(await balances({ owner: to, tokens: [mint], network })).toEqual([{ token: mint, value: 1_250_000n, decimals: 6, symbol: '' }])
    expect(await balances({ owner: wallet.address, tokens: [mint], network })).toEqual([
      { token: mint, value: 3_750_000n, decimals: 6, symbol: '' },
    ])
    // The receiver's account exists now: the next transfer pays the network fee only.
    expect(await chainFeature(adapter, 'estimateTokenTransfer')(params)).toEqual({ fee: 5000n, decimals: 9, symbol: 'SOL' })
    await chainFeature(adapter, 'sendToken')(params)
    expect(await balances({ owner: to, tokens: [mint], network })).toEqual([{ token: mint, value: 2_500_000n, decimals: 6, symbol: '' }])
    expect(wallet.callsOf('solana:signAndSendTransaction')).toHaveLength(2)
  })

  it('SPL transfer refusals: more than held, not a mint, bad addresses or amounts; the wallet is not asked', async () => {
    const { adapter, wallet, network } = await connected()
    const mint = heldToken(wallet.address, 6, 100n)
    const send = chainFeature(adapter, 'sendToken')
    const base = { from: wallet.address, token: mint, to: fresh(), amount: 50n, network }
    await expect(send({ ...base, amount: 101n })).rejects.toThrow('Insufficient token balance')
    await expect(send({ ...base, token: fresh() })).rejects.toThrow('is not a token mint')
    await expect(send({ ...base, to: '0x90F79bf6EB2c4f870365E785982E1f101E93b906' })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(send({ ...base, amount: 0n })).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })
    await expect(send({ ...base, amount: 2n ** 64n })).rejects.toThrow('Amount too large')
    expect(wallet.callsOf('solana:signAndSendTransaction')).toEqual([])
  })

  it('reads an account: owner program, lamports and data; a missing account reads as undefined', async () => {
    const { adapter, network } = await connected()
    const mint = fresh()
    setMint(mint, 2, 77n)
    const account = (await chainFeature(adapter, 'readContract')({ address: mint, network })) as {
      owner: string
      data: Uint8Array
      executable: boolean
    }
    expect(account.owner).toBe(TOKEN_PROGRAM)
    expect(account.executable).toBe(false)
    expect(account.data[44]).toBe(2)
    expect(await chainFeature(adapter, 'readContract')({ address: fresh(), network })).toBeUndefined()
  })

  it('bad input is refused before the wallet or the RPC is asked', async () => {
    const { adapter, wallet, network } = await connected()
    await expect(
      chainFeature(adapter, 'sendTransaction')({ from: wallet.address, to: fresh(), data: 'not base64!', network }),
    ).rejects.toThrow('serialized transaction in base64')
    await expect(chainFeature(adapter, 'sendTransaction')({ from: wallet.address, to: fresh(), network })).rejects.toThrow(
      'serialized transaction in base64',
    )
    await expect(chainFeature(adapter, 'readContract')({ address: '0xnot', network })).rejects.toThrow()
    expect(wallet.callsOf('solana:signAndSendTransaction')).toEqual([])
  })
})
