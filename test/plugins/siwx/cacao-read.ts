/** Reads a CACAO back into the fields of a sign-in message, so a test can build the text it stands for. */
import type { Cacao } from '../../../plugins/siwx/cacao.js'
import type { SiwxMessageFields } from '../../../plugins/siwx/messages.js'

/** The message fields a CACAO carries: its issuer's did:pkh gives the chain and the account. */
export function fieldsOfCacao(cacao: Cacao): SiwxMessageFields {
  const issuer = /^did:pkh:([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(cacao.p.iss)
  if (!issuer) throw new Error(`issuer ${cacao.p.iss} is not a did:pkh`)
  const { domain, aud, version, nonce, iat, nbf, exp, statement, requestId, resources } = cacao.p
  return {
    domain,
    accountAddress: issuer[2]!,
    chainId: issuer[1]!,
    ...(statement !== undefined ? { statement } : {}),
    uri: aud,
    version,
    nonce,
    issuedAt: iat,
    ...(exp !== undefined ? { expirationTime: exp } : {}),
    ...(nbf !== undefined ? { notBefore: nbf } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(resources !== undefined ? { resources } : {}),
  }
}
