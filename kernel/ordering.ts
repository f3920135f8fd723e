/**
 * Ordering rules, as pure functions over what plugins put into slots and wallet sections. Configured order
 * first; the rest by the rank each entry's plugin declares, then in registration order.
 */

/** `configured` entries that are known, without repeats, then the rest of `defaults` in their order. */
export function orderWith<T extends string>(defaults: readonly T[], configured?: readonly string[]): T[] {
  const known = new Set<string>(defaults)
  const head = [...new Set((configured ?? []).filter((entry) => known.has(entry)))] as T[]
  return [...head, ...defaults.filter((entry) => !head.includes(entry))]
}

/** An entry placed by its declared rank (`order`, lower first; `fallback` when it declares none). */
export interface Ranked {
  readonly id: string
  readonly order?: number
}

/**
 * The ids of `entries` without repeats: those named in `configured` first, in that order (unknown names are
 * dropped), then the rest by their rank, equal ranks in the order they were given. The first entry of an id
 * gives its rank.
 */
export function orderByRank(entries: readonly Ranked[], configured?: readonly string[], fallback = 0): string[] {
  const ids = [...new Set(entries.map((e) => e.id))]
  const rank = new Map<string, number>()
  for (const e of entries) if (!rank.has(e.id)) rank.set(e.id, e.order ?? fallback)
  const byRank = ids
    .map((id, i) => ({ id, i }))
    .sort((a, b) => rank.get(a.id)! - rank.get(b.id)! || a.i - b.i)
    .map((e) => e.id)
  return orderWith(byRank, configured)
}
