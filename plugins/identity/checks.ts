/**
 * What the identity and profile endpoints answer is untrusted: a name is kept only when it is plain text in the
 * shape of a name and at most NAME_LIMIT characters, an avatar only when it passes the modal's image rule, an
 * address only when it is an EVM address. A name that passes for something else (a label reading as an address,
 * piled combining marks: see name-refusal.ts) is refused too. Anything else is refused, never cut into shape.
 * `accepts`, where given, is the registered chain plugins' address check: a label it accepts is refused as well.
 */
import type { CaipNetwork } from 'vestibule/kernel'
import { cleanText, safeImageUrl } from 'vestibule/utils'
import { nameRefusal } from 'vestibule/utils'
import { NAME_SHAPE } from './shape.js'

/** Longest name accepted from the API (a DNS name's bound); a longer one is refused. */
export const NAME_LIMIT = 255
/** Longest name shown; a longer one ends with "…". */
export const NAME_SHOWN = 48

/** The account's name and avatar as Account shows them; either may be missing. */
export interface Profile {
  name?: string
  avatar?: string
}

/** An address check of the registered chain plugins: whether `text` is an address of any of them. */
export type AddressCheck = (text: string) => boolean

/** Whether `value` is a name in a name's shape, at most NAME_LIMIT characters, that passes for nothing else. */
export const isPlainName = (value: unknown, accepts?: AddressCheck): value is string =>
  typeof value === 'string' && value.length <= NAME_LIMIT && NAME_SHAPE.test(value) && !nameRefusal(value, accepts)

/** A name as the API gives it, kept only when it is a plain-text name; shown cut to NAME_SHOWN characters. */
export function checkName(value: unknown, accepts?: AddressCheck): string | undefined {
  if (!isPlainName(value, accepts)) return undefined
  return cleanText(value, NAME_SHOWN) || undefined
}

/** An avatar URL kept only under the modal's image rule (https, loopback http, a small data: image). */
export const checkAvatar = (value: unknown): string | undefined => safeImageUrl(value)

/**
 * The identity endpoint's answer (`{ name, avatar }`, each a string or null) as a profile; undefined when the answer
 * does not have that shape (an array, a string, a field of another type), so nothing of it is shown or kept.
 */
export function checkIdentity(body: unknown, accepts?: AddressCheck): Profile | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const { name, avatar } = body as Record<string, unknown>
  const absent = (v: unknown) => v === null || v === undefined
  if ((!absent(name) && typeof name !== 'string') || (!absent(avatar) && typeof avatar !== 'string')) return undefined
  const profile: Profile = {}
  const shown = checkName(name, accepts)
  const image = checkAvatar(avatar)
  if (shown) profile.name = shown
  if (image) profile.avatar = image
  return profile
}

/** A profile record (`{ name, addresses: { [coinType]: { address } }, attributes: [{ avatar }] }`), as far as it is used. */
export interface NameRecord {
  name: string
  addresses: Record<string, string>
  avatar?: string
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A profile record from the API, or undefined when its shape is wrong; addresses that are not EVM addresses are dropped. */
export function checkRecord(body: unknown, accepts?: AddressCheck): NameRecord | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined
  const { name, addresses, attributes } = body as Record<string, unknown>
  if (!isPlainName(name, accepts)) return undefined
  if (!addresses || typeof addresses !== 'object' || Array.isArray(addresses)) return undefined
  const kept: Record<string, string> = {}
  for (const [coinType, entry] of Object.entries(addresses as Record<string, unknown>).slice(0, ADDRESSES_KEPT)) {
    const address = (entry as { address?: unknown } | null)?.address
    if (/^\d{1,10}$/.test(coinType) && typeof address === 'string' && EVM_ADDRESS.test(address)) kept[coinType] = address
  }
  const record: NameRecord = { name, addresses: kept }
  const list = Array.isArray(attributes) ? attributes.slice(0, 16) : []
  const avatar = list.map((a) => checkAvatar((a as { avatar?: unknown } | null)?.avatar)).find(Boolean)
  if (avatar) record.avatar = avatar
  return record
}

/** Most addresses a record keeps (API answers beyond it are cut; a stored record beyond it is refused). */
export const ADDRESSES_KEPT = 64

/**
 * A name record as this plugin stored it (`{ name, addresses: { [coinType]: address }, avatar? }`), checked again
 * when read back: anything that is not exactly that shape, a name or avatar the checks refuse, more than
 * ADDRESSES_KEPT addresses or one that is not an EVM address makes it undefined, never cut into shape.
 */
export function checkStoredRecord(value: unknown): NameRecord | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const { name, addresses, avatar, ...rest } = value as Record<string, unknown>
  if (Object.keys(rest).length || !isPlainName(name)) return undefined
  if (!addresses || typeof addresses !== 'object' || Array.isArray(addresses)) return undefined
  const entries = Object.entries(addresses as Record<string, unknown>)
  if (entries.length > ADDRESSES_KEPT) return undefined
  const kept: Record<string, string> = {}
  for (const [coinType, address] of entries) {
    if (!/^\d{1,10}$/.test(coinType) || typeof address !== 'string' || !EVM_ADDRESS.test(address)) return undefined
    kept[coinType] = address
  }
  const record: NameRecord = { name, addresses: kept }
  if (avatar !== undefined) {
    if (checkAvatar(avatar) !== avatar) return undefined
    record.avatar = avatar as string
  }
  return record
}

/** Ethereum's coin type; a name's EVM address stored under it stands for every EVM chain. */
export const EVM_COIN_TYPE = '60'

/**
 * The coin type of an EVM chain (ENSIP-11): the chain id with the high bit set; a chain id of 2^31 or more has
 * none ("Invalid chainId").
 */
export function coinTypeOf(chainId: number): string {
  if (!Number.isInteger(chainId) || chainId < 0 || chainId >= 0x80000000) throw new Error('Invalid chainId')
  return String((0x80000000 | chainId) >>> 0)
}

/** The address `record` gives for `network`: the chain's own coin type first, else the EVM-wide one. */
export function addressOn(record: NameRecord, network: CaipNetwork): string | undefined {
  const id = Number(network.id)
  const own = Number.isInteger(id) && id >= 0 && id < 0x80000000 ? record.addresses[coinTypeOf(id)] : undefined
  return own ?? record.addresses[EVM_COIN_TYPE]
}
