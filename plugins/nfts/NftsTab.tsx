import { useEffect, useState } from 'react'
import type { CaipNetworkId } from 'vestibule/kernel'
import { EmptyState, ErrorState, LoadingState, useStore, type TabProps } from 'vestibule/ui'
import { heldCollectibles, type Collectible } from './holdings.js'

/** History pages read to find what the account holds (20 transactions each). */
const MAX_PAGES = 10

type Load = { status: 'loading' | 'ready' | 'error' | 'unavailable'; pieces: Collectible[] }

/** The NFTs tab: a grid of the collectibles the account holds, with lazily loaded previews. */
export default function NftsTab({ ctx }: TabProps) {
  const { i18n, state, chains, blockchainApi } = ctx
  const snapshot = useStore(state.$snapshot)
  const [load, setLoad] = useState<Load>({ status: 'loading', pieces: [] })
  const [attempt, setAttempt] = useState(0)
  const { namespace, address, caipNetworkId } = snapshot

  useEffect(() => {
    if (!namespace || !address || !caipNetworkId) return
    if (!chains.get(namespace)?.capabilities.has('history')) return setLoad({ status: 'unavailable', pieces: [] })
    let live = true
    setLoad({ status: 'loading', pieces: [] })
    void (async () => {
      const rows: unknown[] = []
      let cursor: string | undefined
      await blockchainApi.supportedChains()
      for (let page = 0; page < MAX_PAGES; page++) {
        const body = await blockchainApi.get<{ data?: unknown; next?: unknown }>(
          caipNetworkId as CaipNetworkId,
          `v1/account/${encodeURIComponent(address)}/history`,
          { data: [], next: null },
          { query: { chainId: caipNetworkId, ...(cursor ? { cursor } : {}) } },
        )
        if (Array.isArray(body?.data)) rows.push(...body.data.slice(0, 200))
        const next = typeof body?.next === 'string' && body.next.length <= 200 && body.next !== cursor ? body.next : undefined
        if (!next) break
        cursor = next
      }
      if (live) setLoad({ status: 'ready', pieces: heldCollectibles(rows, caipNetworkId) })
    })().catch(() => live && setLoad({ status: 'error', pieces: [] }))
    return () => {
      live = false
    }
  }, [namespace, address, caipNetworkId, chains, blockchainApi, attempt])

  if (load.status === 'unavailable') return <EmptyState title={i18n.t('nfts.unavailable', { network: snapshot.caipNetwork?.name ?? '' })} />
  if (load.status === 'error')
    return <ErrorState message={i18n.t('nfts.failed')} retryLabel={i18n.t('nfts.retry')} onRetry={() => setAttempt((n) => n + 1)} />
  if (load.status === 'loading') return <LoadingState label={i18n.t('nfts.loading')} />
  if (!load.pieces.length) return <EmptyState title={i18n.t('nfts.empty')} hint={i18n.t('nfts.emptyHint')} />
  return (
    <ul className="vb-nfts" data-testid="nfts" aria-label={i18n.t('nfts.list')}>
      {load.pieces.map((piece) => (
        <li key={piece.key} className="vb-nft" data-testid="nft">
          {piece.imageUrl ? (
            <img src={piece.imageUrl} alt="" loading="lazy" decoding="async" referrerPolicy="no-referrer" width={140} height={140} />
          ) : (
            <span className="vb-nft-blank" aria-hidden="true" />
          )}
          <span className="vb-nft-name">{piece.name}</span>
        </li>
      ))}
    </ul>
  )
}

export const styles = `.vb-nfts { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.vb-nft { display: grid; gap: 6px; padding: 8px; border-radius: var(--vb-radius, 12px); background: var(--vb-color-surface); }
.vb-nft img, .vb-nft-blank { width: 100%; height: auto; aspect-ratio: 1; border-radius: 8px; object-fit: cover; background: var(--vb-color-surface-hover); display: block; }
.vb-nft-name { font-size: 13px; text-align: center; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }`
