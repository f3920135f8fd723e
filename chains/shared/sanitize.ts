/**
 * Wallet-supplied display data (EIP-6963 info, Wallet Standard wallets) is untrusted: the chain plugins pass
 * names and icons through these before a connector reaches the UI. Kept apart from the discovery protocols so
 * every plugin's eager part can import them without pulling in anything else.
 */

/** Icons are rendered as <img src>: only image data URIs and http(s) URLs, never script-capable schemes. */
export const safeIcon = (icon: unknown) =>
  typeof icon === 'string' && /^(data:image\/[a-z0-9.+-]+[;,]|https?:\/\/)/i.test(icon) && icon.length < 200_000 ? icon : undefined

/** A wallet name fit for display: no C0/C1 control characters, DEL or angle brackets, at most 64 characters. */
export const cleanName = (name: unknown) => (typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f-\u009f<>]/g, '').trim().slice(0, 64) : '')
