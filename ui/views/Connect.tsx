import { useEffect, useState } from 'react'
import type { ViewProps } from '../view-props.js'
import { useStore, WalletImage } from '../shell/shared.js'

/** How long discovery may take before "no wallet found" is shown instead of "looking for wallets". */
const DISCOVERY_GRACE_MS = 400

/** Lists the wallets of every section (injected, WalletConnect, featured …) in connector-type order. */
export default function Connect({ modal, data }: ViewProps<{ namespace?: string } | undefined>) {
  const { wallets, router, i18n, views, options } = modal.kernel
  // Opened for one namespace (from the Account view's network list): wallets of other namespaces are left out.
  const only = data?.namespace
  const keep = (item: { data?: unknown }) => {
    const namespace = (item.data as { namespace?: string } | undefined)?.namespace
    return !only || namespace === undefined || namespace === only
  }
  const sections = useStore(wallets.$sections)
    .map(({ section, items }) => ({ section, items: items.filter(keep) }))
    .filter((s) => s.items.length > 0)
  const [graceOver, setGraceOver] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), DISCOVERY_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])

  // The full catalog, last (spec §9 allWallets feature), when a plugin provides the AllWallets view.
  const allWallets =
    options.features.allWallets !== false && views.has('AllWallets') ? (
      <button type="button" className="vb-item vb-item-more" data-testid="all-wallets" onClick={() => router.push('AllWallets')}>
        <span className="vb-item-name">{i18n.t('catalog.allWallets')}</span>
        <span aria-hidden="true">›</span>
      </button>
    ) : null

  if (sections.length === 0) {
    return (
      <>
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
      {allWallets}
      </>
    )
  }
  return (
    <>
    <ul className="vb-list" data-testid="wallet-list">
      {sections.flatMap(({ section, items }) =>
        items.map((item) => (
          <li key={`${section}:${item.id}`} data-section={section}>
            <button type="button" className="vb-item" data-wallet-id={item.id} disabled={item.disabled} onClick={() => router.push(item.view, item.data)}>
              <WalletImage src={item.imageUrl} name={item.name} />
              {item.hint ? (
                <span className="vb-item-text">
                  <span className="vb-item-name">{item.name}</span>
                  <span className="vb-item-hint">{i18n.t(item.hint)}</span>
                </span>
              ) : (
                <span className="vb-item-name">{item.name}</span>
              )}
              {item.tag ? <span className="vb-tag">{i18n.t(item.tag)}</span> : null}
            </button>
          </li>
        )),
      )}
    </ul>
    {allWallets ? <div className="vb-list-end">{allWallets}</div> : null}
    </>
  )
}
