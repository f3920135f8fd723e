// The flow holds the message's address to the chain plugin's own address rule (here solana over litesvm with a Node
// Wallet Standard wallet): a store that puts an EVM address, or base58 text that is no Solana key, into a Solana
// message is refused with the chain's reason before the wallet is asked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siwx, type SiwxApi, type SiwxSessionStore } from '../../../plugins/siwx/index.js'
import { WALLET_ID, useHarness } from '../../chains/solana/harness.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const store = (accountAddress: string): SiwxSessionStore => ({
  prepare: async () => ({ nonce: 'abcdefgh1234', accountAddress }),
  add: async () => ({ ok: true }),
  get: async () => [],
  revoke: async () => undefined,
  clear: async () => undefined,
})

describe("siwx: the message's address by the chain plugin's rule", () => {
  it.each([
    ['an EVM address', '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'],
    ['base58-looking text holding 0', 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F0'],
  ])('%s in a Solana message is refused with the reason; the wallet is never asked', async (_name, address) => {
    const wallet = h.wallet()
    const modal = h.modal({ siwx: { store: store(address) }, extraPlugins: [siwx()] } as never)
    await modal.connect(WALLET_ID)
    const api = modal.getPlugin('siwx') as SiwxApi
    const controller = (await api.flow()).controller({ navigate: false })
    await controller.start()
    const chainId = `solana:${h.chain.genesisHash.slice(0, 32)}`
    expect(controller.$view.get().phase).toBe('failed')
    expect(controller.$view.get().reason).toBe(
      `The sign-in message is invalid: address "${address}" is not a Solana account address on ${chainId}`,
    )
    expect(wallet.callsOf('solana:signMessage')).toEqual([])
  })

  it("the connected account's own address signs in", async () => {
    h.wallet()
    const modal = h.modal({ siwx: {}, extraPlugins: [siwx()] } as never)
    await modal.connect(WALLET_ID)
    const controller = (await (modal.getPlugin('siwx') as SiwxApi).flow()).controller({ navigate: false })
    await controller.start()
    expect(controller.$view.get().phase).toBe('ready')
  })
})
