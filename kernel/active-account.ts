import { computed, type ReadableAtom } from 'nanostores'
import type { ChainAdapter, ChainRegistry } from './chains.js'
import type { CaipNetwork } from './network.js'
import type { ReadonlyKernelState } from './plugin.js'

/** The account a feature acts for: the active namespace's chain plugin, network and connected account. */
export interface ActiveAccount {
  adapter?: ChainAdapter
  network?: CaipNetwork
  /** Set only while the account is connected. */
  address?: string
  /** The kernel's native balance, for features that read no token list. */
  nativeBalance?: bigint
  smartAccount: boolean
}

/**
 * Whether an account is a smart account: only an embedded (auth) wallet account can be one, when its preferred
 * type says so. A wallet the user brought (announced, injected, remote) holds a plain account whatever the
 * namespace's default type is.
 */
export function isSmartAccount(account: { connectorType?: string; preferredAccountType?: string } | undefined): boolean {
  return account?.connectorType === 'AUTH' && account.preferredAccountType === 'smartAccount'
}

/** The active account as a store, recomputed when the active namespace or its chain state changes. */
export function activeAccount(k: { state: Pick<ReadonlyKernelState, '$snapshot' | '$chains'>; chains: Pick<ChainRegistry, 'get'> }): ReadableAtom<ActiveAccount> {
  return computed([k.state.$snapshot, k.state.$chains], (snapshot, chains): ActiveAccount => {
    const namespace = snapshot.namespace
    const chain = namespace ? chains[namespace] : undefined
    const connected = chain?.accountState.status === 'connected'
    return {
      adapter: namespace ? k.chains.get(namespace) : undefined,
      network: chain?.networkState.caipNetwork,
      address: connected ? chain.accountState.address : undefined,
      nativeBalance: chain?.accountState.balanceValue,
      smartAccount: isSmartAccount(chain?.accountState),
    }
  })
}
