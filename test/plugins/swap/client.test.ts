// The swap endpoints' client over the sandbox's provider API (a local server speaking the blockchain API's
// contract): an answer's own reason is the error, an answer that is not JSON says so.
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlockchainApi } from '../../../kernel/blockchain-api.js'
import { createHttpClient } from '../../../kernel/http.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { swapClient } from '../../../plugins/swap/wiring.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
const client = (baseUrl: string) =>
  swapClient(createBlockchainApi(createHttpClient({ baseUrl, defaultQuery: { projectId: 'p', st: 's', sv: 'v' } })))

beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: {} })
})
afterAll(() => api?.stop())

describe('swapClient', () => {
  it('sends the query with the default one and returns the answer', async () => {
    expect(await client(api.url).tokens('eip155:1')).toEqual({ tokens: [] })
    expect(api.requests.at(-1)).toMatchObject({
      path: '/v1/convert/tokens',
      query: { chainId: 'eip155:1', projectId: 'p', st: 's', sv: 'v' },
    })
  })

  it('a failed call rejects with the API’s reason', async () => {
    await expect(
      client(api.url).quote({ amount: '1', userAddress: 'eip155:1:0x1', from: 'a', to: 'b', gasPrice: '1' }, new AbortController().signal),
    ).rejects.toThrow('Network not supported for Swaps')
    await expect(
      client(api.url).buildTransaction({
        amount: '1',
        eip155: { slippage: '1' },
        from: 'a',
        to: 'b',
        userAddress: 'c',
        disableEstimate: false,
      }),
    ).rejects.toThrow('Network not supported for Swaps')
  })

  it('an answer that is not JSON, or an error without a reason, says what it is', async () => {
    const server = createServer((req, res) => {
      if (req.url?.includes('tokens')) return (res.writeHead(200, { 'content-type': 'text/html' }), res.end('<html>hi</html>'))
      res.writeHead(503)
      res.end('')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
    try {
      await expect(client(url).tokens('eip155:1')).rejects.toThrow('is not valid JSON')
      await expect(client(url).gasPrice('eip155:1')).rejects.toThrow('HTTP status code: 503')
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
