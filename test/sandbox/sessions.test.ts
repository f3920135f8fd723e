// The sandbox blockchain API's smart sessions over HTTP: the sessions kept per account listed, one revoked only
// with the account's signature of its pci (checked on a local anvil node), malformed requests refused, pinned answers.
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnvil } from '../../sandbox/anvil.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'

const owner = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const stranger = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: Awaited<ReturnType<typeof startProviderApi>>

beforeAll(async () => {
  anvil = await startAnvil()
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url } })
})
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

const list = async (address: string) => {
  const response = await fetch(`${api.url}/v1/sessions/${address}`)
  return { status: response.status, body: await response.json() }
}
const revoke = async (address: string, body: unknown) => {
  const response = await fetch(`${api.url}/v1/sessions/${address}/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: await response.json() }
}

describe('sandbox smart sessions', () => {
  it('lists the sessions of an account (case-insensitive address), none for another', async () => {
    api.sessions.add(owner.address, {
      pci: 'pci-list-1',
      project: { name: 'Game' },
      expiry: 2_000_000_000,
      permissions: [{ type: 'native-token-recurring-allowance' }],
    })
    expect(await list(owner.address.toLowerCase())).toEqual({
      status: 200,
      body: {
        sessions: [
          {
            pci: 'pci-list-1',
            project: { name: 'Game' },
            expiry: 2_000_000_000,
            permissions: [{ type: 'native-token-recurring-allowance' }],
          },
        ],
      },
    })
    expect(await list(stranger.address)).toEqual({ status: 200, body: { sessions: [] } })
    expect((await list('not-an-address')).status).toBe(400)
  })

  it('revokes a session only with the account signature of its pci', async () => {
    api.sessions.add(owner.address, { pci: 'pci-revoke-1', project: { name: 'Shop' }, permissions: [] })
    expect(
      await revoke(owner.address, { pci: 'pci-revoke-1', signature: await stranger.signMessage({ message: 'pci-revoke-1' }) }),
    ).toEqual({ status: 401, body: { message: 'Invalid signature' } })
    expect(await revoke(owner.address, { pci: 'pci-revoke-1', signature: await owner.signMessage({ message: 'another pci' }) })).toEqual({
      status: 401,
      body: { message: 'Invalid signature' },
    })
    expect(await revoke(owner.address, { pci: 'pci-revoke-1' })).toEqual({
      status: 400,
      body: { message: 'pci and signature are required' },
    })
    expect(await revoke(owner.address, { pci: 'unknown', signature: await owner.signMessage({ message: 'unknown' }) })).toEqual({
      status: 404,
      body: { message: 'No such session' },
    })
    expect(api.sessions.list(owner.address).map((s: { pci: string }) => s.pci)).toContain('pci-revoke-1')
    expect(await revoke(owner.address, { pci: 'pci-revoke-1', signature: await owner.signMessage({ message: 'pci-revoke-1' }) })).toEqual({
      status: 200,
      body: { success: true },
    })
    expect(api.sessions.list(owner.address).map((s: { pci: string }) => s.pci)).not.toContain('pci-revoke-1')
  })

  it('a pinned answer is served as it is (hostile ones too) until unpinned', async () => {
    api.sessions.pin('list', { status: 200, body: { sessions: 'garbage' } })
    expect(await list(owner.address)).toEqual({ status: 200, body: { sessions: 'garbage' } })
    api.sessions.pin('list', undefined)
    expect((await list(owner.address)).body.sessions).toBeInstanceOf(Array)
  })
})
