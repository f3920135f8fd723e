import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ViewProps } from '../view-props.js'
import { WalletImage } from './WalletImage.js'

/** How long discovery may take before "no wallet found" is shown instead of "looking for wallets". */
const DISCOVERY_GRACE_MS = 400

/** Lists the wallets the chain plugins found; choosing one starts the connection. */
export default function Connect({ modal }: ViewProps) {
  const { chains, router, i18n } = modal.kernel
  const connectors = useStore(chains.$connectors)
  const [graceOver, setGraceOver] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), DISCOVERY_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])

  if (connectors.length === 0) {
    return (
      <div className="vb-center" data-testid="wallet-list-empty">
        {graceOver ? (
          <>
            <p className="vb-strong">{i18n.t('connect.empty')}</p>
            <p className="vb-muted">{i18n.t('connect.emptyHint')}</p>
          </>
        ) : (
          <>
            <div className="vb-spinner" aria-hidden="true" />
            <p className="vb-muted">{i18n.t('connect.detecting')}</p>
          </>
        )}
      </div>
    )
  }
  return (
    <ul className="vb-list" data-testid="wallet-list">
      {connectors.map((c) => (
        <li key={`${c.namespace}:${c.id}`}>
          <button
            type="button"
            className="vb-item"
            data-connector-id={c.id}
            onClick={() => router.push('ConnectingExternal', { connectorId: c.id, namespace: c.namespace })}
          >
            <WalletImage src={c.imageUrl} name={c.name} />
            <span className="vb-item-name">{c.name}</span>
            {c.installed ? <span className="vb-tag">{i18n.t('connect.installed')}</span> : null}
          </button>
        </li>
      ))}
    </ul>
  )
}
