/**
 * A wallet request leaves for the relay as soon as the app asks: no timer (a delay, a debounce, a queue) stands
 * between a chain plugin's wallet call and the session's `request`. The clock is frozen; only promise jobs run.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEip155Facade } from '../../../chains/eip155/walletconnect.js'
import { createPolkadotFacade } from '../../../chains/polkadot/walletconnect.js'
import { toBase58 } from '../../../chains/shared/walletconnect.js'
import { createSolanaFacade } from '../../../chains/solana/walletconnect.js'
import { WALLETCONNECT_ICON } from '../../../plugins/walletconnect/connector.js'
import type { UniversalProvider } from '../../../plugins/walletconnect/types.js'

/** A session whose `request` never answers: what counts is when it is called. */
function session(namespace: string, accounts: string[]) {
  const up = {
    session: { topic: 't', namespaces: { [namespace]: { accounts, methods: [], events: [] } } },
    setDefaultChain: vi.fn(),
    request: vi.fn(() => new Promise<never>(() => {})),
  }
  return up as typeof up & UniversalProvider
}
const contextOf = (up: UniversalProvider, preferred: string[]) => ({
  session: Promise.resolve(up),
  preferredChains: () => preferred as never,
  wallet: { name: 'WalletConnect', icon: WALLETCONNECT_ICON },
})

/** Runs promise jobs only (the clock stays where it is), enough rounds for every await on the way. */
async function promiseJobs() {
  for (let i = 0; i < 50; i++) await Promise.resolve()
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('a wallet request is published without waiting for a timer', () => {
  it('eip155: personal_sign reaches the session with the clock frozen, and no timer is left pending', async () => {
    const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const up = session('eip155', [`eip155:31337:${address}`])
    const provider = createEip155Facade(contextOf(up, ['eip155:31337'])).provider as {
      request(a: { method: string; params?: unknown[] }): Promise<unknown>
    }
    await provider.request({ method: 'eth_requestAccounts' })
    void provider.request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
    await promiseJobs()
    expect(up.request).toHaveBeenCalledWith({ method: 'personal_sign', params: ['0x68656c6c6f', address] }, 'eip155:31337')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('solana: signMessage reaches the session with the clock frozen', async () => {
    const chain = 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ'
    const address = toBase58(new Uint8Array(32).fill(9))
    const up = session('solana', [`${chain}:${address}`])
    const wallet = createSolanaFacade(contextOf(up, [chain])).provider as any
    const { accounts } = await wallet.features['standard:connect'].connect()
    void wallet.features['solana:signMessage'].signMessage({ account: accounts[0], message: new Uint8Array([1, 2]) })
    await promiseJobs()
    expect(up.request).toHaveBeenCalledWith(
      { method: 'solana_signMessage', params: { message: toBase58(new Uint8Array([1, 2])), pubkey: address } },
      chain,
    )
    expect(vi.getTimerCount()).toBe(0)
  })

  it('polkadot: signRaw reaches the session with the clock frozen', async () => {
    const chain = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
    const address = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    const up = session('polkadot', [`${chain}:${address}`])
    const extension = await (createPolkadotFacade(contextOf(up, [chain])).provider as any).enable('App')
    void extension.signer.signRaw({ address, data: '0x68656c6c6f', type: 'bytes' })
    await promiseJobs()
    expect(up.request).toHaveBeenCalledWith({ method: 'polkadot_signMessage', params: { address, message: '0x68656c6c6f' } }, chain)
    expect(vi.getTimerCount()).toBe(0)
  })
})
