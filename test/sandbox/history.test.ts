// The sandbox's history API indexes the local chain's blocks on demand; requests that arrive together (a list and
// its purchases, a reload after a send) each see every transaction: no block is skipped or read twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpc, startAnvil } from '../../sandbox/anvil.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'

let anvil: Awaited<ReturnType<typeof startAnvil>>
let api: Awaited<ReturnType<typeof startProviderApi>>
const RECEIVER = '0x3333333333333333333333333333333333333333'

beforeAll(async () => {
  anvil = await startAnvil()
  api = await startProviderApi({ rpcUrls: { 'eip155:31337': anvil.url } })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  await anvil?.stop()
})

async function sendTo(count: number) {
  const [from] = (await rpc(anvil.url, 'eth_accounts', [])) as string[]
  for (let i = 0; i < count; i++) await rpc(anvil.url, 'eth_sendTransaction', [{ from, to: RECEIVER, value: '0x1' }])
}
const hashes = async () => {
  const response = await fetch(`${api.url}/v1/account/${RECEIVER}/history?chainId=eip155:31337`)
  const body = (await response.json()) as { data: { id: string }[] }
  return body.data.map((t) => t.id).sort()
}

describe('history indexing', () => {
  it('requests made together each list every transaction, once', async () => {
    await sendTo(6)
    const answers = await Promise.all(Array.from({ length: 5 }, hashes))
    for (const answer of answers) expect(answer).toHaveLength(6)
    expect(new Set(answers.map((a) => a.join()))).toHaveProperty('size', 1)
    // New blocks after the first index: two requests together both see the new one as well.
    await sendTo(1)
    const [a, b] = await Promise.all([hashes(), hashes()])
    expect(a).toHaveLength(7)
    expect(b).toEqual(a)
  })
})
