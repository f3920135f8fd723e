// The solana plugin against a real litesvm cluster, with Wallet Standard wallets registering in a page.
import { Keypair, PublicKey } from '@solana/web3.js'
import { describe, expect, it, vi } from 'vitest'
import { decodeBase58 } from '../../../chains/solana/base58.js'
import { defineNetwork } from '../../../chains/solana/index.js'
import { StorageKeys } from '../../../kernel/connection.js'
import { WALLET_ID, accountOf, adapterOf, mapStorage, useHarness } from './harness.js'
import { ALL_FEATURES, verifyEd25519 } from './node-wallet.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const fresh = () => Keypair.generate().publicKey.toBase58()
const networkOf = (modal: ReturnType<typeof h.modal>) => kernelOf(modal).state.$chains.get().solana!.networkState.caipNetwork!

describe('discovery', () => {
  it('lists Wallet Standard wallets with a solana chain and standard:connect, once per name, announced as eoa', async () => {
    h.wallet()
    h.wallet() // the same wallet registering twice
    h.page.install({
      version: '1.0.0',
      name: 'Bitcoin Only',
      icon: '',
      chains: ['bip122:000000000019d6689c085ae165831e93'],
      features: { 'standard:connect': { connect: async () => ({ accounts: [] }) } },
      accounts: [],
    })
    h.page.install({ version: '1.0.0', name: 'No Connect', icon: '', chains: ['solana:mainnet'], features: {}, accounts: [] })
    const modal = h.modal()
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([
      {
        id: WALLET_ID,
        name: 'Node Solana Wallet',
        type: 'ANNOUNCED',
        namespace: 'solana',
        imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
        installed: true,
      },
    ])
    expect(adapterOf(modal).defaultAccountType).toBe('eoa')
  })

  it('finds a wallet that registers after the app started (app-ready answered later)', () => {
    const modal = h.modal()
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([])
    h.wallet({ name: 'Late Wallet' })
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => c.id),
    ).toEqual(['late-wallet'])
  })

  it('takes a Wallet Standard wallet from another plugin through addConnector', async () => {
    const wallet = new (await import('./node-wallet.js')).NodeSolanaWallet({
      seeds: [new Uint8Array(32).fill(9)],
      rpc: h.chain.url,
      name: 'Embedded',
    })
    const modal = h.modal()
    const remove = kernelOf(modal).chains.addConnector(
      'solana',
      { id: 'embedded', name: 'Embedded', type: 'AUTH', installed: true },
      wallet,
    )
    expect(kernelOf(modal).chains.findConnector('embedded', 'solana')?.type).toBe('AUTH')
    await modal.connect('embedded', 'solana')
    expect(modal.getAccount().address).toBe(wallet.address)
    remove()
    expect(kernelOf(modal).chains.findConnector('embedded', 'solana')).toBeUndefined()
    expect(() =>
      kernelOf(modal).chains.addConnector('solana', { id: 'x', name: 'X', type: 'AUTH', installed: true }, { request: () => null }),
    ).toThrow(/Wallet Standard/)
  })
})

