// Payment URIs of the Receive view: built by each chain plugin (its paymentUri feature and the builder its entry
// exports), parsed back to the address and the chain; the receive plugin itself names no chain family.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { paymentUri } from '../../../plugins/receive/index.js'
import { mainnet } from '../../../chains/eip155/index.js'
import { solanaMainnet } from '../../../chains/solana/index.js'
import { bitcoin, defineNetwork } from '../../../chains/bip122/index.js'
import { eip681Uri } from '../../../chains/eip155/payment-uri.js'
import { solanaPayUri } from '../../../chains/solana/payment-uri.js'
import { bip21Uri } from '../../../chains/bip122/payment-uri.js'
import { polkadotMainnet } from '../../../chains/polkadot/index.js'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'
import { createSolanaAdapter } from '../../../chains/solana/adapter.js'
import { createBip122Adapter } from '../../../chains/bip122/adapter.js'
import { createPolkadotAdapter } from '../../../chains/polkadot/adapter.js'
import { defineNetwork as defineEvmNetwork } from '../../../chains/eip155/networks.js'
import { root } from '../../../sandbox/resolve.mjs'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

/** Reads a payment URI back: scheme, target, optional chain id and query. */
function parse(uri: string) {
  const match = /^([a-z]+):([^@?]+)(?:@(\d+))?(?:\?(.*))?$/.exec(uri)
  if (!match) throw new Error(`unparsable ${uri}`)
  return {
    scheme: match[1],
    target: match[2],
    chainId: match[3] ? Number(match[3]) : undefined,
    query: Object.fromEntries(new URLSearchParams(match[4] ?? '')),
  }
}

describe('payment URIs', () => {
  it('EIP-681 carries the address and the chain id (and a value in wei when given)', () => {
    expect(parse(eip681Uri({ address: EVM, chainId: 8453 }))).toEqual({ scheme: 'ethereum', target: EVM, chainId: 8453, query: {} })
    expect(parse(eip681Uri({ address: EVM, chainId: 1, value: 10n ** 30n }))).toEqual({
      scheme: 'ethereum',
      target: EVM,
      chainId: 1,
      query: { value: '1000000000000000000000000000000' },
    })
  })

  it('Solana Pay and BIP-21 carry the address, an amount as decimal text and an encoded label', () => {
    expect(parse(solanaPayUri({ address: SOL, amount: '1.5', label: 'Coffee & cake' }))).toEqual({
      scheme: 'solana',
      target: SOL,
      chainId: undefined,
      query: { amount: '1.5', label: 'Coffee & cake' },
    })
    expect(parse(bip21Uri({ address: BTC, amount: '0.001' }))).toEqual({
      scheme: 'bitcoin',
      target: BTC,
      chainId: undefined,
      query: { amount: '0.001' },
    })
  })

  it("paymentUri asks the account's chain plugin: EIP-681, Solana Pay, BIP-21; polkadot has no standard: the plain address", async () => {
    const local = defineEvmNetwork({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
    })
    expect(await paymentUri(createEip155Adapter({ networks: [local, mainnet], eip6963: false }), local, EVM)).toBe(`ethereum:${EVM}@31337`)
    expect(await paymentUri(createSolanaAdapter({ networks: [solanaMainnet] }), solanaMainnet, SOL)).toBe(`solana:${SOL}`)
    expect(await paymentUri(createBip122Adapter([bitcoin]), bitcoin, BTC)).toBe(`bitcoin:${BTC}`)
    const DOT = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    expect(await paymentUri(createPolkadotAdapter({ networks: [polkadotMainnet], appName: 'Test' }), polkadotMainnet, DOT)).toBe(DOT)
  })

  it('a chain plugin without the feature (or none at all) gets the plain address', async () => {
    const network = { ...mainnet, caipNetworkId: 'cosmos:cosmoshub-4' as const, chainNamespace: 'cosmos' }
    expect(await paymentUri({ namespace: 'cosmos', features: {} } as never, network, 'cosmos1abc')).toBe('cosmos1abc')
    expect(await paymentUri(undefined, network, 'cosmos1abc')).toBe('cosmos1abc')
  })

  it("the receive plugin names no chain family: the URI rules are the chain plugins'", () => {
    const dir = join(root, 'plugins/receive')
    const code = readdirSync(dir)
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) =>
        readFileSync(join(dir, f), 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/\/\/.*$/gm, ''),
      )
    for (const family of ['eip155', 'solana', 'bip122', 'polkadot'])
      expect(
        code.filter((c) => c.includes(`'${family}`)),
        family,
      ).toEqual([])
  })

  it('refuses what is not an address of its chain, a bad chain id or amount', () => {
    expect(() => eip681Uri({ address: SOL, chainId: 1 })).toThrow('Not an EVM address')
    expect(() => eip681Uri({ address: EVM, chainId: 0 })).toThrow('Not a chain id')
    expect(() => eip681Uri({ address: EVM, chainId: 1, value: -1n })).toThrow('negative')
    expect(() => solanaPayUri({ address: EVM })).toThrow('Not a Solana address')
    expect(() => solanaPayUri({ address: SOL, amount: '1e3' })).toThrow('Not an amount')
    expect(() => bip21Uri({ address: 'bc1 <script>' })).toThrow('Not a Bitcoin address')
  })

  it('Solana Pay: an amount with more than 9 decimals (finer than a lamport) is refused; 9 are kept', () => {
    expect(parse(solanaPayUri({ address: SOL, amount: '0.000000001' })).query).toEqual({ amount: '0.000000001' })
    expect(() => solanaPayUri({ address: SOL, amount: '0.0000000001' })).toThrow('at most 9 decimals')
    expect(() => solanaPayUri({ address: SOL, amount: '1.1234567890' })).toThrow('at most 9 decimals')
  })

  it('BIP-21 takes the scheme the network definition names: litecoin: on Litecoin, bitcoin: when it names none', async () => {
    const LTC = 'rltc1qqurswpc8qurswpc8qurswpc8qurswpc8je4l6d'
    const litecoin = defineNetwork({
      genesisHash: '530827f38f93b43ed12af0b3ad25a288',
      name: 'Litecoin Regtest',
      esploraUrl: 'http://127.0.0.1:1',
      params: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a },
      uriScheme: 'litecoin',
    })
    const adapter = createBip122Adapter([bitcoin, litecoin])
    expect(await paymentUri(adapter, litecoin, LTC)).toBe(`litecoin:${LTC}`)
    expect(await paymentUri(adapter, bitcoin, BTC)).toBe(`bitcoin:${BTC}`)
    // A scheme that is not one falls back to bitcoin:, never into the URI.
    expect(await paymentUri(adapter, { ...litecoin, custom: { uriScheme: 'javascript:alert(1)//' } }, LTC)).toBe(`bitcoin:${LTC}`)
    expect(() => bip21Uri({ address: BTC, scheme: 'bit coin' })).toThrow('Not a URI scheme')
  })
})
