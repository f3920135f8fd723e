/**
 * The message rules a sign-in must meet on this server, by the siwx plugin's own framework-free checks: the
 * format, the domain and URI of the page it came from, a network the host allows, and its times with the clock
 * skew allowed. The nonce (issued here, unused) is checked after, by taking it from the store.
 */
import { readSiwxMessage, verifySiwxMessage, type SiwxMessageFields, type SiwxProblem } from 'vestibule/plugins/siwx/messages'
import type { Settings } from './options.js'

export interface MessageVerdict {
  fields: Partial<SiwxMessageFields>
  problems: SiwxProblem[] | { reason: string; message: string }[]
}

const timeOf = (text: string | undefined) => (text === undefined ? NaN : Date.parse(text.toUpperCase()))

/** The fields of `message` and every rule it breaks for a sign-in from the page `origin`. */
export function checkMessage(message: string, origin: URL, settings: Settings): MessageVerdict {
  const now = settings.now()
  const { fields } = readSiwxMessage(message)
  const problems: { reason: string; message: string }[] = verifySiwxMessage(message, {
    domain: origin.host,
    scheme: origin.protocol.slice(0, -1),
    uri: origin.origin,
    now,
  })
  const skew = settings.skewMs
  // The times, with the skew allowed: an expiry just past and a start just ahead still pass.
  const kept = problems.filter(
    (p) =>
      !(p.reason === 'expired' && timeOf(fields.expirationTime) > now - skew) &&
      !(p.reason === 'not-yet-valid' && timeOf(fields.notBefore) <= now + skew),
  )
  const bad = (reason: string, text: string) => void kept.push({ reason, message: text })
  const issued = timeOf(fields.issuedAt)
  if (issued > now + skew) bad('issued-at', `the message was issued at ${fields.issuedAt}, ahead of this server's clock`)
  if (issued < now - settings.nonceTtlMs - skew)
    bad('issued-at', `the message was issued at ${fields.issuedAt}, before its nonce could have been`)
  if (fields.chainId !== undefined && !kept.some((p) => p.reason === 'chain') && !settings.allowsChain(fields.chainId))
    bad('chain', `accounts on ${fields.chainId} cannot sign in here`)
  if ((fields.resources?.length ?? 0) > settings.maxResources)
    bad('resources', `the message lists ${fields.resources!.length} resources, more than ${settings.maxResources}`)
  return { fields, problems: kept }
}
