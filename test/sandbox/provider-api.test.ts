// The sandbox's provider API: the catalog contract over 600+ generated wallets, images, the analytics
// config, and the blockchain API's supported chains and balances backed by a local anvil node.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpc, startAnvil } from '../../sandbox/anvil.mjs'
import { GENERATED_COUNT, SANDBOX_WALLET_RDNS, catalogWallets, queryWallets, walletId } from '../../sandbox/provider-api/catalog.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: Awaited<ReturnType<typeof startProviderApi>>
const ADDRESS = '0x1111111111111111111111111111111111111111'
const get = async (path: string) => {
  const response = await fetch(`${api.url}${path}`)
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cors: response.headers.get('access-control-allow-origin'),
    text: await response.text(),
  }
}
const wallets = async (query: string) =>
  JSON.parse((await get(`/getWallets?projectId=p&st=s&sv=v&${query}`)).text) as { data: Array<Record<string, any>>; count: number }

beforeAll(async () => {
  anvil = await startAnvil()
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url } })
})
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

describe('wallet catalog', () => {
  it('holds more than 600 wallets for the sandbox chains, served in pages with the total count', async () => {
    const first = await wallets('page=1&entries=40&chains=eip155:31337,eip155:31338')
    expect(first.count).toBeGreaterThanOrEqual(600)
    expect(first.data).toHaveLength(40)
    const last = await wallets(`page=${Math.ceil(first.count / 40)}&entries=40&chains=eip155:31337`)
    expect(last.data.length).toBe(first.count - 40 * (Math.ceil(first.count / 40) - 1))
    expect(GENERATED_COUNT).toBeGreaterThan(600)
  })

  it('is deterministic', () => {
    expect(walletId(3)).toBe(walletId(3))
    expect(queryWallets(catalogWallets(), { page: '2', entries: '5' })).toEqual(queryWallets(catalogWallets(), { page: '2', entries: '5' }))
  })

  it('include keeps only those ids, exclude drops ids, search matches names case-insensitively, badge_type filters', async () => {
    const ids = [walletId(30), walletId(31)]
    expect((await wallets(`page=1&entries=2&include=${ids.join(',')}`)).data.map((w) => w.id)).toEqual(ids)
    const excluded = await wallets(`page=1&entries=4&exclude=${walletId(0)}`)
    expect(excluded.data.map((w) => w.id)).not.toContain(walletId(0))
    const search = await wallets('page=1&entries=100&search=sandbox')
    expect(search.data.map((w) => w.name)).toEqual(['Sandbox Wallet', 'Sandbox Wallet Classic', 'SANDBOX WALLET'])
    expect((await wallets('page=1&entries=100&badge_type=certified')).data.every((w) => w.badge_type === 'certified')).toBe(true)
    // Solana-only wallets are left out for eip155 chains.
    const all = await wallets('page=1&entries=500')
    const evm = await wallets('page=1&entries=500&chains=eip155:31337')
    expect(all.count).toBeGreaterThan(evm.count)
  })

  it('lists the Sandbox Wallet (same rdns, and the same name in another case), link variants and malformed entries', () => {
    const list = catalogWallets()
    expect(list.filter((w: any) => w?.rdns === SANDBOX_WALLET_RDNS)).toHaveLength(2)
    expect(list.filter((w: any) => typeof w?.name === 'string' && w.name.toLowerCase() === 'sandbox wallet')).toHaveLength(2)
    const only = (kind: string) =>
      list.filter((w: any) => w && ['mobile_link', 'desktop_link', 'webapp_link'].filter((k) => w[k]).join() === kind)
    expect(only('mobile_link').length).toBeGreaterThan(50)
    expect(only('desktop_link').length).toBeGreaterThan(50)
    expect(only('webapp_link').length).toBeGreaterThan(50)
    expect(list.some((w: any) => w === null)).toBe(true)
    expect(list.some((w: any) => typeof w?.mobile_link === 'string' && w.mobile_link.startsWith('javascript:'))).toBe(true)
    expect(list.some((w: any) => typeof w?.name === 'string' && w.name.length > 10000)).toBe(true)
  })

  it('wallet, asset, currency and token images are generated SVGs; answers carry CORS for the page', async () => {
    for (const path of [
      '/getWalletImage/img-1',
      '/public/getAssetImage/eip155-31337',
      '/public/getCurrencyImage/USD',
      '/public/getTokenImage/ETH',
    ]) {
      const image = await get(`${path}?projectId=p`)
      expect(image.status).toBe(200)
      expect(image.type).toBe('image/svg+xml')
      expect(image.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(image.cors).toBe('*')
    }
    // Two local networks' images differ: each shows its chain id's last two digits.
    expect((await get('/public/getAssetImage/eip155-31337')).text).toContain('>37</text>')
    expect((await get('/public/getAssetImage/eip155-31338')).text).toContain('>38</text>')
    // A wallet's image shows its initials: the custom wallet "Vestibule Custom Wallet" VC (not WA), a catalog one
    // named "Cedar Wallet" CW; a single word its first two letters.
    expect((await get('/public/getAssetImage/vestibule-custom-wallet')).text).toContain('>VC</text>')
    const cedar = catalogWallets().find((w: any) => w?.name === 'Cedar Wallet')
    expect((await get(`/getWalletImage/${cedar.image_id}`)).text).toContain('>CW</text>')
    expect((await get('/public/getTokenImage/ETH')).text).toContain('>ET</text>')
  })

  it('records requests, can be down (500) and back', async () => {
    api.reset()
    api.setMode('down')
    expect((await get('/getWallets?page=1&entries=4')).status).toBe(500)
    api.setMode('ok')
    expect((await get('/getWallets?page=1&entries=4')).status).toBe(200)
    expect(api.catalogRequests({ entries: '4' })).toHaveLength(2)
  })
})

describe('analytics config and blockchain API', () => {
  it('analytics is off in the sandbox', async () => {
    expect(JSON.parse((await get('/getAnalyticsConfig?projectId=p')).text)).toEqual({ isAnalyticsEnabled: false })
  })

  it('v1/supported-chains lists the local chains', async () => {
    expect(JSON.parse((await get('/v1/supported-chains?projectId=p')).text)).toEqual({ http: ['eip155:31337'], ws: [] })
  })

  it('v1/account/{address}/balance answers the node balance, every digit', async () => {
    await rpc(anvil.url, 'anvil_setBalance', [ADDRESS, '0x42ed123c0e8b822922'])
    const body = JSON.parse((await get(`/v1/account/${ADDRESS}/balance?currency=usd&chainId=eip155:31337&projectId=p`)).text)
    // The value is the price fixture times every digit of the amount, to the cent.
    expect(body.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 3719074.04,
        price: 3012.45,
        quantity: { decimals: '18', numeric: '1234.567891234567891234' },
        iconUrl: `${api.url}/public/getTokenImage/ETH`,
      },
    ])
    expect(JSON.parse((await get(`/v1/account/${ADDRESS}/balance?chainId=eip155:1`)).text)).toEqual({ balances: [] })
  })
})
