import { useState } from 'react'
import { errorMessage, type CaipNetworkId } from '../../kernel/index.js'
import type { ViewProps } from '../view-props.js'
import { networkEntries, type NetworkEntry } from './network-list.js'
import { NetworkButton, SwitchStatus } from './NetworkButton.js'
import { useStore } from '../shell/shared.js'

/**
 * The requested networks of every chain plugin, with images; the active one marked; networks a WalletConnect
 * session did not approve disabled. Choosing one switches through the chain plugin (which adds the chain to
 * the wallet when it does not know it), then returns to the previous view.
 */
export default function Networks({ ctx }: ViewProps) {
  const { state, chains, router, i18n, http } = ctx
  const snapshot = useStore(state.$snapshot)
  const allChains = useStore(state.$chains)
  const [pending, setPending] = useState<CaipNetworkId>()
  const [error, setError] = useState<string>()
  const entries = networkEntries({ adapters: chains.list(), chains: allChains, activeCaipNetworkId: snapshot.caipNetworkId, http })
  const grouped = new Set(entries.map((e) => e.namespace)).size > 1

  // With network switching turned off by the host, the list only shows where the wallet is.
  const locked = !ctx.options.enableNetworkSwitch
  const choose = async (entry: NetworkEntry) => {
    if (locked || entry.disabled || pending) return
    if (entry.active) return router.goBack()
    const id = entry.network.caipNetworkId
    setPending(id)
    setError(undefined)
    try {
      // A network of a namespace nobody is connected to yet leads to Connect for it, as the kernel decides;
      // otherwise the list has done its job.
      await ctx.connection.switchNetwork(id)
      setPending(undefined)
      if (router.current?.view === 'Networks') router.goBack()
    } catch (failure) {
      setPending(undefined)
      setError(i18n.t('networks.switchFailed', { reason: errorMessage(failure) }))
    }
  }

  return (
    <div data-testid="networks">
      <ul className="vb-list" aria-busy={Boolean(pending)}>
        {entries.map((entry) => (
          <li
            key={entry.network.caipNetworkId}
            data-namespace={entry.namespace}
            data-connected={allChains[entry.namespace]?.accountState.status === 'connected' ? '' : undefined}
          >
            <NetworkButton
              entry={entry}
              i18n={i18n}
              // With several families, each names its family (as its chain plugin labels it) and whether a wallet of it is connected.
              hint={
                grouped
                  ? `${chains.get(entry.namespace)?.label ?? entry.namespace}${allChains[entry.namespace]?.accountState.status === 'connected' ? ` · ${i18n.t('networks.connected')}` : ''}`
                  : undefined
              }
              markActive
              pending={pending}
              disabled={locked || entry.disabled || (Boolean(pending) && pending !== entry.network.caipNetworkId)}
              onChoose={() => void choose(entry)}
            />
          </li>
        ))}
      </ul>
      <SwitchStatus i18n={i18n} pending={pending} error={error} errorTestId="networks-error" />
    </div>
  )
}
