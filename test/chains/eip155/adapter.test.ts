// The eip155 adapter through the kernel, against real anvil nodes and a wallet that signs with a real key.
import { describe, expect, it, vi } from 'vitest'
import { stringToHex, verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { defineNetwork } from '../../../chains/eip155/index.js'
import { VestibuleError } from '../../../kernel/index.js'
import { ETH, KEYS, WALLET_RDNS, accountOf, adapterOf, balanceOf, rpc, setBalance, startAnvil, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()

describe('connect', () => {
  it('connects the announced wallet on the chain it is on', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `eip155:31337:${wallet.address}`,
      namespace: 'eip155',
    })
    expect(modal.getNetwork().caipNetwork).toBe(h.localA)
    expect(accountOf(modal)?.connectorId).toBe(WALLET_RDNS)
    expect(wallet.callsOf('eth_requestAccounts')).toHaveLength(1)
  })

  it('reports the chain the wallet is on, not the one the modal asked for', async () => {
    const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 31338: h.anvilB.url }, chainId: 31338 })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    expect(modal.getAccount().caipAddress).toBe(`eip155:31338:${wallet.address}`)
    expect(modal.getNetwork().caipNetwork).toBe(h.localB)
  })

  it('turns a declined prompt into USER_REJECTED "Connection declined"', async () => {
    const wallet = h.wallet({ approve: false })
    const modal = h.modal()
    const error = await modal.connect(WALLET_RDNS).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'USER_REJECTED', message: 'Connection declined' })
    expect(modal.getAccount()).toMatchObject({ status: 'disconnected' })
    expect(modal.getAccount().address).toBeUndefined()
    expect(wallet.listenerCount('accountsChanged')).toBe(0)
  })

  it('keeps one set of wallet listeners across repeated connects', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await modal.connect(WALLET_RDNS)
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map((e) => wallet.listenerCount(e))).toEqual([1, 1, 1])
  })

  it('disconnect revokes the permission and stops listening to the wallet', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await modal.disconnect()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.callsOf('wallet_revokePermissions')).toEqual([{ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }])
    expect(wallet.granted).toBe(false)
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map((e) => wallet.listenerCount(e))).toEqual([0, 0, 0])
  })

  it('destroying the modal stops listening to the wallet but keeps its grant', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    modal.destroy()
    expect(['accountsChanged', 'chainChanged', 'disconnect'].map((e) => wallet.listenerCount(e))).toEqual([0, 0, 0])
    expect(wallet.callsOf('wallet_revokePermissions')).toEqual([])
    expect(wallet.granted).toBe(true)
  })
})

describe('native balance', () => {
  it('shows the exact balance anvil reports, truncated to 3 decimals', async () => {
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 1_234_567_891_234_567_891_234n)
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    expect(accountOf(modal)).toMatchObject({ balance: '1234.567', balanceValue: 1_234_567_891_234_567_891_234n, balanceSymbol: 'ETH' })
    expect(accountOf(modal)?.balanceValue).toBe(await balanceOf(h.anvilA.url, wallet.address))
  })

  it('reads the balance from the node of the connected network', async () => {
    const wallet = h.wallet({ chains: { 31338: h.anvilB.url }, chainId: 31338 })
    await setBalance(h.anvilA.url, wallet.address, 5n * 10n ** 18n)
    await setBalance(h.anvilB.url, wallet.address, 7_000_900_000_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    expect(accountOf(modal)?.balance).toBe('7')
    expect(accountOf(modal)?.balanceValue).toBe(7_000_900_000_000_000_000n)
  })

  it('marks the balance unavailable when the node is down, and the modal stays usable', async () => {
    const down = await startAnvil({ chainId: 31337 })
    await down.stop()
    const unreachable = defineNetwork({ id: 31337, name: 'Down', nativeCurrency: ETH, rpcUrls: { default: { http: [down.url] } } })
    // The wallet's own node for 31337 is the same one that is down, so the wallet cannot answer either.
    const wallet = h.wallet({ chains: { 31337: down.url, 31338: h.anvilB.url } })
    await setBalance(h.anvilB.url, wallet.address, 3n * 10n ** 18n)
    const modal = h.modal({ networks: [unreachable, h.localB] })
    const errors: Array<{ source: string }> = []
    kernelOf(modal).events.on('error', (e) => errors.push(e))

    await modal.connect(WALLET_RDNS)
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('unavailable'), { timeout: 15_000 })
    expect(accountOf(modal)).toMatchObject({ status: 'connected', balance: undefined, balanceValue: undefined })
    expect(errors.map((e) => e.source)).toEqual(['balance'])

    const message = 'still usable'
    const signature = (await modal.signMessage(message)) as Hex
    await expect(verifyMessage({ address: wallet.address, message, signature })).resolves.toBe(true)
    await modal.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    expect(accountOf(modal)?.balanceValue).toBe(3n * 10n ** 18n)
  })
})

