// Network switching and wallet-side events.
import { describe, expect, it, vi } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { isUserRejection } from '../../../kernel/index.js'
import { StorageKeys } from '../../../kernel/connection.js'
import { WALLET_RDNS, accountOf, mapStorage, setBalance, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()

describe('switchNetwork', () => {
  it.each([4902, 5000, -32603, 32603])('adds the chain when the wallet answers %i, then switches', async (code) => {
    const wallet = h.wallet({ unknownChainCode: code })
    await setBalance(h.anvilB.url, wallet.address, 42_123_400_000_000_000_000n)
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.calls.length = 0

    await modal.switchNetwork('eip155:31338')

    expect(wallet.calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(wallet.callsOf('wallet_switchEthereumChain').map((c) => c.params)).toEqual([[{ chainId: '0x7a6a' }], [{ chainId: '0x7a6a' }]])
    expect(wallet.callsOf('wallet_addEthereumChain')[0]?.params).toStrictEqual([
      {
        chainId: '0x7a6a',
        chainName: 'Anvil B',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: [h.anvilB.url],
        blockExplorerUrls: ['http://127.0.0.1:4000'],
      },
    ])
    expect(wallet.chainId).toBe(31338)
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:31338', caipNetwork: h.localB })
    expect(modal.getAccount().caipAddress).toBe(`eip155:31338:${wallet.address}`)
    // The balance now comes from the 31338 node.
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    expect(accountOf(modal)?.balanceValue).toBe(42_123_400_000_000_000_000n)
    expect(accountOf(modal)?.balance).toBe('42.123')
  })

  it('switches without adding when the wallet knows the chain', async () => {
    const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 31338: h.anvilB.url } })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.calls.length = 0
    await modal.switchNetwork('eip155:31338')
    expect(wallet.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain'])
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:31338')
  })

  it('omits blockExplorerUrls for a network without an explorer', async () => {
    const wallet = h.wallet({ chains: { 31338: h.anvilB.url }, chainId: 31338 })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await modal.switchNetwork('eip155:31337')
    const [add] = wallet.callsOf('wallet_addEthereumChain')
    expect((add?.params as Array<Record<string, unknown>> | undefined)?.[0]).toMatchObject({
      chainId: '0x7a69',
      chainName: 'Anvil A',
      rpcUrls: [h.anvilA.url],
    })
    expect((add?.params as Array<Record<string, unknown>> | undefined)?.[0]?.blockExplorerUrls).toBeUndefined()
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:31337')
  })

  it.each([4001, 4100, -32000])('does not add the chain after code %i and rejects', async (code) => {
    const wallet = h.wallet({ unknownChainCode: code })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.calls.length = 0
    const error = await modal.switchNetwork('eip155:31338').catch((e: unknown) => e)
    expect(error).toMatchObject({ walletCode: code, code: code === 4001 ? 'USER_REJECTED' : 'WALLET_ERROR' })
    expect(isUserRejection(error)).toBe(code === 4001)
    expect(wallet.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain'])
    expect(wallet.chainId).toBe(31337)
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:31337', caipNetwork: h.localA })
  })

  it('rejects when the wallet refuses to add the chain, staying on the current one', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const request = wallet.provider.request
    wallet.provider.request = async (args) => {
      if (args.method === 'wallet_addEthereumChain') throw { code: 4001, message: 'User rejected the request.' }
      return request(args)
    }
    const error = await modal.switchNetwork('eip155:31338').catch((e: unknown) => e)
    expect(isUserRejection(error)).toBe(true)
    expect(wallet.callsOf('wallet_switchEthereumChain')).toHaveLength(1)
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:31337')
  })
})

describe('wallet-side events', () => {
  it('accountsChanged to another address updates the account, and signing follows it', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const first = wallet.address
    wallet.selectAccount(1)
    const second = wallet.address
    expect(second).not.toBe(first)
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: second, caipAddress: `eip155:31337:${second}` })
    const signature = (await modal.signMessage('after switch')) as Hex
    await expect(verifyMessage({ address: second, message: 'after switch', signature })).resolves.toBe(true)
  })

  it('accountsChanged with no account disconnects', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    const modal = h.modal({ storage })
    await modal.connect(WALLET_RDNS)
    wallet.emit('accountsChanged', [])
    expect(modal.getAccount()).toMatchObject({ status: 'disconnected' })
    expect([modal.getAccount().address, modal.getAccount().caipAddress]).toEqual([undefined, undefined])
    expect(kernelOf(modal).storage.get(StorageKeys.connectorId('eip155'))).toBeUndefined()
    expect(kernelOf(modal).storage.get(StorageKeys.connectedNamespaces)).toEqual([])
  })

  it('chainChanged to a chain the app did not request marks the network unsupported', async () => {
    const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 10: h.anvilA.url } })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('ready'))
    wallet.switchChainInWallet(10)
    const state = modal.getState()
    expect(state.caipNetworkId).toBe('eip155:10')
    expect(state.caipNetwork).toBeUndefined()
    expect(state.caipAddress).toBe(`eip155:10:${wallet.address}`)
    expect(state.status).toBe('connected')
    await vi.waitFor(() => expect(accountOf(modal)?.balanceStatus).toBe('unavailable'))
    expect(accountOf(modal)?.balance).toBeUndefined()
    await expect(modal.signMessage('on an unsupported chain')).rejects.toMatchObject({ code: 'NOT_SUPPORTED' })

    // Switching back to a requested network clears the unsupported state.
    await modal.switchNetwork('eip155:31337')
    expect(modal.getState()).toMatchObject({ caipNetworkId: 'eip155:31337', caipNetwork: h.localA })
    expect(kernelOf(modal).state.$chains.get().eip155?.networkState.unsupportedCaipNetworkId).toBeUndefined()
  })

  it('chainChanged to a requested chain selects it', async () => {
    const wallet = h.wallet({ chains: { 31337: h.anvilA.url, 31338: h.anvilB.url } })
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.switchChainInWallet(31338)
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:31338', caipNetwork: h.localB })
  })

  it.each([['0xzz'], ['-1'], [null], [{}]])('ignores a malformed chainChanged %j', async (chainId) => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    expect(() => wallet.emit('chainChanged', chainId)).not.toThrow()
    expect(modal.getNetwork()).toMatchObject({ caipNetworkId: 'eip155:31337', caipNetwork: h.localA })
  })

  it('a disconnect event resets the connection', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    const disconnects = vi.fn()
    kernelOf(modal).events.on('disconnect', disconnects)
    await modal.connect(WALLET_RDNS)
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    expect(modal.getAccount()).toEqual({ status: 'disconnected', balanceStatus: 'idle', namespace: undefined })
    expect(accountOf(modal)).toMatchObject({ status: 'disconnected', balanceStatus: 'idle' })
    expect(accountOf(modal)?.connectorId).toBeUndefined()
    expect(disconnects).toHaveBeenCalledWith({ namespace: 'eip155' })
  })

  it('a disconnected modal can connect again after a wallet-side disconnect', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    wallet.emit('disconnect', { code: 4900, message: 'Disconnected' })
    await modal.connect(WALLET_RDNS)
    expect(modal.getAccount().status).toBe('connected')
    wallet.selectAccount(1)
    expect(modal.getAccount().address).toBe(wallet.address)
  })
})
