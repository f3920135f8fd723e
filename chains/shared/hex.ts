/** A text as `0x`-prefixed hex of its UTF-8 bytes, the form wallets take a message to sign in. */
export const utf8ToHex = (text: string) =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`
