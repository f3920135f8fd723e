/**
 * The solana, polkadot and bip122 facades on their own: what each chain plugin's wallet call becomes as a
 * WalletConnect request (method, params, chain), and how the wallet's answer comes back.
 */
import { describe, expect, it, vi } from 'vitest'
import { WALLETCONNECT_ICON } from '../../../plugins/walletconnect/connector.js'
import { createBip122Facade } from '../../../chains/bip122/walletconnect.js'
import { createPolkadotFacade } from '../../../chains/polkadot/walletconnect.js'
import { fromBase58, fromBase64, toBase58, toBase64, toHex } from '../../../chains/shared/walletconnect.js'
import { createSolanaFacade, withSignature } from '../../../chains/solana/walletconnect.js'
import type { UniversalProvider } from '../../../plugins/walletconnect/types.js'

type Handler = (method: string, params: any, chain: string) => unknown

/** A universal provider with one session: `accounts` per namespace, requests answered by `answer`. */
function provider(namespaces: Record<string, string[]>, answer: Handler, sessionProperties?: Record<string, string>) {
  const up = {
    session: {
      topic: 't',
      sessionProperties,
      namespaces: Object.fromEntries(Object.entries(namespaces).map(([ns, accounts]) => [ns, { accounts, methods: [], events: [] }])),
    },
    request: vi.fn(async ({ method, params }: { method: string; params: unknown }, chain: string) => answer(method, params, chain)),
  }
  return up as typeof up & UniversalProvider
}
const contextOf = (up: UniversalProvider | undefined, preferred: string[] = []) => ({
  session: Promise.resolve(up),
  preferredChains: () => preferred as never,
  wallet: { name: 'WalletConnect', icon: WALLETCONNECT_ICON },
})
const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill)

describe('encodings', () => {
  it('round-trips base58 (leading zeros kept), base64 and hex, and refuses what is not', () => {
    const data = new Uint8Array([0, 0, 1, 2, 250, 255])
    expect(toBase58(data)).toBe('11' + toBase58(data.subarray(2)))
    expect(fromBase58(toBase58(data))).toEqual(data)
    expect(fromBase58('11111111111111111111111111111111')).toEqual(new Uint8Array(32))
    expect(fromBase64(toBase64(data))).toEqual(data)
    expect(toHex(data)).toBe('000001 02faff'.replace(' ', ''))
    expect(fromBase58('0OIl')).toBeUndefined()
    expect(fromBase64('not base64!')).toBeUndefined()
  })
})

