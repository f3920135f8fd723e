// Swap asks the blockchain API through the modal's HTTP client: a host that gives the modal its own client (its own
// fetch, here one adding a header) sees every swap request go through it, to the sandbox's provider API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlockchainApi } from '../../../kernel/blockchain-api.js'
import { Tokens } from '../../../kernel/container.js'
import { createHttpClient } from '../../../kernel/http.js'
import { createKernel } from '../../../kernel/kernel.js'
import { startProviderApi } from '../../../sandbox/provider-api/server.mjs'
import { swap } from '../../../plugins/swap/index.js'
import { dummyView } from '../../kernel/helpers.js'
import { network, USER } from './helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
beforeAll(async () => {
  api = await startProviderApi({ rpcUrls: {} })
})
afterAll(() => api?.stop())

describe('swap over the host’s HTTP client', () => {
  it('the token list and gas price requests go through the fetch and headers the host configured', async () => {
    const seen: string[] = []
    const hostFetch: typeof fetch = (input, init) => {
      seen.push(String(input))
      return fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-host-key': 'host-123' } })
    }
    const modal = createKernel(
      {
        projectId: 'p',
        plugins: [swap()],
        services: (s: { provide(token: unknown, value: unknown): void }) =>
          s.provide(
            Tokens.BlockchainApi,
            createBlockchainApi(createHttpClient({ baseUrl: api.url, defaultQuery: { projectId: 'p' }, fetch: hostFetch })),
          ),
      } as never,
      { views: { Connect: dummyView } },
    )
    const state = kernelOf(modal).state as unknown as {
      $chains: { setKey(k: string, v: unknown): void }
      $activeNamespace: { set(v: string): void }
    }
    state.$chains.setKey('eip155', {
      namespace: 'eip155',
      accountState: { status: 'connected', address: USER },
      networkState: { caipNetwork: network(1), requestedCaipNetworks: [network(1)] },
    })
    state.$activeNamespace.set('eip155')
    const controller = await (
      modal.getPlugin('swap' as never) as {
        createController(): Promise<{ start(): () => void; $form: { get(): { tokens: { status: string } } } }>
      }
    ).createController()
    const stop = controller.start()
    try {
      await expect.poll(() => controller.$form.get().tokens.status).toBe('ready')
      const asked = api.requests.filter((r: { path: string }) => r.path.startsWith('/v1/convert/'))
      expect(asked.map((r: { path: string }) => r.path)).toEqual(expect.arrayContaining(['/v1/convert/tokens', '/v1/convert/gas-price']))
      for (const request of asked) expect(request).toMatchObject({ headers: { 'x-host-key': 'host-123' }, query: { projectId: 'p' } })
      expect(seen.some((url) => url.includes('/v1/convert/tokens?'))).toBe(true)
    } finally {
      stop()
      modal.destroy?.()
    }
  })
})
