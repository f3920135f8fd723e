// The polkadot adapter through the kernel, with the Sandbox Polkadot Wallet's extension (a real sr25519 key)
// in a Node page. No chain here: balances and transfers against chopsticks are in chain.test.ts.
import { u8aWrapBytes } from '@polkadot/util'
import { signatureVerify, sr25519Verify } from '@polkadot/util-crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addressProblem, polkadotMainnet, westend } from '../../../chains/polkadot/index.js'
import { encodeAddress } from '../../../chains/polkadot/ss58-encode.js'
import { VestibuleError } from '../../../kernel/index.js'
import { transactionUrl } from '../../../plugins/send/controller.js'
import { AUTH_KEY } from '../../../sandbox/polkadot/extension.js'
import { EXTENSION_ID, SEEDS, accountOf, adapterOf, localNetwork, mapStorage, until, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
afterEach(() => void vi.useRealTimers())
const DOWN = 'ws://127.0.0.1:9' // discard port: nothing listens

describe('discovery', () => {
  it('lists each injectedWeb3 extension as an INJECTED polkadot connector, also when it injects late', async () => {
    const extension = await h.extension({ inject: false })
    // The page's timers on a fake clock: the extension injects 50 ms after the modal looked, and is found when the
    // modal looks again at 100 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const modal = h.modal([polkadotMainnet])
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([])
    setTimeout(() => h.inject(extension), 50)
    vi.advanceTimersByTime(99)
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([
      { id: EXTENSION_ID, name: 'Sandbox Polkadot Wallet', type: 'INJECTED', namespace: 'polkadot', installed: true },
    ])
  })

  it('names known extensions and ignores entries without enable()', async () => {
    const ext = await h.extension({ id: 'polkadot-js' })
    h.inject(ext, 'subwallet-js')
    h.window.injectedWeb3.broken = { version: '1' }
    const modal = h.modal([polkadotMainnet])
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => [c.id, c.name]),
    ).toEqual([
      ['polkadot-js', 'polkadot{.js}'],
      ['subwallet-js', 'SubWallet'],
    ])
  })
})

describe('connect', () => {
  it("enables the extension with the app's name and shows the account in the network's SS58 format", async () => {
    const extension = await h.extension()
    const modal = h.modal([polkadotMainnet, westend])
    await modal.connect(EXTENSION_ID)
    const address = encodeAddress(extension.publicKey, 0)
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address,
      caipAddress: `polkadot:91b171bb158e2d3848fa23a9f1c25182:${address}`,
      namespace: 'polkadot',
    })
    expect(extension.address.startsWith('5')).toBe(true) // the extension shares the generic (42) encoding
    expect(extension.calls[0]).toEqual({ method: 'enable', params: 'Polkadot Test App' })
    expect(extension.prompts).toEqual(['Connect "Polkadot Test App"?'])
    expect(accountOf(modal)?.allAccounts?.[0]?.type).toBe('eoa')
  })

  it('turns a declined prompt ("Rejected") into USER_REJECTED "Connection declined"', async () => {
    await h.extension({ approve: false })
    const modal = h.modal([polkadotMainnet])
    const error = await modal.connect(EXTENSION_ID).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'USER_REJECTED', message: 'Connection declined' })
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('skips accounts limited to another chain and says so when none is left', async () => {
    await h.extension({ genesisHash: westend.id })
    const modal = h.modal([polkadotMainnet, westend])
    await expect(modal.connect(EXTENSION_ID)).rejects.toThrow('Sandbox Polkadot Wallet shared no account usable on Polkadot')
    await modal.switchNetwork(westend.caipNetworkId)
    await modal.connect(EXTENSION_ID)
    expect(modal.getAccount().caipAddress).toMatch(/^polkadot:e143f23803ac50e8f6f8e62695d1ce9e:5/)
    // …and the account cannot follow to a chain it is not for.
    await expect(modal.switchNetwork(polkadotMainnet.caipNetworkId)).rejects.toThrow(
      'The connected account is limited to another chain than Polkadot',
    )
  })

  it('skips Ethereum-type accounts (not SS58)', async () => {
    const extension = await h.extension()
    extension.setAccounts([{ address: `0x${'12'.repeat(20)}` }, { address: extension.address }])
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    expect(modal.getAccount().address).toBe(encodeAddress(extension.publicKey, 0))
  })

  it('follows the account the user picks in the extension, and disconnects when none is shared', async () => {
    const extension = await h.extension()
    const other = await h.extension({ seed: SEEDS[1], inject: false })
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    extension.setAccounts([{ address: other.address }])
    expect(modal.getAccount().address).toBe(encodeAddress(other.publicKey, 0))
    extension.setAccounts([])
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('re-encodes the address when the network changes (prefix 0 → 42)', async () => {
    const extension = await h.extension()
    const modal = h.modal([polkadotMainnet, westend])
    await modal.connect(EXTENSION_ID)
    await modal.switchNetwork(westend.caipNetworkId)
    expect(modal.getAccount().caipAddress).toBe(`polkadot:e143f23803ac50e8f6f8e62695d1ce9e:${extension.address}`)
    expect(modal.getNetwork().caipNetwork).toBe(westend)
  })
})

