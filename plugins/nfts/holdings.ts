/**
 * The collectibles an account holds, read from the blockchain API's history: every NFT transfer of the account on
 * the active network, oldest first; a piece whose latest transfer came in is held. Spam-flagged pieces are hidden,
 * preview images follow the image rule, names are cleaned; whatever is malformed is skipped.
 */
import { cleanText, safeImageUrl } from 'vestibule/utils'

export interface Collectible {
  /** Name and preview together identify a piece in the history's NFT transfers. */
  key: string
  name: string
  imageUrl?: string
}

const obj = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

/** Held collectibles from history rows given newest first (as the API pages them), on `chainId` only. */
export function heldCollectibles(rows: readonly unknown[], chainId: string): Collectible[] {
  const latest = new Map<string, { piece: Collectible; held: boolean; spam: boolean }>()
  // Oldest first, so the last transfer seen for a piece decides.
  for (const raw of [...rows].reverse()) {
    const row = obj(raw)
    const metadata = obj(row?.metadata)
    if (!row || !metadata || metadata.chain !== chainId || !Array.isArray(row.transfers)) continue
    for (const transferRaw of row.transfers.slice(0, 50)) {
      const transfer = obj(transferRaw)
      const info = obj(transfer?.nft_info)
      if (!transfer || !info || (transfer.direction !== 'in' && transfer.direction !== 'out')) continue
      const name = typeof info.name === 'string' ? cleanText(info.name, 60) : ''
      if (!name) continue
      const imageUrl = safeImageUrl(obj(obj(info.content)?.preview)?.url)
      const key = `${name}\n${imageUrl ?? ''}`
      latest.set(key, {
        piece: { key, name, ...(imageUrl ? { imageUrl } : {}) },
        held: transfer.direction === 'in',
        spam: obj(info.flags)?.is_spam === true,
      })
    }
  }
  return [...latest.values()].filter((p) => p.held && !p.spam).map((p) => p.piece)
}
