/**
 * A Tally node for tests: the JSON-RPC contract of docs/chain-plugins.md over HTTP on loopback. It keeps balances
 * and nonces and checks every transfer's ed25519 signature with node:crypto before it moves anything.
 */
import { createHash, createPublicKey, verify } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { transferText } from '../../examples/tally/session.js'

export interface TallyNode {
  url: string
  chain: string
  fee: bigint
  balance(address: string): bigint
  /** Every method the node was asked, in order. */
  calls: string[]
  stop(): Promise<void>
}

const HEX64 = /^[0-9a-f]{64}$/
const publicKey = (address: string) =>
  createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(address, 'hex').toString('base64url') }, format: 'jwk' })

export async function startTallyNode(options: { chain: string; balances: Record<string, bigint>; fee?: bigint }): Promise<TallyNode> {
  const balances = new Map(Object.entries(options.balances))
  const nonces = new Map<string, bigint>()
  const fee = options.fee ?? 1000n
  const calls: string[] = []
  const balance = (a: string) => balances.get(a) ?? 0n

  function transfer(params: unknown[]): string {
    const [t, signature] = params as [Record<string, unknown>, unknown]
    const fields = ['chain', 'from', 'to', 'value', 'fee', 'nonce'] as const
    if (!t || typeof t !== 'object' || fields.some((f) => typeof t[f] !== 'string')) throw new Error('malformed transfer')
    const { chain, from, to, value, fee: paid, nonce } = t as Record<(typeof fields)[number], string>
    if (chain !== options.chain) throw new Error(`wrong chain ${chain}`)
    if (!HEX64.test(from) || !HEX64.test(to)) throw new Error('malformed address')
    if (!/^[1-9]\d*$/.test(value) || paid !== String(fee) || nonce !== String(nonces.get(from) ?? 0n))
      throw new Error('stale or malformed transfer')
    const text = transferText({ chain, from, to, value, fee: paid, nonce })
    if (
      typeof signature !== 'string' ||
      !/^[0-9a-f]{128}$/.test(signature) ||
      !verify(null, Buffer.from(text), publicKey(from), Buffer.from(signature, 'hex'))
    )
      throw new Error('bad signature')
    if (balance(from) < BigInt(value) + fee) throw new Error('insufficient balance')
    balances.set(from, balance(from) - BigInt(value) - fee)
    balances.set(to, balance(to) + BigInt(value))
    nonces.set(from, BigInt(nonce) + 1n)
    return createHash('sha256').update(`${text}\n${signature}`).digest('hex')
  }

  const answer = (method: unknown, params: unknown[]): unknown => {
    if (method === 'tally_fee') return String(fee)
    if ((method === 'tally_getBalance' || method === 'tally_getNonce') && !HEX64.test(String(params[0])))
      throw new Error('malformed address')
    if (method === 'tally_getBalance') return String(balance(String(params[0])))
    if (method === 'tally_getNonce') return String(nonces.get(String(params[0])) ?? 0n)
    if (method === 'tally_sendTransfer') return transfer(params)
    throw new Error(`unknown method ${String(method)}`)
  }

  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': 'content-type',
        'content-type': 'application/json',
      }
      if (request.method === 'OPTIONS') return response.writeHead(204, cors).end()
      let id: unknown = null
      try {
        const call = JSON.parse(body) as { id?: unknown; method?: unknown; params?: unknown }
        id = call.id ?? null
        calls.push(String(call.method))
        const result = answer(call.method, Array.isArray(call.params) ? call.params : [])
        response.writeHead(200, cors).end(JSON.stringify({ jsonrpc: '2.0', id, result }))
      } catch (error) {
        response
          .writeHead(200, cors)
          .end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: (error as Error).message } }))
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  return { url, chain: options.chain, fee, balance, calls, stop: () => new Promise((resolve) => server.close(() => resolve())) }
}
