// Loaded with import() by the adapter's addressRules(): keccak-256 for the EIP-55 checksum stays out of the eager part.
import { defineAddressRules } from 'vestibule/kernel'
import { hasValidChecksum, toChecksum } from './checksum.js'

/**
 * EVM addresses as people type them: 40 hex digits with or without `0x` (not `0X`); in mixed case the letters must
 * match the EIP-55 checksum, so one mistyped letter is caught. The normal form is `0x` with the checksum.
 */
export const rules = defineAddressRules(
  (value) => {
    const text = value.slice(0, 100)
    if (!/^(0x)?[0-9a-fA-F]{40}$/.test(value)) return `Invalid EVM address: "${text}" (expected 0x and 40 hex digits)`
    if (!hasValidChecksum(value.slice(-40)))
      return `Invalid EVM address: "${text}" does not match its EIP-55 checksum (check for a mistyped letter)`
    return undefined
  },
  (value) => `0x${toChecksum(value.slice(-40))}`,
)
