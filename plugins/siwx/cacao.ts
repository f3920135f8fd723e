/**
 * A signed sign-in as a CACAO (CAIP-74): header, payload and signature, the payload being the message's fields
 * under CACAO's names. The header is "eip4361" for eip155 messages and "caip122" for the other families; the issuer
 * is the account as a did:pkh (its CAIP-10 id); the audience is the message's URI. The signature's type names the
 * family's scheme: "eip191" (personal_sign), "solana:ed25519", "polkadot:sr25519" (signRaw's default key type),
 * and for bip122 "bip122:ecdsa" for a 65-byte legacy signed message, else "bip122:bip322-simple". Framework-free.
 */
import type { SiwxMessageFields } from './messages.js'

export interface CacaoHeader {
  t: 'eip4361' | 'caip122'
}

export interface CacaoPayload {
  domain: string
  /** did:pkh:<CAIP-10 account id>. */
  iss: string
  /** The message's URI. */
  aud: string
  version: string
  nonce: string
  iat: string
  nbf?: string
  exp?: string
  statement?: string
  requestId?: string
  resources?: string[]
}

export interface CacaoSignature {
  t: string
  s: string
}

export interface Cacao {
  h: CacaoHeader
  p: CacaoPayload
  s: CacaoSignature
}

const namespaceOf = (chainId: string) => chainId.slice(0, Math.max(0, chainId.indexOf(':')))

/** A 65-byte signature in padded base64 (88 characters): the legacy signed-message format. */
const isLegacyBitcoin = (signature: string) => /^[A-Za-z0-9+/]{87}=$/.test(signature)

/** The CAIP-74 signature type of `signature` made by an account of `namespace`. */
export function signatureType(namespace: string, signature: string): string {
  if (namespace === 'eip155') return 'eip191'
  if (namespace === 'solana') return 'solana:ed25519'
  if (namespace === 'polkadot') return 'polkadot:sr25519'
  if (namespace === 'bip122') return isLegacyBitcoin(signature) ? 'bip122:ecdsa' : 'bip122:bip322-simple'
  return `${namespace}:unknown`
}

/** The CACAO of a signed message: `fields` as parsed from the text the wallet signed, `signature` as it returned it. */
export function createCacao(fields: SiwxMessageFields, signature: string): Cacao {
  const namespace = namespaceOf(fields.chainId)
  const p: CacaoPayload = {
    domain: fields.domain,
    iss: `did:pkh:${fields.chainId}:${fields.accountAddress}`,
    aud: fields.uri,
    version: fields.version,
    nonce: fields.nonce,
    iat: fields.issuedAt,
  }
  if (fields.notBefore !== undefined) p.nbf = fields.notBefore
  if (fields.expirationTime !== undefined) p.exp = fields.expirationTime
  if (fields.statement !== undefined) p.statement = fields.statement
  if (fields.requestId !== undefined) p.requestId = fields.requestId
  if (fields.resources !== undefined) p.resources = [...fields.resources]
  return { h: { t: namespace === 'eip155' ? 'eip4361' : 'caip122' }, p, s: { t: signatureType(namespace, signature), s: signature } }
}