describe('signMessage', () => {
  it('returns a personal_sign signature that viem verifies for the address', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const message = 'Sign in to Vestibule ✓ — ünïcödé\nnonce: 42'
    const signature = (await modal.signMessage(message)) as Hex
    expect(signature).toMatch(/^0x[0-9a-f]{130}$/)
    await expect(verifyMessage({ address: wallet.address, message, signature })).resolves.toBe(true)
    await expect(verifyMessage({ address: wallet.address, message: `${message}.`, signature })).resolves.toBe(false)
    // EIP-1474: personal_sign takes the UTF-8 bytes hex-encoded, then the signing address.
    expect(wallet.callsOf('personal_sign').map((c) => c.params)).toEqual([[stringToHex(message), wallet.address]])
  })

  it('maps a declined signature to USER_REJECTED "Signature declined"', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const request = wallet.provider.request
    wallet.provider.request = async (args) => {
      if (args.method === 'personal_sign') throw { code: 4001, message: 'User rejected the request.' }
      return request(args)
    }
    await expect(modal.signMessage('no')).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Signature declined' })
  })

  it('keeps WALLET_ERROR for a wallet failure that carries no code', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.provider.request = async () => {
      throw new Error('The wallet crashed')
    }
    const error = await modal.signMessage('x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'WALLET_ERROR', message: 'The wallet crashed' })
  })
})

describe('sendNative', () => {
  const recipient = privateKeyToAccount(KEYS[2]!).address

  it('sends a real transaction that moves the value on anvil', async () => {
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 10n ** 19n)
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const before = await balanceOf(h.anvilA.url, recipient)
    const value = 123_456_789_000_000_000n
    const hash = await adapterOf(modal).sendNative!({ to: recipient, value, address: wallet.address, network: h.localA })
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await vi.waitFor(async () =>
      expect(await rpc(h.anvilA.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({
        status: '0x1',
        from: wallet.address.toLowerCase(),
        to: recipient.toLowerCase(),
      }),
    )
    expect(await balanceOf(h.anvilA.url, recipient)).toBe(before + value)
  })

  it('sends to an address written without 0x', async () => {
    const wallet = h.wallet()
    await setBalance(h.anvilA.url, wallet.address, 10n ** 19n)
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const before = await balanceOf(h.anvilA.url, recipient)
    const hash = await adapterOf(modal).sendNative!({ to: recipient.slice(2), value: 1000n, address: wallet.address, network: h.localA })
    // The balance is read once the node reports the transaction mined.
    await vi.waitFor(async () => expect(await rpc(h.anvilA.url, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' }))
    expect(await balanceOf(h.anvilA.url, recipient)).toBe(before + 1000n)
  })

  it('refuses an invalid recipient before asking the wallet', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await expect(
      adapterOf(modal).sendNative!({ to: 'vitalik.eth', value: 1n, address: wallet.address, network: h.localA }),
    ).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
    })
    expect(wallet.callsOf('eth_sendTransaction')).toEqual([])
  })
})