describe('connect, balance, sign', () => {
  it('connects, reads the exact balance in lamports and shows it truncated to 3 decimals', async () => {
    // An account of its own: the other tests fund the default one too.
    const wallet = h.wallet({ seeds: [new Uint8Array(32).fill(13)] })
    h.chain.fund(wallet.address, 2_718_281_828n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `${h.local.caipNetworkId}:${wallet.address}`,
      namespace: 'solana',
    })
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    expect(accountOf(modal)).toMatchObject({
      balanceValue: h.chain.balance(wallet.address),
      balance: '2.718',
      balanceSymbol: 'SOL',
      allAccounts: [{ type: 'eoa' }],
    })
    expect(h.chain.balance(wallet.address)).toBe(2_718_281_828n)
  })

  it('reads balances above 2^53 lamports digit for digit', async () => {
    const wallet = h.wallet({ seeds: [new Uint8Array(32).fill(7)] })
    const huge = 2n ** 60n + 12_345n
    h.chain.svm.setAccount({
      address: wallet.address,
      lamports: huge,
      data: new Uint8Array(),
      programAddress: '11111111111111111111111111111111',
      executable: false,
      space: 0n,
    })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect((await adapterOf(modal).getBalance({ address: wallet.address, network: h.local })).value).toBe(huge)
  })

  it('a declined connection is USER_REJECTED and leaves the namespace disconnected', async () => {
    const wallet = h.wallet({ approve: false })
    const modal = h.modal()
    await expect(modal.connect(WALLET_ID)).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Connection declined' })
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it('signs a message: a base58 ed25519 signature that verifies against the address', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    const message = 'Sign in to Vestibule ✓'
    const signature = await modal.signMessage(message)
    const bytes = decodeBase58(signature)!
    expect(bytes).toHaveLength(64)
    expect(verifyEd25519(new TextEncoder().encode(message), bytes, new PublicKey(wallet.address).toBytes())).toBe(true)
    expect(verifyEd25519(new TextEncoder().encode(`${message}!`), bytes, new PublicKey(wallet.address).toBytes())).toBe(false)
  })

  it('a declined signature is "Signature declined"', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    wallet.approve = false
    await expect(modal.signMessage('hello')).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Signature declined' })
  })

  it('a malformed signature from the wallet is a wallet error, not a crash', async () => {
    const wallet = h.wallet()
    const features = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(wallet), 'features')!.get!.call(wallet) as Record<
      string,
      unknown
    >
    Object.defineProperty(wallet, 'features', {
      get: () => ({
        ...features,
        'solana:signMessage': {
          version: '1.0.0',
          signMessage: async () => [{ signedMessage: new Uint8Array(), signature: new Uint8Array(63) }],
        },
      }),
    })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    await expect(modal.signMessage('x')).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The wallet returned a malformed signature',
    })
  })
})

