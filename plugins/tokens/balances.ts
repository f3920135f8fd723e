/**
 * The balances service's working part, loaded on first use: reads the active account's balances from the
 * blockchain API, falls back to reading them on chain, caches them 30 s (memory and storage) and waits 30 s after a
 * failure before asking again.
 */
import type { MapStore } from 'nanostores'
import {
  BALANCE_RETRY_MS,
  CacheTtl,
  chainFeature,
  hasChainFeature,
  type AccountToken,
  type BalancesSnapshot,
  type CaipAddress,
  type CaipNetwork,
  type CaipNetworkId,
  type PluginContext,
} from 'vestibule/kernel'
import { parseBalances, sortTokens } from './parse.js'
import type { TokensOption } from './option.js'

type Account = NonNullable<ReturnType<PluginContext['connection']['account']>>
interface Cached {
  at: number
  source: 'api' | 'chain'
  tokens: AccountToken[]
}

/** Namespaces the blockchain API reports balances for. */
const API_NAMESPACES = new Set(['eip155', 'solana'])

/** Storage form of a token: amounts as decimal strings (JSON has no bigint). */
const toStored = (t: AccountToken) => ({ ...t, amount: t.amount.toString() })
function fromStored(raw: unknown, chainId: CaipNetworkId): AccountToken | undefined {
  if (!raw || typeof raw !== 'object') return undefined
  const t = raw as Record<string, unknown>
  if (typeof t.amount !== 'string' || !/^\d{1,78}$/.test(t.amount) || typeof t.symbol !== 'string' || typeof t.name !== 'string')
    return undefined
  if (typeof t.decimals !== 'number' || !Number.isInteger(t.decimals) || t.decimals < 1 || t.decimals > 77 || t.chainId !== chainId)
    return undefined
  const token: AccountToken = {
    name: t.name.slice(0, 40),
    symbol: t.symbol.slice(0, 12),
    chainId,
    decimals: t.decimals,
    amount: BigInt(t.amount),
  }
  if (typeof t.address === 'string' && t.address.startsWith(`${chainId}:`)) token.address = t.address as CaipAddress
  for (const key of ['price', 'value'] as const)
    if (typeof t[key] === 'number' && Number.isFinite(t[key]) && (t[key] as number) >= 0) token[key] = t[key] as number
  if (typeof t.iconUrl === 'string' && /^(https:|http:\/\/(127\.0\.0\.1|localhost)[:/])/.test(t.iconUrl)) token.iconUrl = t.iconUrl
  return token
}

/** Prices (USD per token) of `addresses` from the price endpoint; an empty map when it cannot answer. */
async function prices(ctx: PluginContext, network: CaipNetwork, addresses: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>()
  if (!addresses.length) return result
  try {
    const body = await ctx.blockchainApi.post<{ fungibles?: unknown }>(
      network.caipNetworkId,
      'v1/fungible/price',
      { currency: 'usd', addresses, projectId: ctx.options.projectId },
      { fungibles: [] },
    )
    const rows = Array.isArray(body?.fungibles) ? body.fungibles : []
    // The endpoint answers in the order asked; a row without a usable price is skipped.
    rows.slice(0, addresses.length).forEach((row: unknown, i) => {
      const price = (row as { price?: unknown } | null)?.price
      if (typeof price === 'number' && Number.isFinite(price) && price >= 0) result.set(addresses[i]!, price)
    })
  } catch {
    // Prices are a nicety on this path: the amounts stand without them.
  }
  return result
}

/** Native balance plus the host's `tokens` (`option`) for this network, read on chain. */
async function readOnChain(ctx: PluginContext, option: TokensOption, account: Account): Promise<AccountToken[]> {
  const { adapter, network, address } = account
  const chainId = network.caipNetworkId
  const native = await adapter.getBalance({ address, network })
  const out: AccountToken[] = []
  if (native.decimals > 0)
    out.push({
      name: network.nativeCurrency?.name ?? native.symbol,
      symbol: native.symbol,
      chainId,
      decimals: native.decimals,
      amount: native.value,
    })
  const wanted = option[chainId] ?? []
  if (wanted.length && hasChainFeature(adapter, 'getTokenBalances')) {
    const held = await chainFeature(adapter, 'getTokenBalances')({ owner: address, tokens: wanted.map((t) => t.address), network })
    for (const t of held) {
      if (t.decimals === 0) continue
      const image = wanted.find((w) => w.address.toLowerCase() === t.token.toLowerCase())?.image
      out.push({
        name: t.symbol,
        symbol: t.symbol,
        chainId,
        decimals: t.decimals,
        amount: t.value,
        address: `${chainId}:${t.token}` as CaipAddress,
        ...(image ? { iconUrl: image } : {}),
      })
    }
  }
  // Test networks have no market: their tokens are worth 0.00.
  if (network.testnet) return out.map((t) => ({ ...t, value: 0 }))
  const native0 = adapter.nativeTokenAddress ? `${chainId}:${adapter.nativeTokenAddress}` : undefined
  const keys = out.map((t) => t.address ?? native0).filter((k): k is string => Boolean(k))
  const known = await prices(ctx, network, keys)
  return out.map((t) => {
    const price = known.get(t.address ?? native0 ?? '')
    return price === undefined ? { ...t, value: 0 } : { ...t, price, value: usd(t.amount, t.decimals, price) }
  })
}

