// Part of the session module (loaded on first use), with the SS58 encoder.
import { defineAddressRules } from 'vestibule/kernel'
import { addressProblem } from './extensions.js'
import type { PolkadotNetwork } from './networks.js'
import { decodeAddress } from './ss58.js'
import { encodeAddress } from './ss58-encode.js'

/**
 * SS58 with a valid checksum and the network's prefix (an address of another network is refused, not converted:
 * it may be a mistake). The normal form is the account's key encoded with that prefix.
 */
export const rules = defineAddressRules(
  (value, network) => addressProblem(value, network),
  (value, network) => encodeAddress(decodeAddress(value)!.publicKey, (network as PolkadotNetwork).custom.ss58Prefix),
)
