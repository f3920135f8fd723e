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

const modal = (options: Record<string, unknown> = {}) => createKernel({ projectId: 'p', plugins: [send(), receive(), swap()], ...options } as never, { views: { Connect: dummyView } })

describe('swap()', () => {
  it('adds Swap before Receive and Send whatever the plugin order; features.swaps: false hides it', () => {
    expect(modal().kernel.slots.list('account.features').map((e) => e.id)).toEqual(['swaps', 'receive', 'send'])
    expect(modal({ features: { swaps: false } }).kernel.slots.list('account.features').map((e) => e.id)).toEqual(['receive', 'send'])
  })

  it('swapNetworks adds chain ids to the swap networks; anything else is refused', () => {
    expect(modal({ swapNetworks: [31337, 'eip155:31338'] }).getPlugin('swap' as never)).toMatchObject({ extraNetworks: [31337, 'eip155:31338'] })
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