describe('sendNative', () => {
  it('transfers lamports through solana:signAndSendTransaction; the recipient receives them on the chain', async () => {
    const wallet = h.wallet()
    h.chain.fund(wallet.address, 3_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    const to = fresh()
    const before = h.chain.balance(wallet.address)
    const signature = await adapterOf(modal).sendNative!({ to, value: 1_000_000_001n, address: wallet.address, network: networkOf(modal) })
    expect(decodeBase58(signature)).toHaveLength(64)
    expect(h.chain.balance(to)).toBe(1_000_000_001n)
    expect(h.chain.balance(wallet.address)).toBe(before - 1_000_000_001n - 5000n)
    expect(wallet.callsOf('solana:signAndSendTransaction')).toHaveLength(1)
    expect((wallet.callsOf('solana:signAndSendTransaction')[0]!.input as Array<{ chain: string }>)[0]!.chain).toBe('solana:localnet')
  })

  it('falls back to solana:signTransaction and sends and confirms itself (RPC + WebSocket)', async () => {
    const wallet = h.wallet({ features: ALL_FEATURES.filter((f) => f !== 'solana:signAndSendTransaction') })
    h.chain.fund(wallet.address, 3_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    const to = fresh()
    const signature = await adapterOf(modal).sendNative!({ to, value: 2_000_000n, address: wallet.address, network: networkOf(modal) })
    expect(h.chain.balance(to)).toBe(2_000_000n)
    expect(wallet.callsOf('solana:signTransaction')).toHaveLength(1)
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  })

  it('two identical transfers in a row both land (distinct blockhashes, distinct signatures)', async () => {
    const wallet = h.wallet()
    h.chain.fund(wallet.address, 1_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    const to = fresh()
    const send = () => adapterOf(modal).sendNative!({ to, value: 1_000_000n, address: wallet.address, network: networkOf(modal) })
    const [a, b] = [await send(), await send()]
    expect(a).not.toBe(b)
    expect(h.chain.balance(to)).toBe(2_000_000n)
  })

  it('rejects bad input with chain-specific messages before asking the wallet', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    const send = (to: string, value: bigint) =>
      adapterOf(modal).sendNative!({ to, value, address: wallet.address, network: networkOf(modal) })
    await expect(send('0x52908400098527886E0F7030069857D2E4169EE7', 1n)).rejects.toThrow(
      'Invalid Solana address: "0x52908400098527886E0F7030069857D2E4169EE7" (expected base58 text of a 32-byte public key)',
    )
    await expect(send('3yZe7d', 1n)).rejects.toThrow(/Invalid Solana address/)
    await expect(send(fresh(), 0n)).rejects.toThrow('Please enter a valid amount and receiver address')
    await expect(send('', 5n)).rejects.toThrow('Please enter a valid amount and receiver address')
    await expect(send(fresh(), 2n ** 64n)).rejects.toThrow(/at most 18446744073709551615 lamports/)
    expect(wallet.callsOf('solana:signAndSendTransaction')).toEqual([])
  })

  it('a declined transfer is USER_REJECTED and moves nothing', async () => {
    const wallet = h.wallet()
    h.chain.fund(wallet.address, 1_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    wallet.approve = false
    const to = fresh()
    await expect(
      adapterOf(modal).sendNative!({ to, value: 5_000_000n, address: wallet.address, network: networkOf(modal) }),
    ).rejects.toMatchObject({ code: 'USER_REJECTED' })
    expect(h.chain.balance(to)).toBe(0n)
  })

  it('a transfer the chain refuses fails with "Failed to send transaction" and the RPC reason', async () => {
    const wallet = h.wallet({ seeds: [new Uint8Array(32).fill(11)] })
    h.chain.fund(wallet.address, 1_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    await expect(
      adapterOf(modal).sendNative!({ to: fresh(), value: 900_000_000n, address: wallet.address, network: networkOf(modal) }),
    ).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: expect.stringMatching(/^Failed to send transaction\. Please try again\. .*simulation failed/s),
    })
  })
})

describe('a wallet without a feature', () => {
  it.each([
    [
      'solana:signMessage',
      (m: ReturnType<typeof h.modal>) => m.signMessage('hi'),
      'Message signing (solana:signMessage) is not supported by this wallet',
    ],
    [
      'both send features',
      (m: ReturnType<typeof h.modal>) =>
        adapterOf(m).sendNative!({ to: fresh(), value: 1n, address: m.getAccount().address!, network: networkOf(m) }),
      'Sending transactions (solana:signAndSendTransaction or solana:signTransaction) is not supported by this wallet',
    ],
  ])('%s missing: "… is not supported by this wallet"', async (_name, run, message) => {
    h.wallet({ features: ['standard:connect', 'standard:events'] })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    await expect(run(modal)).rejects.toMatchObject({ code: 'NOT_SUPPORTED', message })
    expect(modal.getAccount().status).toBe('connected')
  })

  it('without standard:disconnect or standard:events, connect and disconnect still work', async () => {
    h.wallet({ features: ['standard:connect', 'solana:signMessage'] })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    await modal.disconnect()
    expect(modal.getAccount().status).toBe('disconnected')
  })
})

describe('wallet events and networks', () => {
  it('standard:events "change": another account is reported, no account disconnects', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    wallet.selectAccount(1)
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `${h.local.caipNetworkId}:${wallet.address}`,
    })
    // Signing now uses the new account.
    const signature = decodeBase58(await modal.signMessage('second'))!
    expect(verifyEd25519(new TextEncoder().encode('second'), signature, new PublicKey(wallet.address).toBytes())).toBe(true)
    wallet.revokeInWallet()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it('a change of the wallet clusters moves the session to a host network the account supports', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect(modal.getNetwork().caipNetworkId).toBe(h.local.caipNetworkId)
    wallet.setChains(['solana:devnet'])
    expect(modal.getNetwork().caipNetworkId).toBe(h.other.caipNetworkId)
  })

  it('connects on a host network the wallet supports when the requested one is not', async () => {
    h.wallet({ chains: ['solana:devnet'] })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect(modal.getNetwork().caipNetworkId).toBe(h.other.caipNetworkId)
  })

  it('switches between host networks the wallet supports; a cluster it lacks is "not supported by this wallet"', async () => {
    h.wallet({ chains: ['solana:localnet', 'solana:devnet'] })
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    await modal.switchNetwork(h.other.caipNetworkId)
    expect(modal.getNetwork().caipNetworkId).toBe(h.other.caipNetworkId)
    await modal.switchNetwork(h.local.caipNetworkId)
    const third = defineNetwork({
      genesisHash: '4uhcVJyU9pJkvQyS88uRDiswHXSRkCZ3CLhsdNVYDZo9',
      name: 'Third',
      walletChain: 'solana:testnet',
      rpcUrls: { default: { http: [h.chain.url] } },
    })
    const modal2 = h.modal({ networks: [h.local, third] })
    await modal2.connect(WALLET_ID)
    await expect(modal2.switchNetwork(third.caipNetworkId)).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'The network Third is not supported by this wallet',
    })
    expect(modal2.getNetwork().caipNetworkId).toBe(h.local.caipNetworkId)
  })

  it('a node that is down shows the balance as unavailable and keeps the session usable', async () => {
    const wallet = h.wallet()
    const down = defineNetwork({ genesisHash: h.chain.genesisHash, name: 'Down', rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })
    const modal = h.modal({ networks: [down] })
    await modal.connect(WALLET_ID)
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('unavailable'), { timeout: 10_000 })
    const signature = decodeBase58(await modal.signMessage('still here'))!
    expect(verifyEd25519(new TextEncoder().encode('still here'), signature, new PublicKey(wallet.address).toBytes())).toBe(true)
  })
})

