import type { ChainNamespace } from './caip.js'
import type { ChainRegistry } from './chains.js'
import { emptyAccount, type AccountState, type ChainState, type KernelState, type NetworkState } from './state.js'

export interface ChainPatch {
  account?: Partial<AccountState>
  network?: Partial<NetworkState>
}

/**
 * The one writer of chain state (`state.$chains`): the connection, plugins' account and network fields and the
 * Account view's tab all change a namespace's state through it.
 */
export interface ChainWriter {
  /** The namespace's state; a namespace not written yet reads as disconnected on its adapter's networks. */
  read(namespace: ChainNamespace): ChainState
  /** Merges `patch` into the namespace's state; `replaceAccount` swaps the whole account (a reset drops address, balance …). */
  write(namespace: ChainNamespace, patch: ChainPatch, replaceAccount?: boolean): void
  /** Merges fields into a namespace that has state already; false when no chain plugin registers it. */
  patch(namespace: ChainNamespace, patch: ChainPatch): boolean
}

export function createChainWriter(state: Pick<KernelState, '$chains'>, chains: Pick<ChainRegistry, 'get'>): ChainWriter {
  // Own keys only: a namespace read from storage may be "__proto__" or "constructor".
  const read = (namespace: ChainNamespace): ChainState =>
    (Object.hasOwn(state.$chains.get(), namespace) ? state.$chains.get()[namespace] : undefined) ?? {
      namespace,
      accountState: emptyAccount(),
      networkState: { requestedCaipNetworks: chains.get(namespace)?.networks ?? [], supportsAllNetworks: false },
    }
  const write = (namespace: ChainNamespace, patch: ChainPatch, replaceAccount = false) => {
    const current = read(namespace)
    state.$chains.setKey(namespace, {
      namespace,
      accountState: replaceAccount ? { ...emptyAccount(), ...patch.account } : { ...current.accountState, ...patch.account },
      networkState: { ...current.networkState, ...patch.network },
    })
  }
  return {
    read,
    write,
    patch(namespace, patch) {
      if (!Object.hasOwn(state.$chains.get(), namespace)) return false
      write(namespace, patch)
      return true
    },
  }
}
