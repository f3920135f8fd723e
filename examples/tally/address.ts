/** An account is its ed25519 public key: 64 lowercase hex digits. */
export const isAddress = (value: unknown): boolean => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)
/** Why `value` is not a Tally address, or undefined when it is one. */
export const problem = (value: string) =>
  isAddress(value) ? undefined : `"${value.slice(0, 80)}" is not a Tally address (64 lowercase hex digits)`
