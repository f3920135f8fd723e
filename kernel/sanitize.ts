/**
 * Wallet-supplied display data (EIP-6963 info, Wallet Standard wallets, WalletConnect peer metadata) is
 * untrusted: chain and feature plugins pass names and icons through these before they reach the UI.
 */

/** Icons are rendered as <img src>: only image data URIs and http(s) URLs, never script-capable schemes. */
export const safeIcon = (icon: unknown): string | undefined =>
  typeof icon === 'string' && /^(data:image\/[a-z0-9.+-]+[;,]|https?:\/\/)/i.test(icon) && icon.length < 200_000 ? icon : undefined

/**
 * Characters a name must not carry: C0/C1 controls, DEL, angle brackets, bidirectional controls (which can make
 * "\u202eksaMateM" read "MetaMask") and zero-width characters (which can make a name look empty or like another).
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f<>\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g

/**
 * A name fit for display, for every name from a wallet, a catalog, WalletConnect or storage: unsafe characters
 * removed, trimmed, at most 64 characters without splitting a surrogate pair. '' when nothing is left; callers
 * show a generic name then.
 */
export const cleanName = (name: unknown) => (typeof name === 'string' ? Array.from(name.replace(UNSAFE, '').trim()).slice(0, 64).join('').trim() : '')
