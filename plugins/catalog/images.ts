/**
 * The provider API's image endpoints (each answers an image for an id) and the images service other plugins reach
 * through `Capabilities.Images`. Image addresses carry the modal's `projectId`, `st` and `sv` like every provider call.
 */
import type { HttpClient, ImagesService } from 'vestibule/kernel'

export const IMAGE_PATHS = { wallet: '/getWalletImage', asset: '/public/getAssetImage', currency: '/public/getCurrencyImage', token: '/public/getTokenImage' } as const

/** The longest id an image is asked for; a longer or blank one names no image. */
export const MAX_IMAGE_ID = 200

/** The address of `kind`'s image for `id` (the id path-encoded). */
export const imageUrl = (http: Pick<HttpClient, 'url'>, kind: keyof typeof IMAGE_PATHS, id: string) => http.url(`${IMAGE_PATHS[kind]}/${encodeURIComponent(id)}`)

/** Currency and token images for other plugins; an id that is not a non-blank string of at most 200 characters has none. */
export function createImagesService(http: Pick<HttpClient, 'url'>): ImagesService {
  const of = (kind: 'currency' | 'token') => (id: string) => (typeof id === 'string' && id.trim() && id.length <= MAX_IMAGE_ID ? imageUrl(http, kind, id) : undefined)
  return { currency: of('currency'), token: of('token') }
}
