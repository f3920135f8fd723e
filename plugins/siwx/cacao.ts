/**
 * A signed sign-in as a CACAO (CAIP-74): header, payload and signature, the payload being the message's fields
 * under CACAO's names. The issuer is the account as a did:pkh (its CAIP-10 id); the audience is the message's URI.
 * The signature's type is the one the account's chain plugin names (its `signatureType` chain feature: "eip191",
 * "solana:ed25519" …); the header is "eip4361" for an EIP-191 signature, else "caip122". Framework-free.
 */
import { chainFeatureOf } from 'vestibule/kernel'
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

/** The CAIP-74 signature type of `signature` made by an account of `namespace`: its chain plugin's `signatureType`. */
export function signatureType(namespace: string, signature: string): string {
  return chainFeatureOf(namespace, 'signatureType')?.(signature) ?? `${namespace}:unknown`
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
  const type = signatureType(namespace, signature)
  // An EIP-191 signature is a Sign-In with Ethereum message's (EIP-4361).
  return { h: { t: type === 'eip191' ? 'eip4361' : 'caip122' }, p, s: { t: type, s: signature } }
}
