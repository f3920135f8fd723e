import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import type { ViewProps } from '../view-props.js'
import { WalletImage } from './WalletImage.js'

/** How long discovery may take before "no wallet found" is shown instead of "looking for wallets". */
const DISCOVERY_GRACE_MS = 400

/** Lists the wallets of every section (injected, WalletConnect, featured …) in connector-type order. */
export default function Connect({ modal }: ViewProps) {
  const { wallets, router, i18n } = modal.kernel
  const sections = useStore(wallets.$sections)
  const [graceOver, setGraceOver] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), DISCOVERY_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])

  if (sections.length === 0) {
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
      {sections.flatMap(({ section, items }) =>
        items.map((item) => (
          <li key={`${section}:${item.id}`} data-section={section}>
            <button type="button" className="vb-item" data-wallet-id={item.id} onClick={() => router.push(item.view, item.data)}>
              <WalletImage src={item.imageUrl} name={item.name} />
              <span className="vb-item-name">{item.name}</span>
              {item.tag ? <span className="vb-tag">{i18n.t(item.tag)}</span> : null}
            </button>
          </li>
        )),
      )}
    </ul>
  )
}
