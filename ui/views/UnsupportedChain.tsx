import { useEffect, useRef, useState } from 'react'
import { errorMessage, type CaipNetworkId } from '../../kernel/index.js'
import type { ViewProps } from '../view-props.js'
import { networkEntries } from './network-list.js'
import { NetworkButton, SwitchStatus } from './NetworkButton.js'
import { useStore } from '../shell/shared.js'

/**
 * Shown by the kernel when the wallet is on a network the host did not request. Lists the requested
 * networks of that namespace to switch to, and a disconnect. It closes as soon as the wallet is on a requested
 * network again, whoever switched it (goBack closes while UnsupportedChain is in the history).
 */
export default function UnsupportedChain({ ctx, data }: ViewProps) {
  const { state, chains, router, i18n, http } = ctx
  const snapshot = useStore(state.$snapshot)
  const allChains = useStore(state.$chains)
  const [pending, setPending] = useState<CaipNetworkId>()
  const [error, setError] = useState<string>()
  const [leaving, setLeaving] = useState(false)
  // The namespace whose network is not requested: the one the kernel named, else the active one.
  const named = (data as { namespace?: unknown } | undefined)?.namespace
  const namespace = typeof named === 'string' && allChains[named] ? named : snapshot.namespace
  const chain = namespace ? allChains[namespace] : undefined
  const supported = Boolean(chain?.networkState.caipNetwork)
  const wasUnsupported = useRef(!supported)

  useEffect(() => {
    if (!supported) wasUnsupported.current = true
    else if (wasUnsupported.current) router.goBack()
  }, [supported])

  const adapters = chains.list().filter((a) => a.namespace === namespace)
  const entries = networkEntries({
    adapters,
    chains: allChains,
    activeCaipNetworkId: chain?.networkState.caipNetwork?.caipNetworkId ?? chain?.networkState.unsupportedCaipNetworkId,
    http,
  })

  const choose = async (id: CaipNetworkId) => {
    setPending(id)
    setError(undefined)
    try {
      await ctx.connection.switchNetwork(id)
    } catch (failure) {
      setError(i18n.t('networks.switchFailed', { reason: errorMessage(failure) }))
    } finally {
      setPending(undefined)
    }
  }
  const disconnect = async () => {
    setLeaving(true)
    await ctx.connection.disconnect(namespace)
  }

  return (
    <div data-testid="unsupported-chain">
      <p className="vb-muted" style={{ textAlign: 'center', margin: '0 0 12px' }}>
        {i18n.t('unsupported.text')}
      </p>
      <ul className="vb-list">
        {entries.map((entry) => (
          <li key={entry.network.caipNetworkId}>
            <NetworkButton
              entry={entry}
              i18n={i18n}
              pending={pending}
              disabled={entry.disabled || Boolean(pending)}
              onChoose={() => void choose(entry.network.caipNetworkId)}
            />
          </li>
        ))}
      </ul>
      <SwitchStatus i18n={i18n} pending={pending} error={error} />
      <div className="vb-row" style={{ marginTop: 12 }}>
        <button
          type="button"
          className="vb-btn vb-btn-secondary"
          data-testid="unsupported-disconnect"
          disabled={leaving}
          onClick={() => void disconnect()}
        >
          {i18n.t('unsupported.disconnect')}
        </button>
      </div>
    </div>
  )
}
