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
