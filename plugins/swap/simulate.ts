/**
 * The swap tried on the network's node before the wallet is asked (`eth_simulateV1` with transfer tracing, the
 * approve and the swap in one simulated block): refused unless the account's balances move as reviewed — at most
 * the amount sold leaves, at least the minimum received arrives, nothing else leaves and nothing else is approved.
 * A node that cannot simulate says so; the swap then rests on the binding rules and a contract at its receiver.
 * Loaded with the swap's confirmation, never before.
 */
import type { CaipNetwork, NodeFault } from 'vestibule/kernel'
import { nodeFaultOf, VestibuleError } from 'vestibule/kernel'
import { cleanText, createRequestCache } from 'vestibule/utils'
import { NATIVE_ADDRESS, type SwapToken } from './parse.js'

/** A call of the swap as the wallet would send it. */
export interface SimulatedCall {
  to: string
  data: string
  value: bigint
}

/** `simulated`: the node tried the swap and it moves the balances as reviewed; `unsupported`: the node cannot try it. */
export type SwapCheck = 'simulated' | 'unsupported'

/** Transfer(address,address,uint256) — ERC-20, and ERC-721 with the token id as a fourth topic. */
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** Approval(address,address,uint256) and ApprovalForAll(address,address,bool). */
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
/** JSON-RPC errors that mean the node does not offer the method (or not with these parameters). */
const UNSUPPORTED = new Set([-32601, -32600, -32602, -32004])
const TIMEOUT_MS = 10_000

const fail = (message: string) => new VestibuleError('HTTP', message)
const hex = (value: bigint) => `0x${value.toString(16)}`
const topicAddress = (topic: unknown) =>
  typeof topic === 'string' && /^0x0{24}[0-9a-fA-F]{40}$/.test(topic) ? `0x${topic.slice(26).toLowerCase()}` : undefined
const word = (data: unknown) => (typeof data === 'string' && /^0x[0-9a-fA-F]{64}$/.test(data) ? BigInt(data) : undefined)

class RpcError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    /** The HTTP status of an answer that was not JSON-RPC. */
    readonly status?: number,
  ) {
    super(message)
  }
}

/**
 * The node could not be asked (an HTTP error, no answer in time, no connection): nothing is known about the swap,
 * and `nodeFault` says why.
 */
export class NodeUnavailable extends Error {
  constructor(readonly nodeFault: NodeFault) {
    super('The swap could not be checked: the network’s node is not answering')
  }
}

/** One JSON-RPC call to the network's first RPC URL. */
async function rpc(network: CaipNetwork, method: string, params: unknown[]): Promise<unknown> {
  const url = network.rpcUrls.default.http[0]
  if (!url) throw new RpcError(`The network ${network.name} has no RPC URL`, undefined)
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: { code?: unknown; message?: unknown } }
    | undefined
  if (body?.error)
    throw new RpcError(cleanText(body.error.message, 160) || 'RPC error', typeof body.error.code === 'number' ? body.error.code : undefined)
  if (!response.ok || !body || !('result' in body))
    throw new RpcError(
      `HTTP status code: ${response.status}`,
      response.status === 404 || response.status === 405 ? -32601 : undefined,
      response.ok ? undefined : response.status,
    )
  return body.result
}

const unsupported = (error: unknown) => error instanceof RpcError && error.code !== undefined && UNSUPPORTED.has(error.code)

function simulate(network: CaipNetwork, user: string, calls: readonly SimulatedCall[]) {
  const block = { calls: calls.map((c) => ({ from: user, to: c.to, data: c.data, value: hex(c.value) })) }
  return rpc(network, 'eth_simulateV1', [{ blockStateCalls: [block], traceTransfers: true, validation: false }, 'latest'])
}

/** Per network: whether its node answers `eth_simulateV1` (asked once, with an empty call of the user's). */
const support = createRequestCache<boolean>()

/** Whether the network's node can simulate the swap; a failed probe is asked again next time. */
export const canSimulate = (network: CaipNetwork, user: string): Promise<boolean> =>
  support.get(network.caipNetworkId, () =>
    simulate(network, user, [{ to: user, data: '0x', value: 0n }]).then(
      () => true,
      (error: unknown) => {
        if (unsupported(error)) return false
        throw error
      },
    ),
  )