describe('reconnect', () => {
  it('restores the session after a reload without a prompt once the site is granted', async () => {
    const storage = mapStorage()
    const pageStorage = mapStorage()
    const extension = await h.extension({ storage: pageStorage })
    await h.modal([polkadotMainnet], { storage }).connect(EXTENSION_ID)
    expect(pageStorage.map.get(AUTH_KEY)).toBe('granted')
    h.reload()
    // The extension injects 150 ms after the page starts (a fake clock): the restore looks again every 100 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setTimeout(() => h.inject(extension), 150)
    const modal = h.modal([polkadotMainnet], { storage })
    const restored = modal.reconnect()
    await vi.advanceTimersByTimeAsync(1_000)
    vi.useRealTimers()
    await restored
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: encodeAddress(extension.publicKey, 0) })
    expect(extension.prompts).toHaveLength(1)
  })

  it('gives up when the extension is gone', async () => {
    const storage = mapStorage()
    await h.extension()
    await h.modal([polkadotMainnet], { storage }).connect(EXTENSION_ID)
    h.reload()
    const modal = h.modal([polkadotMainnet], { storage })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('disconnected')
  })
})

describe('connectors other plugins add', () => {
  const WC = { id: 'remote', name: 'Remote Wallet', type: 'WALLET_CONNECT' as const, installed: false }

  it('lists a connector added with an injectedWeb3-shaped entry beside the extensions, connects and signs through it, and drops it when removed', async () => {
    await h.extension()
    const remote = await h.extension({ inject: false, seed: SEEDS[1] })
    const modal = h.modal([polkadotMainnet])
    const remove = kernelOf(modal).chains.addConnector('polkadot', WC, { version: remote.version, enable: remote.enable })
    await until(() => kernelOf(modal).chains.$connectors.get().length === 2)
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => [c.id, c.type]),
    ).toEqual([
      [EXTENSION_ID, 'INJECTED'],
      ['remote', 'WALLET_CONNECT'],
    ])
    await modal.connect('remote')
    const address = encodeAddress(remote.publicKey, 0)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address })
    const signature = await modal.signMessage('through another plugin')
    expect(signatureVerify(u8aWrapBytes(new TextEncoder().encode('through another plugin')), signature, address).isValid).toBe(true)
    expect(remote.calls.map((c) => c.method)).toEqual(['enable', 'signRaw'])
    remove()
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => c.id),
    ).toEqual([EXTENSION_ID])
  })

  it('cannot connect through a provider without enable(), and reconnects through an added connector after a reload', async () => {
    const modal = h.modal([polkadotMainnet])
    kernelOf(modal).chains.addConnector('polkadot', WC, { version: '1' })
    await expect(modal.connect('remote')).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: expect.stringContaining('"remote" is not available'),
    })
    const storage = mapStorage()
    const remote = await h.extension({ inject: false })
    const first = h.modal([polkadotMainnet], { storage })
    kernelOf(first).chains.addConnector('polkadot', WC, { version: remote.version, enable: remote.enable })
    await first.connect('remote')
    h.reload()
    const again = h.modal([polkadotMainnet], { storage })
    // Added 150 ms after the page starts (a fake clock), as a plugin restoring its session does.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    setTimeout(() => kernelOf(again).chains.addConnector('polkadot', WC, { version: remote.version, enable: remote.enable }), 150)
    const restored = again.reconnect()
    await vi.advanceTimersByTimeAsync(1_000)
    vi.useRealTimers()
    await restored
    expect(again.getAccount()).toMatchObject({ status: 'connected', address: encodeAddress(remote.publicKey, 0) })
  })
})