describe('disconnect and reconnect', () => {
  it('disconnect calls standard:disconnect and stops listening', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_ID)
    expect(wallet.listenerCount()).toBe(1)
    await modal.disconnect()
    expect(wallet.callsOf('standard:disconnect')).toHaveLength(1)
    expect(wallet.listenerCount()).toBe(0)
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('restores the session after a reload with a silent connect, on the stored Solana network', async () => {
    const storage = mapStorage()
    const wallet = h.wallet({ chains: ['solana:localnet', 'solana:devnet'] })
    const first = h.modal({ storage })
    await first.connect(WALLET_ID)
    await first.switchNetwork(h.other.caipNetworkId)

    h.reload(wallet)
    wallet.connected = false // a new page: the wallet shows no accounts until asked
    wallet.calls.length = 0
    const modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: wallet.address, namespace: 'solana' })
    expect(modal.getNetwork().caipNetworkId).toBe(h.other.caipNetworkId)
    expect(wallet.calls).toEqual([{ feature: 'standard:connect', input: { silent: true } }])
    // The restored session listens to the wallet again.
    wallet.selectAccount(1)
    expect(modal.getAccount().address).toBe(wallet.address)
  })

  it('does not restore when the wallet no longer grants access, and forgets the connector', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    await h.modal({ storage }).connect(WALLET_ID)
    wallet.revokeInWallet()
    h.reload(wallet)
    const modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).storage.get(StorageKeys.connectorId('solana'))).toBeUndefined()
  })

  it('gives up on a wallet that never registers again', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    await h.modal({ storage }).connect(WALLET_ID)
    h.reload()
    const modal = h.modal({ storage })
    const started = Date.now()
    await modal.reconnect()
    expect(Date.now() - started).toBeLessThan(2000)
    expect(modal.getAccount().status).toBe('disconnected')
    void wallet
  })
})