export interface BalancesController {
  refresh(options?: { force?: boolean }): Promise<readonly AccountToken[]>
  clear(): void
}

export function createController(
  ctx: PluginContext,
  $balances: MapStore<BalancesSnapshot>,
  option: TokensOption,
  now: () => number = Date.now,
): BalancesController {
  const memory = new Map<string, Cached>()
  const failedAt = new Map<string, number>()
  const inflight = new Map<string, Promise<readonly AccountToken[]>>()
  let generation = 0

  const readCache = (key: string, chainId: CaipNetworkId): Cached | undefined => {
    const held = memory.get(key)
    if (held) return held
    const stored = ctx.storage.get<unknown>('balance')
    if (!stored || typeof stored !== 'object' || (stored as { key?: unknown }).key !== key) return undefined
    const { at, source, tokens } = stored as { at?: unknown; source?: unknown; tokens?: unknown }
    // A time stamp in the future is not believed: the entry is stale.
    if (typeof at !== 'number' || at > now() || !Array.isArray(tokens) || (source !== 'api' && source !== 'chain')) return undefined
    const parsed = tokens.slice(0, 500).map((t) => fromStored(t, chainId))
    if (parsed.some((t) => !t)) return undefined
    return { at, source, tokens: parsed as AccountToken[] }
  }
  const writeCache = (key: string, entry: Cached) => {
    memory.set(key, entry)
    ctx.storage.set('balance', { key, at: entry.at, source: entry.source, tokens: entry.tokens.map(toStored) })
  }

  const read = async (account: Account, force: boolean): Promise<Cached> => {
    const { network, address } = account
    const chainId = network.caipNetworkId
    const supported = API_NAMESPACES.has(account.namespace) && (await ctx.blockchainApi.isSupported(chainId))
    if (supported) {
      try {
        const body = await ctx.blockchainApi.get<unknown>(
          chainId,
          `v1/account/${encodeURIComponent(address)}/balance`,
          { balances: [] },
          { query: { currency: 'usd', chainId, ...(force ? { forceUpdate: chainId } : {}) } },
        )
        const tokens = parseBalances(body, chainId)
        return { at: now(), source: 'api', tokens: network.testnet ? tokens.map((t) => ({ ...t, value: 0 })) : tokens }
      } catch {
        // The API could not answer: the chain can.
      }
    }
    return { at: now(), source: 'chain', tokens: await readOnChain(ctx, option, account) }
  }

  const publish = (caipAddress: CaipAddress, entry: Cached, namespace: string) => {
    const tokens = sortTokens(entry.tokens)
    $balances.set({ status: 'ready', caipAddress, tokens, source: entry.source })
    ctx.connection.setAccountFields(namespace, { tokenBalance: tokens })
    return tokens
  }

  return {
    clear() {
      generation++
      inflight.clear()
      $balances.set({ status: 'idle', tokens: [] })
    },
    refresh({ force = false } = {}) {
      const account = ctx.connection.account()
      if (!account) {
        $balances.set({ status: 'idle', tokens: [] })
        return Promise.resolve([])
      }
      const chainId = account.network.caipNetworkId
      const caipAddress = `${chainId}:${account.address}` as CaipAddress
      const cached = readCache(caipAddress, chainId)
      if (!force && cached && now() - cached.at < CacheTtl.balance) return Promise.resolve(publish(caipAddress, cached, account.namespace))
      // After a failure the balances are asked for again no sooner than 30 s later.
      const failed = failedAt.get(caipAddress)
      if (!force && failed !== undefined && now() - failed < BALANCE_RETRY_MS) return Promise.resolve($balances.get().tokens)
      const running = inflight.get(caipAddress)
      if (running && !force) return running
      const mine = generation
      const current = $balances.get()
      $balances.set({
        status: 'loading',
        caipAddress,
        tokens: current.caipAddress === caipAddress ? current.tokens : [],
        source: current.source,
      })
      const task = read(account, force).then(
        (entry) => {
          if (mine !== generation) return []
          failedAt.delete(caipAddress)
          writeCache(caipAddress, entry)
          // Still the account shown: a late answer for another one is kept for later, not shown.
          const shown = ctx.connection.account()
          if (shown && `${shown.network.caipNetworkId}:${shown.address}` !== caipAddress) return entry.tokens
          return publish(caipAddress, entry, account.namespace)
        },
        () => {
          if (mine !== generation) return []
          failedAt.set(caipAddress, now())
          $balances.set({ status: 'error', caipAddress, tokens: [] })
          ctx.connection.setAccountFields(account.namespace, { tokenBalance: [] })
          ctx.feedback.showSnackbar('error', ctx.i18n.t('tokens.unavailable'))
          return []
        },
      )
      inflight.set(caipAddress, task)
      void task.finally(() => {
        if (inflight.get(caipAddress) === task) inflight.delete(caipAddress)
      })
      return task
    },
  }
}

/** USD value of `amount` base units at `price`, to the cent; a display value only. */
export function usd(amount: bigint, decimals: number, price: number): number {
  // Cents computed from the amount's leading digits: exact enough for display, no overflow for huge amounts.
  const scale = 10n ** BigInt(decimals)
  const whole = Number(amount / scale)
  const fraction = Number(amount % scale) / Number(scale)
  return Math.round((whole + fraction) * price * 100) / 100
}
