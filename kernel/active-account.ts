import { computed, type ReadableAtom } from 'nanostores'
import { Capabilities, type BalancesSnapshot } from './account-data.js'
import type { ChainAdapter, ChainRegistry } from './chains.js'
import type { CaipNetwork } from './network.js'
import type { AccountState } from './state.js'
import type { ReadonlyKernelState, Services } from './plugin.js'

/** The account a feature acts for: the active namespace's chain plugin, network and connected account. */
export interface ActiveAccount {
  adapter?: ChainAdapter
  network?: CaipNetwork
  /** Set only while the account is connected. */
  address?: string
  /** The kernel's native balance, for features that read no token list. */
  nativeBalance?: bigint
  /** The account's network fees are paid for it (its connector's `paysOwnGas`): no insufficient-gas rule. */
  paysOwnGas: boolean
}

/** Whether the connected `account` of `namespace` has its fees paid for it, by its connector's word. */
function paysOwnGas(chains: Pick<ChainRegistry, 'findConnector'>, namespace: string, account: AccountState | undefined): boolean {
  if (account?.status !== 'connected' || !account.connectorId) return false
  const connector = chains.findConnector(account.connectorId, namespace)
  try {
    return connector?.paysOwnGas?.(account) === true
  } catch {
    return false
  }
}

/** The active account as a store, recomputed when the active namespace or its chain state changes. */
export function activeAccount(k: {
  state: Pick<ReadonlyKernelState, '$snapshot' | '$chains'>
  chains: Pick<ChainRegistry, 'get' | 'findConnector'>
}): ReadableAtom<ActiveAccount> {
  return computed([k.state.$snapshot, k.state.$chains], (snapshot, chains): ActiveAccount => {
    const namespace = snapshot.namespace
    const chain = namespace ? chains[namespace] : undefined
    const connected = chain?.accountState.status === 'connected'
    return {
      adapter: namespace ? k.chains.get(namespace) : undefined,
      network: chain?.networkState.caipNetwork,
      address: connected ? chain.accountState.address : undefined,
      nativeBalance: chain?.accountState.balanceValue,
      paysOwnGas: namespace ? paysOwnGas(k.chains, namespace, chain?.accountState) : false,
    }
  })
}

/** What a feature acting for the active account reads: the account, and its token balances when a plugin lists them. */
export interface AccountWithBalances {
  $context: ReadableAtom<ActiveAccount>
  $balances?: ReadableAtom<BalancesSnapshot>
  /** Reads the balances again (`force`: past their cache); resolves when they are read, and never rejects. */
  refreshBalances(force?: boolean): Promise<unknown> | void
}

/** The active account with the balances service of the plugin that provides one (none: no token list). */
export function accountWithBalances(k: Parameters<typeof activeAccount>[0] & { services: Pick<Services, 'get'> }): AccountWithBalances {
  const balances = k.services.get(Capabilities.Balances)
  return {
    $context: activeAccount(k),
    $balances: balances?.$balances,
    refreshBalances: (force) => balances?.refresh(force ? { force } : undefined).catch(() => undefined),
  }
}
