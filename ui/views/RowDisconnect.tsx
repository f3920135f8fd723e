import { useState } from 'react'
import type { ChainNamespace } from '../../kernel/index.js'
import type { ViewProps } from '../view-props.js'
import { useStore } from '../shell/shared.js'
import { endingTogether } from '../../kernel/ending-together.js'
import type { ChainState } from '../../kernel/state.js'

interface RowDisconnectProps extends Pick<ViewProps, 'ctx'> {
  namespace: ChainNamespace
  /** The row's network name. */
  name: string
  disabled: boolean
  onDisconnect(namespace: ChainNamespace): void
}

/**
 * Every network a session holds, once each: per namespace the networks the wallet approved (by their names),
 * else the namespace's current network.
 */
function sessionNetworkNames(chains: Readonly<Record<string, ChainState>>, namespaces: readonly ChainNamespace[]): string[] {
  const names = namespaces.flatMap((ns) => {
    const network = chains[ns]?.networkState
    const approved = (network?.approvedCaipNetworkIds ?? []).map(
      (id) => network?.requestedCaipNetworks.find((n) => n.caipNetworkId === id)?.name ?? id,
    )
    const current = network?.caipNetwork?.name ?? ns
    return approved.length ? [current, ...approved] : [current]
  })
  return [...new Set(names)]
}

/**
 * A connected chain's Disconnect. When its wallet holds one session for other connected chains too (they end
 * together), the button says "End session", and a confirmation names every chain that ends before anything does.
 */
export function RowDisconnect({ ctx, namespace, name, disabled, onDisconnect }: RowDisconnectProps) {
  const { state, i18n } = ctx
  const allChains = useStore(state.$chains)
  const [asking, setAsking] = useState(false)
  const together = endingTogether(allChains, namespace)
  if (together.length < 2) {
    return (
      <button
        type="button"
        className="vb-btn vb-btn-secondary vb-btn-sm"
        disabled={disabled}
        aria-label={i18n.t('account.disconnectOne', { name })}
        onClick={() => onDisconnect(namespace)}
      >
        {i18n.t('account.disconnect')}
      </button>
    )
  }
  const names = sessionNetworkNames(allChains, together).join(', ')
  if (!asking) {
    return (
      <button
        type="button"
        className="vb-btn vb-btn-secondary vb-btn-sm"
        data-testid="end-session"
        disabled={disabled}
        aria-label={i18n.t('account.endSessionOne', { names })}
        onClick={() => setAsking(true)}
      >
        {i18n.t('account.endSession')}
      </button>
    )
  }
  return (
    <div role="group" className="vb-confirm" data-testid="end-session-confirm" aria-label={i18n.t('account.endSessionOne', { names })}>
      <p className="vb-muted">{i18n.t('account.endSessionConfirm', { names })}</p>
      <button
        type="button"
        className="vb-btn vb-btn-sm"
        data-testid="end-session-confirmed"
        disabled={disabled}
        autoFocus
        onClick={() => (setAsking(false), onDisconnect(namespace))}
      >
        {i18n.t('account.endSession')}
      </button>
      <button type="button" className="vb-btn vb-btn-secondary vb-btn-sm" data-testid="end-session-cancel" onClick={() => setAsking(false)}>
        {i18n.t('account.keepSession')}
      </button>
    </div>
  )
}
