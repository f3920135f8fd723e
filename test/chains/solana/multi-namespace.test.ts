// Several namespaces at once (issue item 6): an EVM and a Solana wallet connected together in one modal.
import { describe, expect, it } from 'vitest'
import { defineNetwork as defineEvmNetwork, eip155 } from '../../../chains/eip155/index.js'
import { StorageKeys } from '../../../kernel/connection.js'
import type { Modal } from '../../../kernel/index.js'
import { WALLET_ID, mapStorage, useHarness } from './harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()

const EVM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7'
const EVM_RDNS = 'test.evm'
const evmA = defineEvmNetwork({
  id: 31337,
  name: 'EVM A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})
const evmB = defineEvmNetwork({
  id: 31338,
  name: 'EVM B',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
})

/** A minimal EIP-6963 EVM wallet that remembers its grant and chain like an extension. */
function installEvmWallet(memory = { granted: false, chainId: 31337 }) {
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      switch (method) {
        case 'eth_requestAccounts':
          memory.granted = true
          return [EVM_ADDRESS]
        case 'eth_accounts':
          return memory.granted ? [EVM_ADDRESS] : []
        case 'eth_chainId':
          return `0x${memory.chainId.toString(16)}`
        case 'wallet_switchEthereumChain':
          memory.chainId = Number.parseInt((params as [{ chainId: string }])[0].chainId, 16)
          return null
        case 'wallet_revokePermissions':
          memory.granted = false
          return null
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
      }
    },
    on() {},
    removeListener() {},
  }
  const announce = () =>
    h.page.window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: 'u-evm', name: 'EVM Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: EVM_RDNS },
          provider,
        }),
      }),
    )
  h.page.window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return memory
}

const both = (storage = mapStorage()) => ({ storage, extraPlugins: [eip155({ networks: [evmA, evmB] })] })
const chainsOf = (modal: Modal) => kernelOf(modal).state.$chains.get()

describe('an EVM and a Solana wallet connected together', () => {
  it('keeps per-namespace state; the active namespace follows the network chosen; disconnecting one keeps the other', async () => {
    installEvmWallet()
    const wallet = h.wallet()
    const modal = h.modal(both())

    await modal.connect(EVM_RDNS, 'eip155')
    await modal.connect(WALLET_ID, 'solana')
    expect(modal.getState().connectedNamespaces.sort()).toEqual(['eip155', 'solana'])
    // The last connected namespace is active.
    expect(modal.getAccount()).toMatchObject({ namespace: 'solana', address: wallet.address })

    // Choosing a network of the other connected namespace makes it active; Solana keeps its account.
    await modal.switchNetwork(evmB.caipNetworkId)
    expect(modal.getAccount()).toMatchObject({ namespace: 'eip155', address: EVM_ADDRESS, caipAddress: `eip155:31338:${EVM_ADDRESS}` })
    expect(chainsOf(modal).solana?.accountState).toMatchObject({ status: 'connected', address: wallet.address })
    await modal.switchNetwork(h.other.caipNetworkId).catch(() => undefined) // the wallet lacks devnet: refused
    expect(modal.getAccount().namespace).toBe('eip155')
    await modal.switchNetwork(h.local.caipNetworkId)
    expect(modal.getAccount()).toMatchObject({ namespace: 'solana', caipAddress: `${h.local.caipNetworkId}:${wallet.address}` })

    // Signing follows the active namespace.
    expect(await modal.signMessage('hello')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)

    // Disconnecting Solana keeps EVM connected, and EVM becomes active.
    await modal.disconnect('solana')
    expect(modal.getAccount()).toMatchObject({ status: 'connected', namespace: 'eip155', address: EVM_ADDRESS })
    expect(modal.getState().connectedNamespaces).toEqual(['eip155'])
    expect(wallet.callsOf('standard:disconnect')).toHaveLength(1)
  })

  it('restores both namespaces, each with its connector and its own network, and the active namespace after a reload', async () => {
    const storage = mapStorage()
    const memory = installEvmWallet()
    const wallet = h.wallet({ chains: ['solana:localnet', 'solana:devnet'] })
    const first = h.modal(both(storage))
    await first.connect(WALLET_ID, 'solana')
    await first.switchNetwork(h.other.caipNetworkId) // Solana on its second network
    await first.connect(EVM_RDNS, 'eip155')
    await first.switchNetwork(evmB.caipNetworkId) // EVM active, on its second network

    expect(kernelOf(first).storage.get(StorageKeys.connectedNamespaces)).toEqual(expect.arrayContaining(['eip155', 'solana']))
    expect(kernelOf(first).storage.get(StorageKeys.connectorId('solana'))).toBe(WALLET_ID)
    expect(kernelOf(first).storage.get(StorageKeys.connectorId('eip155'))).toBe(EVM_RDNS)

    h.reload(wallet)
    wallet.connected = false
    wallet.calls.length = 0
    installEvmWallet(memory)
    const modal = h.modal(both(storage))
    await modal.reconnect()

    expect(modal.getState().connectedNamespaces.sort()).toEqual(['eip155', 'solana'])
    expect(modal.getAccount()).toMatchObject({ namespace: 'eip155', address: EVM_ADDRESS })
    expect(modal.getNetwork().caipNetworkId).toBe(evmB.caipNetworkId)
    expect(chainsOf(modal).solana?.accountState).toMatchObject({ status: 'connected', address: wallet.address, connectorId: WALLET_ID })
    // Solana comes back on the network it was on, not on its first one.
    expect(chainsOf(modal).solana?.networkState.caipNetwork?.caipNetworkId).toBe(h.other.caipNetworkId)
    expect(wallet.calls).toEqual([{ feature: 'standard:connect', input: { silent: true } }])
  })

  it('after disconnecting one namespace, a reload restores only the other', async () => {
    const storage = mapStorage()
    const memory = installEvmWallet()
    const wallet = h.wallet()
    const first = h.modal(both(storage))
    await first.connect(EVM_RDNS, 'eip155')
    await first.connect(WALLET_ID, 'solana')
    await first.disconnect('eip155')

    h.reload(wallet)
    wallet.connected = false
    installEvmWallet(memory)
    const modal = h.modal(both(storage))
    await modal.reconnect()
    expect(modal.getState().connectedNamespaces).toEqual(['solana'])
    expect(modal.getAccount()).toMatchObject({ namespace: 'solana', address: wallet.address })
  })
})
