import type { CaipNetwork, HttpClient } from '../../kernel/index.js'
import { safeImageUrl } from '../../kernel/sanitize.js'

/**
 * A network's image: the host's `assets.imageUrl` when the image rule allows it (https, loopback http, an inline
 * image), else the provider's asset image for `assets.imageId` (through the modal's `http` client).
 */
export function networkImageUrl(network: CaipNetwork, http?: Pick<HttpClient, 'url'>): string | undefined {
  const own = safeImageUrl(network.assets?.imageUrl)
  if (own) return own
  const id = network.assets?.imageId
  return id && http ? http.url(`/public/getAssetImage/${encodeURIComponent(id)}`) : undefined
}

/** The longest id a provider image is asked for; a longer or blank one names no image. */
export const MAX_IMAGE_ID = 200

/**
 * The provider's image of a payment (fiat) currency (`/public/getCurrencyImage/{id}`) or of a token
 * (`/public/getTokenImage/{id}`, by its symbol), addressed like the catalog's wallet images: the id path-encoded,
 * the modal's `projectId`, `st` and `sv` in the query. Undefined for an id that cannot name one.
 */
export function providerImageUrl(kind: 'currency' | 'token', id: string, http: Pick<HttpClient, 'url'>): string | undefined {
  if (typeof id !== 'string' || !id.trim() || id.length > MAX_IMAGE_ID) return undefined
  return http.url(`/public/${kind === 'currency' ? 'getCurrencyImage' : 'getTokenImage'}/${encodeURIComponent(id)}`)
}
