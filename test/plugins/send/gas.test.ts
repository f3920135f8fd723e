// The send plugin's gas price: GET v1/convert/gas-price against the sandbox's blockchain API backed by a local
// anvil node, the 30 s cache at its boundary, unsupported networks and hostile answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBlockchainApi } from '../../../kernel/blockchain-api.js'
import { createHttpClient } from '../../../kernel/http.js'
import type { CaipNetwork } from '../../../kernel/network.js'
import { GAS_PRICE_TTL_MS, fetchGasPrice, parseGasPrice } from '../../../plugins/send/gas.js'
import { rpc, startAnvil } from '../../../sandbox/anvil.mjs'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { net } from '../../kernel/helpers.js'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: Awaited<ReturnType<typeof startProviderApi>>
const local = net(31337, 'Anvil')
const unlisted = net(5, 'Not served')
const polkadot: CaipNetwork = {
  ...net(1, 'Polkadot'),
  caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182',
  chainNamespace: 'polkadot',
}
const client = () => createBlockchainApi(createHttpClient({ baseUrl: api.url }))
const gasRequests = () => api.requests.filter((r: { path: string }) => r.path === '/v1/convert/gas-price')

beforeAll(async () => {
  anvil = await startAnvil()
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url, [polkadot.caipNetworkId]: 'http://127.0.0.1:9' } })
})
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})
beforeEach(() => {
  api.setGasPrice('eip155:31337', undefined)
  api.requests.length = 0
})

describe('fetchGasPrice', () => {
  it("reads the node's gas price through the API, with faster tiers above it", async () => {
    const node = BigInt(await rpc(anvil.url, 'eth_gasPrice', []))
    const price = await fetchGasPrice(client(), local)
    expect(price.standard).toBe(node)
    expect(price.fast).toBeGreaterThan(node)
    expect(price.instant).toBeGreaterThan(price.fast)
    expect(gasRequests().map((r: { query: Record<string, string> }) => r.query.chainId)).toEqual(['eip155:31337'])
  })

  it('keeps an answer 30 s per network: no request before, one at the boundary', async () => {
    api.setGasPrice('eip155:31337', { standard: '7000000000', fast: '8000000000', instant: '9000000000' })
    let t = 1_000_000
    const blockchain = client()
    expect((await fetchGasPrice(blockchain, local, () => t)).standard).toBe(7_000_000_000n)
    api.setGasPrice('eip155:31337', { standard: '11' })
    t += GAS_PRICE_TTL_MS - 1
    expect((await fetchGasPrice(blockchain, local, () => t)).standard).toBe(7_000_000_000n)
    expect(gasRequests()).toHaveLength(1)
    t += 1
    expect(await fetchGasPrice(blockchain, local, () => t)).toEqual({ standard: 11n, fast: 11n, instant: 11n })
    expect(gasRequests()).toHaveLength(2)
    // Another modal's client keeps its own answers.
    expect((await fetchGasPrice(client(), local, () => t)).standard).toBe(11n)
    expect(gasRequests()).toHaveLength(3)
  })

  it('says "Network not supported for Gas Price" for a family or a network the API does not price, asking nothing', async () => {
    await expect(fetchGasPrice(client(), polkadot)).rejects.toThrow('Network not supported for Gas Price')
    await expect(fetchGasPrice(client(), unlisted)).rejects.toThrow('Network not supported for Gas Price')
    expect(gasRequests()).toHaveLength(0)
  })

  it('refuses answers that are not a gas price, and keeps none of them', async () => {
    for (const body of [
      { standard: '-1' },
      { standard: '1e9' },
      { standard: '0x10' },
      { standard: '9'.repeat(79) },
      { standard: 1.5 },
      { standard: '0' },
      { standard: '5', fast: 'soon' },
      [],
      { price: '5' },
    ]) {
      api.setGasPrice('eip155:31337', body)
      await expect(fetchGasPrice(client(), local), JSON.stringify(body)).rejects.toThrow('is not a gas price')
    }
    api.setGasPrice('eip155:31337', { standard: 3 })
    expect((await fetchGasPrice(client(), local)).standard).toBe(3n)
  })

  it('fails clearly when the API is down', async () => {
    api.setBlockchain('down')
    try {
      await expect(fetchGasPrice(client(), local)).rejects.toThrow()
    } finally {
      api.setBlockchain('ok')
    }
  })
})

describe('parseGasPrice', () => {
  it('takes decimal strings and safe integers of base units; fast and instant default to standard', () => {
    expect(parseGasPrice({ standard: '1', fast: '2', instant: 3 })).toEqual({ standard: 1n, fast: 2n, instant: 3n })
    expect(parseGasPrice({ standard: String(2n ** 255n) })?.standard).toBe(2n ** 255n)
    expect(parseGasPrice(null)).toBeUndefined()
    expect(parseGasPrice('5')).toBeUndefined()
    expect(parseGasPrice({ standard: Number.MAX_SAFE_INTEGER + 2 })).toBeUndefined()
  })
})
