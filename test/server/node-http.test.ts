// The Node `http` recipe of docs/server.md, started for real: createSiwxServer behind toNodeHandler, and the
// browser side unchanged — the siwx plugin's hostBackend({ url }) signs in, lists, revokes and signs out against
// it. Bad input over a real socket (a 10 MB upload, malformed JSON) is refused and the server keeps serving.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostBackend } from '../../plugins/siwx/index.js'
import { parseSiwxMessage } from '../../plugins/siwx/messages.js'
import { createSiwxServer, memoryStore, toNodeHandler } from '../../server/index.js'
import { pageFetch } from './client.js'
import { CHAINS, messageFor, signer } from './signers.js'

let server: Server
let origin = ''
const store = memoryStore()

beforeAll(async () => {
  server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // The recipe: the handler serves every path under /auth/.
  const siwx = createSiwxServer({ origins: [origin], chains: [CHAINS.eip155, CHAINS.solana], store })
  const handler = toNodeHandler(siwx.handle)
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/auth/')) return void handler(req, res)
    res.writeHead(404).end()
  })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the Node http recipe with hostBackend', () => {
  it('prepare, add, get, list, revoke and clear against the server', async () => {
    const backend = hostBackend({ url: `${origin}/auth`, fetch: pageFetch(origin) })
    const who = signer('eip155')
    const solana = signer('solana')
    for (const account of [who, solana]) {
      const { nonce } = await backend.prepare!({
        chainId: account.chainId,
        address: account.address,
        domain: new URL(origin).host,
        uri: origin,
      })
      const message = messageFor(account, origin, nonce)
      const answer = await backend.add({ data: parseSiwxMessage(message), message, signature: await account.sign(message) })
      expect(answer).toMatchObject({ address: account.address, chainId: account.chainId })
    }
    expect((await backend.get(who.chainId, who.address)).map((s) => s.data.accountAddress)).toEqual([who.address])
    expect(await backend.list!()).toHaveLength(2)
    await backend.revoke(who.chainId, who.address)
    expect(await backend.get(who.chainId, who.address)).toEqual([])
    await backend.clear()
    expect(await backend.list!()).toEqual([])
  })

  it('a refusal reaches the page as the server’s reason', async () => {
    const backend = hostBackend({ url: `${origin}/auth`, fetch: pageFetch(origin) })
    const who = signer('eip155')
    const message = messageFor(who, origin, 'NotIssuedHere0000000000')
    await expect(backend.add({ data: parseSiwxMessage(message), message, signature: await who.sign(message) })).rejects.toThrow(
      'the nonce was not issued here, has expired or was used already',
    )
  })

  it('a 10 MB upload is cut off with 413, malformed JSON is a 400, and the server keeps serving', async () => {
    const before = store.size()
    const big = await fetch(`${origin}/auth/verify`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(10 * 1024 * 1024), signature: '0x' }),
    }).catch((error: Error) => error)
    // The server answers before the upload ends and closes the connection: the client sees the 413 or a reset.
    if (big instanceof Response) expect(big.status).toBe(413)
    const bad = await fetch(`${origin}/auth/verify`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{"message":',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'the request body is not JSON', reasons: ['json'] })
    expect(store.size()).toMatchObject({ nonces: before.nonces, sessions: before.sessions })
    expect((await fetch(`${origin}/auth/nonce`)).status).toBe(200)
  })
})
