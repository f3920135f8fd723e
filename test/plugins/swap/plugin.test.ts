// The swap plugin's place in the modal: its wallet-feature entry at rank 20 (after on-ramp, before receive and
// send), gated by features.swaps, and its swapNetworks option checked.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import { receive } from '../../../plugins/receive/index.js'
import { send } from '../../../plugins/send/index.js'
import { swap } from '../../../plugins/swap/index.js'
import { swapSupported } from '../../../plugins/swap/lists.js'
import { dummyView } from '../../kernel/helpers.js'
import { network } from './helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const modal = (options: Record<string, unknown> = {}) =>
  createKernel({ projectId: 'p', plugins: [send(), receive(), swap()], ...options } as never, { views: { Connect: dummyView } })

/** The wallet features listed while the active account is on `net` (none: before any account). */
function featuresOn(net: { chainNamespace: string; caipNetworkId?: string } | undefined, options: Record<string, unknown> = {}) {
  const m = modal(options)
  if (net) {
    const state = kernelOf(m).state as unknown as {
      $chains: { setKey(k: string, v: unknown): void }
      $activeNamespace: { set(v: string): void }
    }
    state.$chains.setKey(net.chainNamespace, {
      namespace: net.chainNamespace,
      accountState: { status: 'connected', address: 'a' },
      networkState: { caipNetwork: net, requestedCaipNetworks: [net] },
    })
    state.$activeNamespace.set(net.chainNamespace)
  }
  return kernelOf(m)
    .slots.list('account.features')
    .map((e) => e.id)
}

describe('swap()', () => {
  it('adds Swap before Receive and Send whatever the plugin order; features.swaps: false hides it', () => {
    expect(featuresOn(network(1))).toEqual(['swaps', 'receive', 'send'])
    expect(featuresOn(network(1), { features: { swaps: false } })).toEqual(['receive', 'send'])
  })

  it('offers Swap only on a swap network: a host-added one yes, another eip155 network, another family or no account no', () => {
    expect(featuresOn(network(31337), { swapNetworks: [31337] })).toEqual(['swaps', 'receive', 'send'])
    expect(featuresOn(network(31337))).toEqual(['receive', 'send'])
    expect(featuresOn({ ...(network(1) as object), caipNetworkId: 'polkadot:1', chainNamespace: 'polkadot' })).toEqual(['receive', 'send'])
    expect(featuresOn(undefined)).toEqual(['receive', 'send'])
  })

  it('swapNetworks adds chain ids to the swap networks; anything else is refused', () => {
    expect(modal({ swapNetworks: [31337, 'eip155:31338'] }).getPlugin('swap' as never)).toMatchObject({
      extraNetworks: [31337, 'eip155:31338'],
    })
    expect(() => modal({ swapNetworks: ['<script>'] })).toThrow(/swapNetworks/)
    expect(() => modal({ swapNetworks: 31337 })).toThrow(/swapNetworks/)
  })

  it('swaps are offered on the provider’s eip155 networks and the added ones only', () => {
    expect([1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554].every((id) => swapSupported(network(id)))).toBe(true)
    expect(swapSupported(network(31337))).toBe(false)
    expect(swapSupported(network(31337), [31337])).toBe(true)
    expect(swapSupported(network(31338), ['eip155:31338'])).toBe(true)
    expect(swapSupported({ ...(network(1) as object), chainNamespace: 'solana', caipNetworkId: 'solana:1' } as never)).toBe(false)
  })
})
