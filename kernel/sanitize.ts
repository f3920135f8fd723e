/**
 * Wallet-supplied display data (EIP-6963 info, Wallet Standard wallets, WalletConnect peer metadata) is
 * untrusted: chain and feature plugins pass names and icons through these before they reach the UI.
 */

/** Icons are rendered as <img src>: only image data URIs and http(s) URLs, never script-capable schemes. */
export const safeIcon = (icon: unknown): string | undefined =>
  typeof icon === 'string' && /^(data:image\/[a-z0-9.+-]+[;,]|https?:\/\/)/i.test(icon) && icon.length < 200_000 ? icon : undefined

/** A wallet name fit for display: no C0/C1 control characters, DEL or angle brackets, at most 64 characters. */
export const cleanName = (name: unknown) => (typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f-\u009f<>]/g, '').trim().slice(0, 64) : '')
