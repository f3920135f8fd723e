// Unit tests: base58, isAddress, network definitions and plugin options (no chain, no wallet).
import { Keypair, PublicKey } from '@solana/web3.js'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../../chains/solana/base58.js'
import {
  defineNetwork,
  isAddress,
  solana,
  solanaDevnet,
  solanaMainnet,
  solanaTestnet,
  type SolanaNetwork,
} from '../../../chains/solana/index.js'
import { encodeBase58 } from '../../../chains/solana/session.js'
import { createKernel } from '../../../kernel/index.js'
import { eip155, mainnet } from '../../../chains/eip155/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

describe('base58', () => {
  it('round-trips random keys and agrees with @solana/web3.js', () => {
    for (let i = 0; i < 50; i++) {
      const key = Keypair.generate().publicKey
      expect(encodeBase58(key.toBytes())).toBe(key.toBase58())
      expect(decodeBase58(key.toBase58())).toEqual(key.toBytes())
    }
  })

  it('keeps leading zero bytes as leading "1"s', () => {
    expect(encodeBase58(new Uint8Array(32))).toBe('1'.repeat(32))
    expect(decodeBase58('1'.repeat(32))).toEqual(new Uint8Array(32))
    expect(encodeBase58(Uint8Array.from([0, 0, 1]))).toBe('112')
    expect(decodeBase58('112')).toEqual(Uint8Array.from([0, 0, 1]))
    expect(encodeBase58(new Uint8Array())).toBe('')
  })

  it('rejects characters outside the alphabet (0, O, I, l)', () => {
    for (const bad of ['0', 'O', 'I', 'l', '+', ' ']) expect(decodeBase58(`abc${bad}`)).toBeUndefined()
  })
})

describe('isAddress', () => {
  it.each([
    ['a system account', '11111111111111111111111111111111'],
    ['the token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'],
    ['a wallet', 'CCVX9bMHTEPPgWUgkCNC46YnpB9P5vZ1dUz7Nwv3TNBq'],
    [
      'a program derived address',
      PublicKey.findProgramAddressSync([Buffer.from('seed')], new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'))[0].toBase58(),
    ],
  ])('accepts %s', (_name, value) => {
    expect(isAddress(value)).toBe(true)
    expect(isAddress(value, solanaDevnet)).toBe(true)
  })

  it.each([
    ['an EVM address', '0x52908400098527886E0F7030069857D2E4169EE7'],
    ['31 bytes', encodeBase58(new Uint8Array(31).fill(7))],
    ['33 bytes', encodeBase58(new Uint8Array(33).fill(7))],
    ['a signature (64 bytes)', encodeBase58(new Uint8Array(64).fill(9))],
    ['a character outside base58', 'CCVX9bMHTEPPgWUgkCNC46YnpB9P5vZ1dUz7Nwv3TNB0'],
    ['surrounding spaces', ' CCVX9bMHTEPPgWUgkCNC46YnpB9P5vZ1dUz7Nwv3TNBq'],
    ['empty text', ''],
    ['a non-string', 42 as unknown as string],
    ['a huge string', '1'.repeat(10_000)],
  ])('rejects %s', (_name, value) => {
    expect(isAddress(value)).toBe(false)
  })
})

describe('networks', () => {
  it('built-ins: SOL with 9 decimals and CAIP-2 ids from the first 32 characters of the genesis hash', () => {
    expect(solanaMainnet).toMatchObject({
      caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainNamespace: 'solana',
    })
    expect(solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')
    expect(solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSRkCZ3')
    for (const n of [solanaMainnet, solanaDevnet, solanaTestnet]) {
      expect(n.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 })
      expect(decodeBase58(n.custom.genesisHash)).toHaveLength(32)
    }
    expect([solanaMainnet, solanaDevnet, solanaTestnet].map((n) => n.custom.walletChain)).toEqual([
      'solana:mainnet',
      'solana:devnet',
      'solana:testnet',
    ])
    expect([solanaMainnet.testnet, solanaDevnet.testnet, solanaTestnet.testnet]).toEqual([undefined, true, true])
  })

  it('defineNetwork: a custom cluster, solana:localnet for wallets by default', () => {
    const genesisHash = encodeBase58(new Uint8Array(32).fill(5))
    const local = defineNetwork({ genesisHash, name: 'Local', rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } } })
    expect(local).toEqual({
      id: genesisHash.slice(0, 32),
      caipNetworkId: `solana:${genesisHash.slice(0, 32)}`,
      chainNamespace: 'solana',
      name: 'Local',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
      custom: { genesisHash, walletChain: 'solana:localnet' },
    })
  })

  it('defineNetwork: a genesis hash that is not base58 of 32 bytes is an error naming the network', () => {
    expect(() => defineNetwork({ genesisHash: 'mainnet', name: 'Bad', rpcUrls: { default: { http: ['http://x'] } } })).toThrow(
      'Solana network "Bad" has an invalid genesis hash "mainnet" (expected base58 of 32 bytes)',
    )
  })
})

describe('solana() options', () => {
  const modal = (networks: unknown) =>
    createKernel({ projectId: 'p', storage: null, plugins: [solana({ networks: networks as SolanaNetwork[] })] })

  it('needs at least one network', () => {
    expect(() => modal([])).toThrow(/solana\(\) needs `networks`/)
    expect(() => modal(undefined)).toThrow(/solana\(\) needs `networks`/)
  })

  it('rejects duplicates, EVM networks and malformed definitions with the network named', () => {
    expect(() => modal([solanaMainnet, solanaMainnet])).toThrow(
      'solana network #2 ("Solana") solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp is listed twice',
    )
    expect(() => modal([mainnet])).toThrow(/solana network #1 \("Ethereum"\) is not a Solana network/)
    expect(() => modal([{ ...solanaDevnet, rpcUrls: { default: { http: [] } } }])).toThrow(
      /solana network #1 \("Solana Devnet"\) has no valid rpcUrls/,
    )
    expect(() => modal([null])).toThrow(/solana network #1 is not an object/)
  })

  it('accepts plain definitions (defineNetwork applied) and registers an adapter beside eip155', () => {
    const genesisHash = encodeBase58(new Uint8Array(32).fill(3))
    const m = createKernel({
      projectId: 'p',
      storage: null,
      plugins: [
        eip155({ networks: [mainnet] }),
        solana({ networks: [{ genesisHash, name: 'Plain', rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }, solanaDevnet] }),
      ],
    })
    const adapter = kernelOf(m).chains.get('solana')!
    expect(adapter.networks.map((n) => n.caipNetworkId)).toEqual([`solana:${genesisHash.slice(0, 32)}`, solanaDevnet.caipNetworkId])
    expect([...adapter.capabilities].sort()).toEqual(['sendNative', 'signMessage', 'switchNetwork'])
    expect(adapter.formatAmount(1_234_567_891n, solanaDevnet)).toBe('1.234567891')
    expect(adapter.parseAmount('0.000000001', solanaDevnet)).toBe(1n)
    expect(() => adapter.parseAmount('0.0000000001', solanaDevnet)).toThrow(/at most 9/)
    expect(m.getPlugin('solana')).toEqual({ networks: adapter.networks })
    m.destroy()
  })
})
