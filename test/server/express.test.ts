// The Express recipe of docs/server.md, started for real: `app.use('/auth', toNodeHandler(siwx.handle))` mounted
// before the app's JSON body parser, and the browser side unchanged — the siwx plugin's hostBackend({ url }) signs
// in, lists and signs out against it while the app's own JSON routes keep their parser.
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
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
  const app = express()
  let siwx: ReturnType<typeof createSiwxServer> | undefined
  // The recipe: the sign-in routes first, then the app's body parser and routes.
  app.use('/auth', (req, res) => void toNodeHandler(siwx!.handle)(req, res))
  app.use(express.json())
  app.post('/echo', (req, res) => void res.json(req.body))
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  siwx = createSiwxServer({ origins: [origin], chains: [CHAINS.eip155, CHAINS.solana], store })
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('the Express recipe with hostBackend', () => {
  it('signs in with eip155 and solana, lists, revokes and signs out under /auth', async () => {
    const backend = hostBackend({ url: `${origin}/auth`, fetch: pageFetch(origin) })
    for (const account of [signer('eip155'), signer('solana')]) {
      const { nonce } = await backend.prepare!({
        chainId: account.chainId,
        address: account.address,
        domain: new URL(origin).host,
        uri: origin,
      })
      const message = messageFor(account, origin, nonce)
      expect(await backend.add({ data: parseSiwxMessage(message), message, signature: await account.sign(message) })).toMatchObject({
        address: account.address,
        chainId: account.chainId,
      })
    }
    expect(await backend.list!()).toHaveLength(2)
    await backend.clear()
    expect(await backend.list!()).toEqual([])
  })

  it('a malformed body is the server’s own 400 with its reason; the app’s JSON routes keep their parser', async () => {
    const bad = await fetch(`${origin}/auth/verify`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{"message":',
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({ error: 'the request body is not JSON', reasons: ['json'] })
    const echo = await fetch(`${origin}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kept: true }),
    })
    expect(await echo.json()).toEqual({ kept: true })
  })
})
