import { describe, expect, it } from 'vitest'
import { endingTogether } from '../../kernel/ending-together.js'
import type { ChainState } from '../../kernel/state.js'

/** A namespace's state on `connectorId`; a connector whose session spans namespaces is marked `*` (`endsWithSiblings`). */
const chain = (namespace: string, status: 'connected' | 'disconnected', connector?: string): ChainState =>
  ({
    namespace,
    accountState: { status, connectorId: connector?.replace('*', ''), endsWithSiblings: connector?.endsWith('*') || undefined },
    networkState: {},
  }) as unknown as ChainState

describe('endingTogether: what a disconnect of one namespace ends', () => {
  it('a session-spanning connector ends every other connected namespace on it; nothing else', () => {
    const chains = {
      eip155: chain('eip155', 'connected', 'walletConnect*'),
      solana: chain('solana', 'connected', 'walletConnect*'),
      bip122: chain('bip122', 'connected', 'io.wallet'),
      polkadot: chain('polkadot', 'disconnected', 'walletConnect*'),
      cosmos: chain('cosmos', 'connected', 'ID_AUTH*'),
    }
    expect(endingTogether(chains, 'eip155')).toEqual(['eip155', 'solana'])
    expect(endingTogether(chains, 'solana')).toEqual(['solana', 'eip155'])
    expect(endingTogether(chains, 'cosmos')).toEqual(['cosmos'])
  })

  it('a wallet of one namespace ends only that namespace', () => {
    const chains = { eip155: chain('eip155', 'connected', 'io.wallet'), solana: chain('solana', 'connected', 'io.wallet') }
    expect(endingTogether(chains, 'eip155')).toEqual(['eip155'])
    expect(endingTogether({}, 'eip155')).toEqual(['eip155'])
  })
})
