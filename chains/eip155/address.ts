/**
 * The structural EVM address rule: an optional `0x` prefix plus 40 hex characters, letter case not checked. The
 * chain adapter uses it for what a wallet or the host hands over; for what a person types, `isChecksumAddress`
 * also checks the EIP-55 checksum.
 */
export function isAddress(value: string): boolean {
  return typeof value === 'string' && /^(0x)?[0-9a-fA-F]{40}$/.test(value)
}
