// Payment URIs of the Receive view: built by the exported functions, parsed back to the address and the chain.
import { describe, expect, it } from 'vitest'
import { bip21Uri, eip681Uri, paymentUri, solanaPayUri } from '../../../plugins/receive/index.js'
import { bitcoin, defineNetwork } from '../../../chains/bip122/networks.js'

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const BTC = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

/** Reads a payment URI back: scheme, target, optional chain id and query. */
function parse(uri: string) {
  const match = /^([a-z]+):([^@?]+)(?:@(\d+))?(?:\?(.*))?$/.exec(uri)
  if (!match) throw new Error(`unparsable ${uri}`)
  return { scheme: match[1], target: match[2], chainId: match[3] ? Number(match[3]) : undefined, query: Object.fromEntries(new URLSearchParams(match[4] ?? '')) }
}

describe('payment URIs', () => {
  it('EIP-681 carries the address and the chain id (and a value in wei when given)', () => {
    expect(parse(eip681Uri({ address: EVM, chainId: 8453 }))).toEqual({ scheme: 'ethereum', target: EVM, chainId: 8453, query: {} })
    expect(parse(eip681Uri({ address: EVM, chainId: 1, value: 10n ** 30n }))).toEqual({ scheme: 'ethereum', target: EVM, chainId: 1, query: { value: '1000000000000000000000000000000' } })
  })

  it('Solana Pay and BIP-21 carry the address, an amount as decimal text and an encoded label', () => {
    expect(parse(solanaPayUri({ address: SOL, amount: '1.5', label: 'Coffee & cake' }))).toEqual({ scheme: 'solana', target: SOL, chainId: undefined, query: { amount: '1.5', label: 'Coffee & cake' } })
    expect(parse(bip21Uri({ address: BTC, amount: '0.001' }))).toEqual({ scheme: 'bitcoin', target: BTC, chainId: undefined, query: { amount: '0.001' } })
  })

  it('paymentUri picks the standard by the network namespace; other families get the address', () => {
    expect(paymentUri('eip155:31337', EVM)).toBe(`ethereum:${EVM}@31337`)
    expect(paymentUri('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', SOL)).toBe(`solana:${SOL}`)
    expect(paymentUri('bip122:000000000019d6689c085ae165831e93', BTC)).toBe(`bitcoin:${BTC}`)
    expect(paymentUri('polkadot:91b171bb158e2d3848fa23a9f1c25182', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5')
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

  it('BIP-21 takes the scheme the network definition names: litecoin: on Litecoin, bitcoin: when it names none', () => {
    const LTC = 'rltc1qqurswpc8qurswpc8qurswpc8qurswpc8je4l6d'
    const litecoin = defineNetwork({ genesisHash: '530827f38f93b43ed12af0b3ad25a288', name: 'Litecoin Regtest', esploraUrl: 'http://127.0.0.1:1', params: { bech32: 'rltc', pubKeyHash: 0x6f, scriptHash: 0x3a }, uriScheme: 'litecoin' })
    expect(paymentUri(litecoin, LTC)).toBe(`litecoin:${LTC}`)
    expect(paymentUri(bitcoin, BTC)).toBe(`bitcoin:${BTC}`)
    // A scheme that is not one falls back to bitcoin:, never into the URI.
    expect(paymentUri({ caipNetworkId: 'bip122:530827f38f93b43ed12af0b3ad25a288', custom: { uriScheme: 'javascript:alert(1)//' } }, LTC)).toBe(`bitcoin:${LTC}`)
    expect(() => bip21Uri({ address: BTC, scheme: 'bit coin' })).toThrow('Not a URI scheme')
  })
})