describe('solana facade (Wallet Standard)', () => {
  const key = bytes(32, 9)
  const address = toBase58(key)
  const chain = 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ'
  const other = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

  async function connected(answer: Handler, preferred: string[] = [chain]) {
    const up = provider({ solana: [`${chain}:${address}`, `${other}:${address}`] }, answer)
    const facade = createSolanaFacade(contextOf(up, preferred))
    const wallet = facade.provider as any
    const { accounts } = await wallet.features['standard:connect'].connect()
    return { up, facade, wallet, account: accounts[0] }
  }

  it('shares the session accounts with their public key and CAIP-2 chains only after connect', async () => {
    const up = provider({ solana: [`${chain}:${address}`] }, () => null)
    const wallet = createSolanaFacade(contextOf(up)).provider as any
    expect(wallet.accounts).toEqual([])
    const { accounts } = await wallet.features['standard:connect'].connect()
    expect(accounts).toEqual([
      {
        address,
        publicKey: key,
        chains: [chain],
        features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      },
    ])
    expect(wallet.accounts).toEqual(accounts)
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
  })

  it('signMessage → solana_signMessage with the base58 message and pubkey on the preferred approved chain', async () => {
    const signature = bytes(64, 3)
    const { up, wallet, account } = await connected(() => ({ signature: toBase58(signature) }), [other])
    const message = new TextEncoder().encode('hello')
    const [out] = await wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(up.request).toHaveBeenCalledWith(
      { method: 'solana_signMessage', params: { message: toBase58(message), pubkey: address } },
      other,
    )
    expect(out).toEqual({ signedMessage: message, signature })
  })

  it('a malformed signature, a foreign account and a declined prompt (5000) come back as errors the plugin reads', async () => {
    const { wallet, account } = await connected(() => ({ signature: 'abc' }))
    const message = bytes(4)
    await expect(wallet.features['solana:signMessage'].signMessage({ account, message })).rejects.toThrow(/malformed signature/)
    await expect(
      wallet.features['solana:signMessage'].signMessage({ account: { ...account, address: toBase58(bytes(32, 1)) }, message }),
    ).rejects.toMatchObject({ code: 4100 })
    const declined = await connected(() => {
      throw { code: 5000, message: 'User rejected.' }
    })
    await expect(declined.wallet.features['solana:signMessage'].signMessage({ account: declined.account, message })).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected.',
    })
  })

  it('signTransaction → solana_signTransaction (base64); a signature-only answer is put in the signer slot', async () => {
    // A legacy transaction: 2 signature slots, header (2 required), 3 keys (fee payer, our key, program), blockhash, no instructions.
    const feePayer = bytes(32, 5)
    const tx = new Uint8Array([2, ...new Uint8Array(128), 2, 0, 1, 3, ...feePayer, ...key, ...bytes(32, 8), ...bytes(32, 4), 0])
    const signature = bytes(64, 6)
    const { up, wallet, account } = await connected(() => ({ signature: toBase58(signature) }))
    const [out] = await wallet.features['solana:signTransaction'].signTransaction({ account, transaction: tx, chain: other })
    expect(up.request).toHaveBeenCalledWith(
      { method: 'solana_signTransaction', params: { transaction: toBase64(tx), pubkey: address } },
      other,
    )
    expect(out.signedTransaction.subarray(1 + 64, 1 + 128)).toEqual(signature)
    expect(out.signedTransaction.subarray(1, 65)).toEqual(new Uint8Array(64))
    expect(out.signedTransaction.subarray(129)).toEqual(tx.subarray(129))
    // A v0 message (prefix byte 0x80) has the same slots.
    const v0 = new Uint8Array([1, ...new Uint8Array(64), 0x80, 1, 0, 0, 1, ...key, ...bytes(32, 4), 0, 0])
    expect(withSignature(v0, key, signature).subarray(1, 65)).toEqual(signature)
    expect(() => withSignature(v0, feePayer, signature)).toThrow(/not a signer/)
    // The wallet's signed transaction is taken as it is.
    const signed = bytes(20, 2)
    const whole = await connected(() => ({ signature: toBase58(signature), transaction: toBase64(signed) }))
    expect(
      (await whole.wallet.features['solana:signTransaction'].signTransaction({ account: whole.account, transaction: tx }))[0]
        .signedTransaction,
    ).toEqual(signed)
  })

  it('signAndSendTransaction → solana_signAndSendTransaction with the send options; the signature comes back as bytes', async () => {
    const signature = bytes(64, 1)
    const { up, wallet, account } = await connected(() => ({ signature: toBase58(signature) }))
    const tx = bytes(10)
    const [out] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: tx,
      chain,
      options: { preflightCommitment: 'confirmed' },
    })
    expect(up.request).toHaveBeenCalledWith(
      {
        method: 'solana_signAndSendTransaction',
        params: { transaction: toBase64(tx), pubkey: address, sendOptions: { preflightCommitment: 'confirmed' } },
      },
      chain,
    )
    expect(out).toEqual({ signature })
  })

  it('reports accountsChanged and session updates as a Wallet Standard change; no session means no account', async () => {
    const { facade, wallet } = await connected(() => null)
    const seen: unknown[] = []
    wallet.features['standard:events'].on('change', (change: { accounts: { address: string }[] }) =>
      seen.push(change.accounts.map((a) => a.address)),
    )
    const next = toBase58(bytes(32, 2))
    facade.onSessionEvent('accountsChanged', [`${chain}:${next}`])
    await Promise.resolve()
    await Promise.resolve()
    expect(seen).toEqual([[next]])
    const none = createSolanaFacade(contextOf(undefined)).provider as any
    expect(await none.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    await expect(none.features['standard:connect'].connect()).rejects.toMatchObject({ code: 4900 })
  })
})

