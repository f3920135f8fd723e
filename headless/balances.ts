/**
 * The connected account's balances without a view: the balances service a plugin provides
 * (`Capabilities.Balances`, the tokens plugin's), else the network token's balance the kernel reads.
 */
import { atom, computed, onMount, type ReadableAtom } from 'nanostores'
import { Capabilities, type AccountToken, type BalancesSnapshot, type BalancesStatus, type Modal } from 'vestibule/kernel'

export interface AccountBalances {
  readonly $balances: ReadableAtom<BalancesSnapshot>
  /** Reads the balances (cached 30 s; `force` reads again) and resolves with them. */
  refresh(options?: { force?: boolean }): Promise<readonly AccountToken[]>
}

/** The kernel's balance states as the balances service names them ('unavailable': the read failed). */
const KERNEL_STATUS: Record<string, BalancesStatus> = { idle: 'idle', loading: 'loading', ready: 'ready', unavailable: 'error' }

/** The network token alone, from the kernel's account state, for a host without a balances plugin. */
function nativeBalance(modal: Modal): AccountBalances {
  // Every change of the modal's state (its chains' balances included) moves the tick; the balances are read anew.
  const $tick = atom(0)
  onMount($tick, () => modal.subscribe(() => $tick.set($tick.get() + 1)))
  const $balances = computed($tick, (): BalancesSnapshot => {
    const account = modal.getAccount()
    const network = modal.getNetwork().caipNetwork
    if (account.status !== 'connected' || !network) return { status: 'idle', tokens: [] }
    const status = KERNEL_STATUS[account.balanceStatus] ?? 'idle'
    const tokens: AccountToken[] =
      account.balanceValue === undefined
        ? []
        : [
            {
              name: network.nativeCurrency.name,
              symbol: network.nativeCurrency.symbol,
              decimals: network.nativeCurrency.decimals,
              chainId: network.caipNetworkId,
              amount: account.balanceValue,
            },
          ]
    return { status, caipAddress: account.caipAddress, tokens, source: 'chain' }
  })
  return {
    $balances,
    async refresh() {
      await modal.refreshBalance()
      return $balances.get().tokens
    },
  }
}

/** The balances of `modal`'s connected account. */
export function accountBalances(modal: Modal): AccountBalances {
  const service = modal.getService(Capabilities.Balances)
  if (!service) return nativeBalance(modal)
  return { $balances: service.$balances, refresh: (options) => service.refresh(options) }
}
