// The wagmi connector and its provider on a headless modal (no wallet, nothing connected): what they answer
// before a connection, and how they refuse malformed requests. The browser test (test/e2e/wagmi.test.ts) covers
// connecting, sending, switching and disconnecting with the Sandbox Wallet.
import { afterEach, describe, expect, it } from 'vitest'
import { createModal, type Modal } from 'vestibule'
import { eip155, mainnet, sepolia } from 'vestibule/chains/eip155'
import { vestibuleConnector } from 'vestibule/wagmi'

let modal: Modal
const headless = () => (modal = createModal({ projectId: 'p', storage: null, preload: 'none', plugins: [eip155({ networks: [mainnet, sepolia] })] }))
afterEach(() => modal?.destroy())

/** The connector as wagmi's createConfig builds it: its chains and an event emitter that records. */
function build(options?: Parameters<typeof vestibuleConnector>[1]) {
  const emitted: Array<[string, unknown]> = []
  const emitter = { emit: (event: string, data?: unknown) => void emitted.push([event, data]) }
  const chains = [
    { id: 1, name: 'Ethereum' },
    { id: 11155111, name: 'Sepolia' },
  ]
  const connector = vestibuleConnector(headless(), options)({ chains, emitter, providers: [] } as never)
  return { connector, emitted }
}

const rpcError = (code: number) => expect.objectContaining({ code })

describe('vestibuleConnector on a modal with nobody connected', () => {
  it('is named and typed for wagmi, holds no account and is not authorized', async () => {
    const { connector } = build()
    expect([connector.id, connector.name, connector.type]).toEqual(['vestibule', 'Vestibule', 'vestibule'])
    expect(build({ id: 'modal', name: 'Our wallet modal' }).connector).toMatchObject({ id: 'modal', name: 'Our wallet modal' })
    expect(await connector.getAccounts()).toEqual([])
    expect(await connector.isAuthorized()).toBe(false)
    await expect(connector.getChainId()).rejects.toThrow('No eip155 network is selected in the modal')
  })

  it('refuses a chain missing from the wagmi config before asking the modal', async () => {
    const { connector } = build()
    await expect(connector.switchChain!({ chainId: 10 })).rejects.toThrow("Chain 10 is not among the wagmi config's chains")
  })

  it('fails a reconnect without a stored session, and a connect when the modal cannot open (no page)', async () => {
    const { connector } = build()
    await expect(connector.connect({ isReconnecting: true })).rejects.toThrow('No stored eip155 session to restore')
    await expect(connector.connect()).rejects.toThrow()
  })

  it('disconnect with nothing connected changes nothing and emits nothing', async () => {
    const { connector, emitted } = build()
    await connector.disconnect()
    expect(emitted).toEqual([])
    expect(modal.getState().status).toBe('disconnected')
  })
})

describe("the connector's EIP-1193 provider", () => {
  it('answers the account and chain from the modal, and refuses wallet requests until a wallet is connected', async () => {
    const provider = await build().connector.getProvider()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toEqual(rpcError(4100))
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toEqual(rpcError(4900))
    await expect(provider.request({ method: 'eth_sendTransaction', params: [{ to: '0x0000000000000000000000000000000000000001' }] })).rejects.toEqual(rpcError(4100))
  })

  it('rejects malformed requests with -32602 and a message naming the shape', async () => {
    const provider = await build().connector.getProvider()
    for (const bad of [undefined, null, {}, { method: '' }, { method: 42 }]) {
      await expect(provider.request(bad as never)).rejects.toEqual(expect.objectContaining({ code: -32602, message: 'request needs { method: string }' }))
    }
    for (const params of [undefined, [], [{}], [{ chainId: 1 }], [{ chainId: '0x' }], [{ chainId: '0xzz' }], [{ chainId: '0x0' }], [{ chainId: `0x${'f'.repeat(17)}` }]]) {
      await expect(provider.request({ method: 'wallet_switchEthereumChain', params })).rejects.toEqual(rpcError(-32602))
    }
  })
})
