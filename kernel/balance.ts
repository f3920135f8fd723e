import type { ChainNamespace } from './caip.js'
import { toCaipAddress } from './caip.js'
import { BALANCE_RETRY_MS, CacheTtl } from './caches.js'
import { createRetryGate, type RetryGate } from './retry.js'
import type { Balance, ChainAdapter } from './chains.js'
import type { EventBus } from './events.js'
import { truncateDecimals } from './format.js'
import type { CaipNetwork } from './network.js'
import type { AccountState, ChainState } from './state.js'
import { nodeFaultOf } from './node-fault.js'
import type { Storage } from './storage.js'
import { StorageKeys } from './storage-keys.js'

export interface BalanceDeps {
  storage: Storage
  events: EventBus
  chainState(namespace: ChainNamespace): ChainState
  setAccount(namespace: ChainNamespace, fields: Partial<AccountState>): void
  adapterOf(namespace: ChainNamespace): ChainAdapter
}

/** The native balance of each namespace's account, read through its chain adapter. */
export interface Balances {
  /**
   * Reads the balance of `namespace`'s account on its network: a cached one younger than 30 s is used, a read
   * under way for the same account and network is shared, and after a failure nothing is asked for 30 s; `force`
   * asks the wallet now whatever the cache and the retry rule say (after a transaction).
   */
  refresh(namespace: ChainNamespace, options?: { force?: boolean }): Promise<void>
  /** `refresh` once for any number of calls in the same task: a burst of wallet events reads once, for where it ended. */
  refreshSoon(namespace: ChainNamespace): void
  /** Makes any read under way for `namespace` stale (its account was replaced). */
  invalidate(namespace: ChainNamespace): void
  /** Cancels every planned read again and plans no more (the modal was destroyed). */
  stop(): void
}

const UNAVAILABLE = { balanceStatus: 'unavailable', balance: undefined, balanceValue: undefined } as const

export function createBalances({ storage, events, chainState, setAccount, adapterOf }: BalanceDeps): Balances {
  /** Bumped by every refresh and account replacement of a namespace: only the newest read may write. */
  const generations = new Map<ChainNamespace, number>()
  /** Per account and network: a failed read is tried again no sooner than 30 s later, unless forced. */
  const gates = new Map<string, RetryGate>()
  /** Reads under way, per account and network, with the namespace whose account asked. */
  const reads = new Map<string, { namespace: ChainNamespace; reading: Promise<Balance> }>()
  const scheduled = new Set<ChainNamespace>()
  /** Per namespace: the read planned after a failure, `BALANCE_RETRY_MS` later (one at a time). */
  const retries = new Map<ChainNamespace, ReturnType<typeof setTimeout>>()
  const cancelRetry = (namespace: ChainNamespace) => {
    clearTimeout(retries.get(namespace))
    retries.delete(namespace)
  }
  /**
   * Reads again once the retry gate opens, unless something else read since: the balance comes back on its own
   * when the node answers again, one read per interval at most.
   */
  let stopped = false
  const retryLater = (namespace: ChainNamespace, generation: number) => {
    cancelRetry(namespace)
    if (stopped) return
    retries.set(
      namespace,
      setTimeout(() => {
        retries.delete(namespace)
        if (generations.get(namespace) === generation) void refresh(namespace)
      }, BALANCE_RETRY_MS),
    )
  }
  const next = (namespace: ChainNamespace) => {
    const generation = (generations.get(namespace) ?? 0) + 1
    generations.set(namespace, generation)
    return generation
  }

  /**
   * A cached native balance of `network`, or undefined when missing, expired or not what this network's balance
   * can be: an amount of more than 78 digits (above 2^256), or decimals or a symbol other than the network's.
   */
  const readCached = (key: string, network: CaipNetwork): Balance | undefined => {
    const entry = storage.getCached<{ value?: unknown; decimals?: unknown; symbol?: unknown } | null>(key, CacheTtl.nativeBalance)
    const { decimals, symbol } = network.nativeCurrency
    if (
      !entry ||
      typeof entry.value !== 'string' ||
      !/^\d{1,78}$/.test(entry.value) ||
      entry.decimals !== decimals ||
      entry.symbol !== symbol
    )
      return undefined
    return { value: BigInt(entry.value), decimals, symbol }
  }

  /** Asks the adapter, sharing a read under way unless `force`; a failure closes the gate for 30 s. */
  const read = (namespace: ChainNamespace, key: string, gate: RetryGate, ask: () => Promise<Balance>, force: boolean) => {
    const running = reads.get(key)
    if (running && !force) return running.reading
    const reading = ask().then(
      (balance) => {
        gate.succeeded()
        storage.setCached(key, { value: balance.value.toString(), decimals: balance.decimals, symbol: balance.symbol })
        return balance
      },
      (error: unknown) => {
        gate.failed()
        throw error
      },
    )
    reads.set(key, { namespace, reading })
    const done = () => void (reads.get(key)?.reading === reading && reads.delete(key))
    reading.then(done, done)
    return reading
  }

  async function refresh(namespace: ChainNamespace, { force = false } = {}) {
    const { accountState: account, networkState } = chainState(namespace)
    const network = networkState.caipNetwork
    if (account.status !== 'connected' || !account.address) return
    const generation = next(namespace)
    cancelRetry(namespace)
    if (!network) return setAccount(namespace, UNAVAILABLE)
    const address = account.address
    const key = StorageKeys.nativeBalance(toCaipAddress(network.caipNetworkId, address))
    let gate = gates.get(key)
    if (!gate) gates.set(key, (gate = createRetryGate()))
    const cached = force ? undefined : readCached(key, network)
    if (!cached && !force && !gate.canTry() && !reads.has(key)) {
      setAccount(namespace, UNAVAILABLE)
      return retryLater(namespace, generation)
    }
    // A read again after a fault keeps the fault shown until it answers (a node that hangs would otherwise show
    // "loading" for the whole timeout of every retry).
    if (account.balanceStatus !== 'unavailable' || !account.balanceFault) setAccount(namespace, { balanceStatus: 'loading' })
    try {
      const adapter = adapterOf(namespace)
      const balance = cached ?? (await read(namespace, key, gate, () => adapter.getBalance({ address, network }), force))
      if (generations.get(namespace) !== generation) return
      setAccount(namespace, {
        balanceStatus: 'ready',
        balanceValue: balance.value,
        balance: truncateDecimals(adapter.formatAmount(balance.value, network)),
        balanceSymbol: balance.symbol,
        balanceFault: undefined,
      })
    } catch (error) {
      if (generations.get(namespace) !== generation) return
      setAccount(namespace, { ...UNAVAILABLE, balanceFault: nodeFaultOf(error) })
      events.emit('error', { source: 'balance', error })
      retryLater(namespace, generation)
    }
  }

  return {
    refresh,
    refreshSoon(namespace) {
      if (scheduled.has(namespace)) return
      scheduled.add(namespace)
      queueMicrotask(() => {
        scheduled.delete(namespace)
        void refresh(namespace)
      })
    },
    stop() {
      stopped = true
      for (const namespace of [...retries.keys()]) cancelRetry(namespace)
    },
    invalidate(namespace) {
      next(namespace)
      cancelRetry(namespace)
      // A new account (even the same address again, after a reconnect) reads afresh rather than waiting on an old read.
      for (const [key, entry] of reads) if (entry.namespace === namespace) reads.delete(key)
    },
  }
}