interface Expect {
  network: CaipNetwork
  /** The account, lowercased. */
  user: string
  /** The approve (when one is needed) then the swap. */
  calls: readonly SimulatedCall[]
  sell: SwapToken
  buy: SwapToken
  amount: bigint
  minimum: bigint
  /** The contract the swap calls: the only spender an approval may name. */
  spender: string
}

/** What the simulated calls move for `user`: net change per asset (the network token as 0xeee…e), and what they refuse. */
export function balanceChanges(result: unknown, user: string, spender: string): Map<string, bigint> {
  const calls = Array.isArray(result) && result[0] && typeof result[0] === 'object' ? (result[0] as { calls?: unknown }).calls : undefined
  if (!Array.isArray(calls)) throw fail('The network answered the swap check with something else than a result')
  const changes = new Map<string, bigint>()
  const add = (asset: string, amount: bigint) => changes.set(asset, (changes.get(asset) ?? 0n) + amount)
  for (const call of calls as { status?: unknown; error?: { message?: unknown }; logs?: unknown }[]) {
    if (call?.status !== '0x1')
      throw fail(`The swap fails when tried on the network${call?.error?.message ? `: ${cleanText(call.error.message, 120)}` : ''}`)
    for (const log of Array.isArray(call.logs) ? (call.logs as { address?: unknown; topics?: unknown; data?: unknown }[]) : []) {
      const topics = Array.isArray(log?.topics) ? (log.topics as unknown[]) : []
      const asset = typeof log?.address === 'string' ? log.address.toLowerCase() : ''
      const [from, to] = [topicAddress(topics[1]), topicAddress(topics[2])]
      if (topics[0] === TRANSFER && topics.length === 4 && from === user) throw fail('The swap would take a collectible from your account')
      if (topics[0] === TRANSFER && topics.length === 3) {
        const value = word(log.data) ?? 0n
        if (from === user) add(asset, -value)
        if (to === user) add(asset, value)
      }
      const granted = word(log.data) ?? 1n
      if ((topics[0] === APPROVAL || topics[0] === APPROVAL_FOR_ALL) && from === user && to !== spender && granted !== 0n)
        throw fail('The swap would let another account spend your tokens')
    }
  }
  return changes
}

/**
 * Tries the calls on the network's node and refuses them unless the balances move as reviewed. Where the node
 * cannot simulate, the swap's receiver must at least be a contract; the answer says the swap was not simulated.
 */
export async function checkSwap(p: Expect): Promise<SwapCheck> {
  let result: unknown
  try {
    result = await simulate(p.network, p.user, p.calls)
  } catch (error) {
    const fault = unsupported(error) ? undefined : nodeFaultOf(error)
    if (fault && fault.kind !== 'other') throw new NodeUnavailable(fault)
    if (!unsupported(error))
      throw fail(`The swap could not be checked on the network: ${error instanceof Error ? error.message : String(error)}`)
    support.set(p.network.caipNetworkId, false)
    const code = await rpc(p.network, 'eth_getCode', [p.spender, 'latest']).catch(() => undefined)
    if (typeof code !== 'string') throw fail('The swap could not be checked on the network')
    if (!/^0x[0-9a-fA-F]{2,}$/.test(code)) throw fail('The swap transaction pays an account, not an exchange contract')
    return 'unsupported'
  }
  const changes = balanceChanges(result, p.user, p.spender)
  const sold = p.sell.native ? NATIVE_ADDRESS : p.sell.address
  const bought = p.buy.native ? NATIVE_ADDRESS : p.buy.address
  if (-(changes.get(sold) ?? 0n) > p.amount) throw fail(`The swap would take more ${p.sell.symbol} than you chose`)
  if ((changes.get(bought) ?? 0n) < p.minimum) throw fail(`The swap would pay you less ${p.buy.symbol} than the minimum received`)
  for (const [asset, change] of changes) if (asset !== sold && change < 0n) throw fail('The swap would take other tokens from your account')
  return 'simulated'
}
