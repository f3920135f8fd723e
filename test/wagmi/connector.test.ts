// The wagmi connector and its provider on a headless modal (no wallet, nothing connected): what they answer
// before a connection, and how they refuse malformed requests. The browser test (test/e2e/wagmi.test.ts) covers
// connecting, sending, switching and disconnecting with the Sandbox Wallet. A connect the modal moves on from while
// it is pending (another account, or no account) gives wagmi what the modal holds when it resolves.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createModal, type Modal } from 'vestibule'
import { createHeadlessModal } from 'vestibule/headless'
import { eip155, mainnet, sepolia } from 'vestibule/chains/eip155'
import { vestibuleConnector } from 'vestibule/wagmi'
import { kernelOf } from '../../kernel/kernel-of.js'

let modal: Modal
const headless = () =>
  (modal = createModal({ projectId: 'p', storage: null, preload: 'none', plugins: [eip155({ networks: [mainnet, sepolia] })] }))
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
    await expect(
      provider.request({ method: 'eth_sendTransaction', params: [{ to: '0x0000000000000000000000000000000000000001' }] }),
    ).rejects.toEqual(rpcError(4100))
  })

  it('rejects malformed requests with -32602 and a message naming the shape', async () => {
    const provider = await build().connector.getProvider()
    for (const bad of [undefined, null, {}, { method: '' }, { method: 42 }]) {
      await expect(provider.request(bad as never)).rejects.toEqual(
        expect.objectContaining({ code: -32602, message: 'request needs { method: string }' }),
      )
    }
    for (const params of [
      undefined,
      [],
      [{}],
      [{ chainId: 1 }],
      [{ chainId: '0x' }],
      [{ chainId: '0xzz' }],
      [{ chainId: '0x0' }],
      [{ chainId: `0x${'f'.repeat(17)}` }],
    ]) {
      await expect(provider.request({ method: 'wallet_switchEthereumChain', params })).rejects.toEqual(rpcError(-32602))
    }
  })
})

describe('a connect the modal moves on from before it resolves', () => {
  const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const B = '0x70997970C51812dc3A010C7d50dd44C573F2bA2C'

  /** A modal without a shell (its open() mounts nothing) and the connector over it. */
  function buildHeadless() {
    modal = createHeadlessModal({ projectId: 'p', storage: null, preload: 'none', plugins: [eip155({ networks: [mainnet, sepolia] })] })
    const emitted: Array<[string, unknown]> = []
    const emitter = { emit: (event: string, data?: unknown) => void emitted.push([event, data]) }
    const connector = vestibuleConnector(modal)({ chains: [{ id: 1, name: 'Ethereum' }], emitter, providers: [] } as never)
    return { connector, emitted }
  }

  /** The modal's eip155 account as the kernel holds it: connected with `address` on mainnet, or disconnected. */
  function account(address: string | undefined) {
    const $chains = kernelOf(modal).state.$chains as unknown as { get(): Record<string, any>; setKey(key: string, value: unknown): void }
    const base = $chains.get().eip155
    const network = base.networkState.requestedCaipNetworks[0]
    $chains.setKey('eip155', {
      ...base,
      accountState: address ? { ...base.accountState, status: 'connected', address } : { status: 'disconnected' },
      networkState: { ...base.networkState, caipNetwork: network },
    })
  }

  /**
   * Starts wagmi's connect: the modal opens and the connector waits for an account (its listener on the modal's
   * state is added once open() has resolved, counted on the store).
   */
  async function waitingForAccount(connector: ReturnType<typeof buildHeadless>['connector']) {
    const listeners = () => (kernelOf(modal).state.$snapshot as unknown as { lc: number }).lc
    const before = listeners()
    const connecting = connector.connect()
    connecting.catch(() => undefined)
    await vi.waitFor(() => expect(modal.isOpen() && listeners() > before).toBe(true))
    return { connecting }
  }

  it('an account that connects and at once disconnects (before wagmi listens) fails the connect instead of leaving wagmi connected', async () => {
    const { connector, emitted } = buildHeadless()
    await connector.setup!()
    const { connecting } = await waitingForAccount(connector)
    // Connected, and in the same task (before the pending connect resumes) ended again.
    account(A)
    account(undefined)
    await expect(connecting).rejects.toThrow('The modal disconnected before the connection completed')
    expect(emitted.map(([event]) => event)).toEqual(['connect', 'disconnect'])
    expect(await connector.getAccounts()).toEqual([])
  })

  it('an account that changes before wagmi listens: the connect resolves with the account the modal holds now', async () => {
    const { connector } = buildHeadless()
    await connector.setup!()
    const { connecting } = await waitingForAccount(connector)
    // Connected, and in the same task (before the pending connect resumes) another account.
    account(A)
    account(B)
    expect(await connecting).toMatchObject({ accounts: [B], chainId: 1 })
  })
})