describe('sign a message', () => {
  it('signs <Bytes>-wrapped bytes with signRaw; @polkadot/util-crypto verifies it', async () => {
    const extension = await h.extension()
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    const message = 'Sign in to Polkadot Test App — ünïcødé'
    const signature = await modal.signMessage(message)
    expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
    expect(signatureVerify(message, signature, modal.getAccount().address!)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    // Signed over <Bytes>message</Bytes>, never over the bare bytes (which could be a transaction payload).
    const bytes = new TextEncoder().encode(message)
    expect(sr25519Verify(u8aWrapBytes(bytes), signature, extension.publicKey)).toBe(true)
    expect(sr25519Verify(bytes, signature, extension.publicKey)).toBe(false)
    expect(signatureVerify('another message', signature, modal.getAccount().address!).isValid).toBe(false)
    expect(extension.calls.at(-1)).toEqual({
      method: 'signRaw',
      params: { address: extension.address, data: `0x${Buffer.from(message).toString('hex')}`, type: 'bytes' },
    })
    expect(extension.prompts.at(-1)).toBe('Sign this message')
  })

  it('also verifies an ed25519 key', async () => {
    await h.extension({ keyType: 'ed25519' })
    const modal = h.modal([westend])
    await modal.connect(EXTENSION_ID)
    const signature = await modal.signMessage('hello')
    expect(signatureVerify('hello', signature, modal.getAccount().address!)).toMatchObject({ isValid: true, crypto: 'ed25519' })
  })

  it('turns "Cancelled" into "Signature declined"', async () => {
    const extension = await h.extension()
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    extension.answers.push(false)
    await expect(modal.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Signature declined' })
  })

  it('says "not supported by this wallet" when the extension has no signRaw', async () => {
    await h.extension({ features: { signRaw: false } })
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    await expect(modal.signMessage('x')).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'Signing messages is not supported by this wallet',
    })
  })
})

describe('the explorer', () => {
  it("declares Subscan's extrinsic page as where a transaction is shown", () => {
    expect(polkadotMainnet.blockExplorers?.default.transactionPath).toBe('/extrinsic/{id}')
    expect(westend.blockExplorers?.default.transactionPath).toBe('/extrinsic/{id}')
    expect(transactionUrl(polkadotMainnet, '0xab12')).toBe('https://polkadot.subscan.io/extrinsic/0xab12')
  })
})

describe('bad input', () => {
  it('rejects a transfer to an invalid or wrong-network address with a Polkadot-specific message, before the wallet is asked', async () => {
    const extension = await h.extension()
    const modal = h.modal([polkadotMainnet, westend])
    await modal.connect(EXTENSION_ID)
    const adapter = adapterOf(modal)
    const from = modal.getAccount().address!
    const send = (to: string, value = 1n) => adapter.sendNative!({ to, value, address: from, network: polkadotMainnet })
    await expect(send('0x1234')).rejects.toMatchObject({
      message: 'Invalid Polkadot address (SS58 with a valid checksum expected): 0x1234',
    })
    await expect(send(extension.address)).rejects.toThrow(`Not a Polkadot address (SS58 prefix 42, expected 0): ${extension.address}`)
    await expect(send(from, 0n)).rejects.toThrow('Invalid amount: 0')
    await expect(send(from, 1 as never)).rejects.toThrow('Invalid amount: 1')
    expect(addressProblem(from, polkadotMainnet)).toBeUndefined()
    expect(extension.calls.map((c) => c.method)).toEqual(['enable'])
  })

  it('says "not supported by this wallet" when the extension cannot sign transactions', async () => {
    await h.extension({ features: { signPayload: false } })
    const modal = h.modal([polkadotMainnet])
    await modal.connect(EXTENSION_ID)
    const from = modal.getAccount().address!
    await expect(adapterOf(modal).sendNative!({ to: from, value: 1n, address: from, network: polkadotMainnet })).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'Sending transactions is not supported by this wallet',
    })
  })

  it('shows the balance as unavailable when the node is down, and the modal stays usable', async () => {
    await h.extension()
    const down = localNetwork(DOWN, { genesisHash: polkadotMainnet.id, ss58Prefix: 0, name: 'Down' })
    const modal = h.modal([down])
    await modal.connect(EXTENSION_ID)
    await until(() => accountOf(modal)?.balanceStatus === 'unavailable', 15_000)
    await expect(adapterOf(modal).getBalance({ address: modal.getAccount().address!, network: down })).rejects.toThrow(
      `The Down node at ${DOWN} is not reachable`,
    )
    // Still connected, still signing.
    expect(modal.getAccount().status).toBe('connected')
    expect(await modal.signMessage('still here')).toMatch(/^0x/)
  })
})