describe('polkadot facade (injectedWeb3 entry)', () => {
  const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
  const chain = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
  const assetHub = 'polkadot:68d56f15f85d3136970ec16946040bc1'
  const signature = `0x01${'ab'.repeat(64)}`

  async function enabled(answer: Handler) {
    const up = provider({ polkadot: [`${chain}:${address}`, `${assetHub}:${address}`] }, answer)
    const facade = createPolkadotFacade(contextOf(up, [chain]))
    const extension = await (facade.provider as any).enable('App')
    return { up, facade, extension }
  }

  it('enable shares the session accounts, unrestricted to a genesis', async () => {
    const { extension } = await enabled(() => null)
    expect(await extension.accounts.get()).toEqual([{ address, name: 'WalletConnect', genesisHash: null }])
  })

  it('signRaw → polkadot_signMessage with the hex bytes; signPayload → polkadot_signTransaction on the payload genesis chain', async () => {
    const { up, extension } = await enabled(() => ({ signature }))
    expect(await extension.signer.signRaw({ address, data: '0x68656c6c6f', type: 'bytes' })).toEqual({ id: 1, signature })
    expect(up.request).toHaveBeenLastCalledWith({ method: 'polkadot_signMessage', params: { address, message: '0x68656c6c6f' } }, chain)
    const payload = { address, genesisHash: `0x68d56f15f85d3136970ec16946040bc1${'0'.repeat(32)}`, method: '0x0a03', nonce: '0x00' }
    expect(await extension.signer.signPayload(payload)).toEqual({ id: 2, signature })
    expect(up.request).toHaveBeenLastCalledWith(
      { method: 'polkadot_signTransaction', params: { address, transactionPayload: payload } },
      assetHub,
    )
    // The payload may name the account in the chain's own SS58 encoding (here prefix 2): the same key is the same account.
    const onChain = { ...payload, address: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F' }
    await extension.signer.signPayload(onChain)
    expect(up.request).toHaveBeenLastCalledWith(
      { method: 'polkadot_signTransaction', params: { address, transactionPayload: onChain } },
      assetHub,
    )
  })

  it('refuses another account and a malformed signature; a declined prompt is 4001', async () => {
    const { extension } = await enabled(() => ({ signature: '0x1234' }))
    await expect(extension.signer.signRaw({ address: '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty', data: '0x00' })).rejects.toThrow(
      /Unable to find the account/,
    )
    await expect(extension.signer.signRaw({ address, data: '0x00' })).rejects.toThrow(/malformed signature/)
    const declined = await enabled(() => {
      throw { code: 5000, message: 'User rejected.' }
    })
    await expect(declined.extension.signer.signRaw({ address, data: '0x00' })).rejects.toMatchObject({ code: 4001 })
  })

  it('tells subscribers about accountsChanged', async () => {
    const { facade, extension } = await enabled(() => null)
    const seen: string[][] = []
    extension.accounts.subscribe((list: { address: string }[]) => seen.push(list.map((a) => a.address)))
    facade.onSessionEvent('accountsChanged', ['5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty'])
    await Promise.resolve()
    await Promise.resolve()
    expect(seen).toEqual([[address], ['5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty']])
  })
})

describe('bip122 facade (Bitcoin Wallet Standard)', () => {
  const address = 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kx0mh5f'
  const chain = 'bip122:530827f38f93b43ed12af0b3ad25a288'
  const publicKey = new Uint8Array([2, ...bytes(32, 3)])

  it('takes public keys from the session properties; without them it asks getAccountAddresses once, never on a silent connect', async () => {
    const listed = JSON.stringify([{ address, publicKey: toHex(publicKey), path: "m/84'/1'/0'/0/0", intention: 'payment' }])
    const fromProperties = provider({ bip122: [`${chain}:${address}`] }, () => null, { bip122_getAccountAddresses: listed })
    const wallet = createBip122Facade(contextOf(fromProperties)).provider as any
    expect((await wallet.features['standard:connect'].connect()).accounts).toEqual([
      { address, publicKey, chains: [chain], features: ['bitcoin:signMessage', 'bitcoin:signTransaction'] },
    ])
    expect(fromProperties.request).not.toHaveBeenCalled()

    const asking = provider({ bip122: [`${chain}:${address}`] }, (method) =>
      method === 'getAccountAddresses' ? [{ address, publicKey: toHex(publicKey) }] : null,
    )
    const silent = createBip122Facade(contextOf(asking)).provider as any
    expect((await silent.features['standard:connect'].connect({ silent: true })).accounts[0].publicKey).toEqual(new Uint8Array())
    expect(asking.request).not.toHaveBeenCalled()
    const accounts = (await (createBip122Facade(contextOf(asking)).provider as any).features['standard:connect'].connect()).accounts
    expect(asking.request).toHaveBeenCalledWith(
      { method: 'getAccountAddresses', params: { account: address, intentions: ['payment'] } },
      chain,
    )
    expect(accounts[0].publicKey).toEqual(publicKey)
  })

  async function connected(answer: Handler) {
    const up = provider({ bip122: [`${chain}:${address}`] }, answer, { bip122_getAccountAddresses: '[]' })
    const facade = createBip122Facade(contextOf(up, [chain]))
    const wallet = facade.provider as any
    const { accounts } = await wallet.features['standard:connect'].connect({ silent: true })
    return { up, facade, wallet, account: accounts[0] }
  }

  it('signMessage → signMessage (ECDSA) with the text; base64 and hex signatures both come back as bytes', async () => {
    const signature = new Uint8Array([39, ...bytes(64, 5)])
    const { up, wallet, account } = await connected(() => ({ address, signature: toBase64(signature) }))
    const message = new TextEncoder().encode('Sign in')
    expect(await wallet.features['bitcoin:signMessage'].signMessage({ account, message })).toEqual([{ signedMessage: message, signature }])
    expect(up.request).toHaveBeenCalledWith(
      { method: 'signMessage', params: { account: address, address, message: 'Sign in', protocol: 'ecdsa' } },
      chain,
    )
    const hex = await connected(() => ({ signature: toHex(signature) }))
    expect((await hex.wallet.features['bitcoin:signMessage'].signMessage({ account: hex.account, message }))[0].signature).toEqual(
      signature,
    )
  })

  it('signTransaction → signPsbt (base64, the inputs to sign by address and index, no broadcast)', async () => {
    const psbt = bytes(40, 1)
    const signed = bytes(50, 2)
    const { up, wallet, account } = await connected(() => ({ psbt: toBase64(signed) }))
    const [out] = await wallet.features['bitcoin:signTransaction'].signTransaction({
      psbt,
      chain,
      inputsToSign: [{ account, signingIndexes: [0, 2] }],
    })
    expect(out).toEqual({ signedPsbt: signed })
    expect(up.request).toHaveBeenCalledWith(
      {
        method: 'signPsbt',
        params: {
          account: address,
          psbt: toBase64(psbt),
          signInputs: [
            { address, index: 0 },
            { address, index: 2 },
          ],
          broadcast: false,
        },
      },
      chain,
    )
    await expect(
      wallet.features['bitcoin:signTransaction'].signTransaction({
        psbt,
        chain,
        inputsToSign: [{ account: { address: 'rltc1qother' }, signingIndexes: [0] }],
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('reports bip122_addressesChanged as a change of accounts', async () => {
    const { facade, wallet } = await connected(() => null)
    const seen: string[][] = []
    wallet.features['standard:events'].on('change', (change: { accounts: { address: string }[] }) =>
      seen.push(change.accounts.map((a) => a.address)),
    )
    facade.onSessionEvent('bip122_addressesChanged', [{ address: 'rltc1qnext', publicKey: toHex(publicKey) }])
    await Promise.resolve()
    await Promise.resolve()
    expect(seen).toEqual([['rltc1qnext']])
    expect(wallet.accounts[0].publicKey).toEqual(publicKey)
  })
})
