// Loaded with import() on first use: @polkadot/api stays out of what a host loads before the modal is needed.
import { ApiPromise, WsProvider } from '@polkadot/api'
import type { Signer } from '@polkadot/api/types'
import { formatUnits } from 'vestibule/utils'
import type { PolkadotNetwork } from './networks.js'

/** How long connecting to a node (socket plus metadata) may take before the balance shows as unavailable. */
export const CONNECT_TIMEOUT_MS = 10_000

const withTimeout = <T>(promise: Promise<T>, ms: number, message: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms)
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    )
  })

/** The node's WebSocket URL: `rpcUrls.default.webSocket[0]`, else the HTTP URL with a ws scheme. */
export const endpointOf = (network: PolkadotNetwork) =>
  network.rpcUrls.default.webSocket?.[0] ?? network.rpcUrls.default.http[0]!.replace(/^http/, 'ws')

const apis = new Map<string, { promise: Promise<ApiPromise>; api?: ApiPromise }>()

async function open(url: string, network: PolkadotNetwork): Promise<ApiPromise> {
  // No automatic reconnection: a node that is down must fail the call (balance unavailable), not retry forever.
  const provider = new WsProvider(url, false)
  const unreachable = `The ${network.name} node at ${url} is not reachable`
  try {
    // connect() only opens the socket; create() waits for it and rejects (throwOnConnect) when it fails.
    await withTimeout(provider.connect(), CONNECT_TIMEOUT_MS, unreachable)
    return await withTimeout(ApiPromise.create({ provider, noInitWarn: true, throwOnConnect: true }), CONNECT_TIMEOUT_MS, unreachable)
  } catch (error) {
    await provider.disconnect().catch(() => undefined)
    throw new Error(unreachable, { cause: error })
  }
}

/** One API per node, reused while its socket stays open (a dropped one is replaced); it must serve `network`'s chain. */
export async function apiFor(network: PolkadotNetwork): Promise<ApiPromise> {
  const url = endpointOf(network)
  let entry = apis.get(url)
  if (!entry || (entry.api && !entry.api.isConnected)) {
    if (entry?.api) void entry.api.disconnect().catch(() => undefined)
    const created: { promise: Promise<ApiPromise>; api?: ApiPromise } = { promise: open(url, network) }
    apis.set(url, created)
    created.promise.then(
      (api) => (created.api = api),
      () => apis.get(url) === created && apis.delete(url),
    )
    entry = created
  }
  const api = await entry.promise
  const genesis = api.genesisHash.toHex()
  if (genesis !== network.custom.genesisHash)
    throw new Error(`The node at ${url} serves the chain with genesis ${genesis}, not ${network.name}`)
  return api
}

/** The account's free balance in planck. */
export async function freeBalance(network: PolkadotNetwork, address: string): Promise<bigint> {
  const api = await apiFor(network)
  const query = api.query.system?.account
  if (!query) throw new Error(`${network.name} has no system.account storage`)
  const account = await withTimeout(query(address), CONNECT_TIMEOUT_MS, `The ${network.name} node did not answer`)
  return (account as unknown as { data: { free: { toBigInt(): bigint } } }).data.free.toBigInt()
}

/**
 * What `balances.transferKeepAlive(to, value)` from `from` costs: the node's `paymentInfo` of that extrinsic
 * (weight and length fee, with the chain's fee multiplier), in planck; and the existential deposit the sender
 * must keep, since the transfer keeps the account alive.
 */
export async function transferFee(params: {
  network: PolkadotNetwork
  from: string
  to: string
  value: bigint
}): Promise<{ fee: bigint; reserve: bigint }> {
  const { network, from, to, value } = params
  const api = await apiFor(network)
  const transfer = api.tx.balances?.transferKeepAlive
  if (!transfer) throw new Error(`${network.name} has no balances.transferKeepAlive`)
  const info = await withTimeout(transfer(to, value).paymentInfo(from), CONNECT_TIMEOUT_MS, `The ${network.name} node did not answer`)
  return { fee: info.partialFee.toBigInt(), reserve: existentialDeposit(api) }
}

const existentialDeposit = (api: ApiPromise) => BigInt(api.consts.balances?.existentialDeposit?.toString() ?? '0')

/**
 * `balances.transferKeepAlive(to, value)` signed by the extension and submitted; resolves with the extrinsic
 * hash once it is in a block, rejects with the chain's reason when it fails.
 */
export async function transferKeepAlive(params: {
  network: PolkadotNetwork
  from: string
  to: string
  value: bigint
  signer: { signPayload(payload: unknown): Promise<{ id: number; signature: string }> }
}): Promise<string> {
  const { network, from, to, value } = params
  const api = await apiFor(network)
  const transfer = api.tx.balances?.transferKeepAlive
  if (!transfer) throw new Error(`${network.name} has no balances.transferKeepAlive`)
  const tx = transfer(to, value)
  // Checked before the wallet is asked: a transfer that cannot pay its fee and keep the account alive would only
  // come back from the node as "invalid", without a reason.
  const [free, info] = await Promise.all([freeBalance(network, from), tx.paymentInfo(from)])
  const fee = info.partialFee.toBigInt()
  const deposit = existentialDeposit(api)
  if (value + fee + deposit > free) {
    const units = (planck: bigint) => `${formatUnits(planck, network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`
    throw new Error(
      `Insufficient balance: ${units(free)} available; the transfer needs ${units(value)} plus a fee of about ${units(fee)} and must leave ${units(deposit)} (the existential deposit)`,
    )
  }
  return new Promise<string>((resolve, reject) => {
    let done = false
    let unsubscribe: (() => void) | undefined
    const finish = (error?: Error, hash?: string) => {
      if (done) return
      done = true
      unsubscribe?.()
      if (error) reject(error)
      else resolve(hash!)
    }
    tx.signAndSend(from, { signer: params.signer as unknown as Signer }, (result) => {
      const { status, dispatchError, txHash } = result
      if (dispatchError) {
        if (dispatchError.isModule) {
          const { section, name, docs } = api.registry.findMetaError(dispatchError.asModule)
          finish(new Error(`The transfer failed: ${section}.${name}${docs.length ? ` (${docs.join(' ').trim()})` : ''}`))
        } else finish(new Error(`The transfer failed: ${dispatchError.toString()}`))
      } else if (status.isInBlock || status.isFinalized) finish(undefined, txHash.toHex())
      else if (status.isInvalid || status.isDropped || status.isUsurped)
        finish(new Error(`The node did not include the transfer (${status.type})`))
    }).then(
      (unsub) => (done ? unsub() : (unsubscribe = unsub)),
      (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
    )
  })
}
