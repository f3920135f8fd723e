// The host's feature flags switch the real feature plugins' entries off: `features.send`, `features.receive`
// and `features.history` hide Send, Receive and the Activity tab from Account; on by default.
import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { activity } from '../../plugins/activity/index.js'
import { receive } from '../../plugins/receive/index.js'
import { send } from '../../plugins/send/index.js'
import { tokens } from '../../plugins/tokens/index.js'
import { nfts } from '../../plugins/nfts/index.js'
import { dummyView } from '../kernel/helpers.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const entries = (features?: Record<string, boolean>) => {
  const modal = createKernel(
    { projectId: 'p', ...(features ? { features } : {}), plugins: [tokens(), nfts(), activity(), receive(), send()] } as never,
    { views: { Connect: dummyView } },
  )
  return {
    features: kernelOf(modal)
      .slots.list('account.features')
      .map((e) => e.id),
    tabs: kernelOf(modal)
      .slots.list('account.tabs')
      .map((e) => e.id),
  }
}

describe('feature flags over the feature plugins', () => {
  it('by default Account offers Receive and Send, and the Tokens, NFTs and Activity tabs', () => {
    expect(entries()).toEqual({ features: ['receive', 'send'], tabs: ['tokens', 'nfts', 'activity'] })
  })

  it('features.send: false hides Send; features.receive: false hides Receive', () => {
    expect(entries({ send: false }).features).toEqual(['receive'])
    expect(entries({ receive: false }).features).toEqual(['send'])
    expect(entries({ send: false, receive: false }).features).toEqual([])
  })

  it('features.history: false hides the Activity tab, the others stay', () => {
    expect(entries({ history: false })).toEqual({ features: ['receive', 'send'], tabs: ['tokens', 'nfts'] })
  })
})
