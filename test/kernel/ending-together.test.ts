import { describe, expect, it } from 'vitest'
import { endingTogether, type ChainState } from '../../kernel/index.js'

const chain = (namespace: string, status: 'connected' | 'disconnected', connectorType?: string): ChainState =>
  ({ namespace, accountState: { status, connectorType }, networkState: {} }) as unknown as ChainState

describe('endingTogether: what a disconnect of one namespace ends', () => {
  it('a session-spanning connector ends every other connected namespace on it; nothing else', () => {
    const chains = {
      eip155: chain('eip155', 'connected', 'WALLET_CONNECT'),
      solana: chain('solana', 'connected', 'WALLET_CONNECT'),
      bip122: chain('bip122', 'connected', 'ANNOUNCED'),
      polkadot: chain('polkadot', 'disconnected', 'WALLET_CONNECT'),
    }
    expect(endingTogether(chains, 'eip155')).toEqual(['eip155', 'solana'])
    expect(endingTogether(chains, 'solana')).toEqual(['solana', 'eip155'])
  })

  it('a wallet of one namespace ends only that namespace', () => {
    const chains = { eip155: chain('eip155', 'connected', 'ANNOUNCED'), solana: chain('solana', 'connected', 'ANNOUNCED') }
    expect(endingTogether(chains, 'eip155')).toEqual(['eip155'])
    expect(endingTogether({}, 'eip155')).toEqual(['eip155'])
  })
})
