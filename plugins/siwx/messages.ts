/**
 * Sign-in messages as text: EIP-4361 for eip155 accounts, CAIP-122 for solana, polkadot and bip122 accounts. Built,
 * parsed (parse then build gives the same bytes) and checked against what a server expects. Framework-free: a
 * server imports it alone, as `vestibule/plugins/siwx/messages`.
 */
export { createCacao, signatureType, type Cacao, type CacaoHeader, type CacaoPayload, type CacaoSignature } from './cacao.js'
import { chainFeatureOf } from 'vestibule/kernel'
import {
  isAccountAddress,
  isAuthority,
  isChainReference,
  isDateTime,
  isNonce,
  isRequestId,
  isStatement,
  isUri,
  NONCE_MAX,
  readsAsLine,
  SCHEME,
  timeOf,
} from './grammar.js'

/** The fields of a sign-in message. Times are RFC 3339 text, kept as written so a parsed message builds back the same. */
export interface SiwxMessageFields {
  /** The scheme written before the domain ("https" in "https://example.com wants you …"), when the text has one. */
  scheme?: string
  /** RFC 3986 authority of the site asking: host and optional port. */
  domain: string
  accountAddress: string
  /** CAIP-2 network id: "eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" … */
  chainId: string
  /**
   * The chain the header names ("… with your Litecoin account:") when it is not the namespace's own name (see
   * ACCOUNT_NAMES): a Bitcoin-like chain (bip122) the format knows names itself (Litecoin).
   */
  blockchain?: string
  /** One line; absent leaves the statement out, '' writes it empty. */
  statement?: string
  uri: string
  version: string
  /** 8 to 128 letters or digits. */
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

/** Why a message is refused: each a field or rule of the message format, or a check against what was expected. */
export type SiwxFailure =
  | 'header'
  | 'domain'
  | 'address'
  | 'statement'
  | 'uri'
  | 'version'
  | 'chain'
  | 'nonce'
  | 'issued-at'
  | 'expiration-time'
  | 'not-before'
  | 'request-id'
  | 'resources'
  | 'missing-line'
  | 'extra-line'
  | 'expired'
  | 'not-yet-valid'
  /** A value of the expectation itself cannot be checked (a `now` that is not a time). */
  | 'expectation'

export interface SiwxProblem {
  reason: SiwxFailure
  message: string
}

/**
 * Whether `address` is an account on `chainId` (CAIP-2) by that chain's own rules: base58 of 32 bytes for a Solana
 * account, SS58 with the network's prefix for Polkadot … A chain plugin's `isAddress` is one.
 */
export type SiwxAddressCheck = (address: string, chainId: string) => boolean

/** Rules a caller adds to the message format's own. */
export interface SiwxRules {
  /**
   * Address rules by CAIP-2 namespace (`{ solana: isAddress }`). Without one, a namespace's address is held to the
   * format's syntax alone (CAIP-10 characters; EIP-55 for eip155). A family the format does not name is read from
   * a message's header only when it is listed here (its chain plugin gives the name, `signInName`).
   */
  addresses?: Readonly<Record<string, SiwxAddressCheck | undefined>>
}

/** The account names the message header gives each namespace ("… with your Ethereum account:"). */
export const ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
}
const HEADER = / wants you to sign in with your (.+) account:$/
/** Bitcoin-like chains (bip122) whose messages name the chain itself rather than Bitcoin. */
const BIP122_CHAINS: readonly string[] = ['Litecoin']

/**
 * The name a family the format does not name gives its accounts (its chain plugin's `signInName`): a short word
 * that no other family uses, else undefined (the family then has no sign-in message).
 */
function ownName(namespace: string): string | undefined {
  let name: unknown
  try {
    name = chainFeatureOf(namespace, 'signInName')?.()
  } catch {
    return undefined
  }
  if (typeof name !== 'string' || !/^[A-Z][A-Za-z0-9 .-]{0,31}$/.test(name)) return undefined
  return Object.values(ACCOUNT_NAMES).includes(name) || BIP122_CHAINS.includes(name) ? undefined : name
}

/** The name the message header gives an account of `namespace`; undefined for a family without a sign-in message. */
const accountName = (namespace: string): string | undefined => ACCOUNT_NAMES[namespace] ?? (namespace ? ownName(namespace) : undefined)

/**
 * The name the header gives an account on a network of `namespace` whose token is `currency` ("Litecoin"): a
 * Bitcoin-like chain the format knows names itself; undefined where the namespace's own name applies.
 */
export function blockchainName(namespace: string, currency: string | undefined): string | undefined {
  return namespace === 'bip122' && typeof currency === 'string' && BIP122_CHAINS.includes(currency) ? currency : undefined
}

/**
 * The namespace whose messages a header's chain name stands for: a namespace's own name, a Bitcoin-like chain's, or
 * the name a family of `rules.addresses` gives its accounts (its chain plugin's `signInName`).
 */
export function namespaceNamed(name: string, rules?: SiwxRules): string | undefined {
  const own = Object.keys(ACCOUNT_NAMES).find((ns) => ACCOUNT_NAMES[ns] === name)
  return (
    own ??
    (BIP122_CHAINS.includes(name) ? 'bip122' : Object.keys(rules?.addresses ?? {}).find((ns) => !ACCOUNT_NAMES[ns] && ownName(ns) === name))
  )
}

const TAGS = ['URI', 'Version', 'Chain ID', 'Nonce', 'Issued At', 'Expiration Time', 'Not Before', 'Request ID', 'Resources'] as const
type Tag = (typeof TAGS)[number]
const REQUIRED = 5

/** The error `createSiwxMessage` and `parseSiwxMessage` throw: `problems` names every way the message is wrong. */
export const SiwxMessageError = /* @__PURE__ */ (() =>
  class SiwxMessageError extends Error {
    readonly problems: readonly SiwxProblem[]
    constructor(problems: readonly SiwxProblem[]) {
      super(`Invalid sign-in message: ${problems.map((p) => p.message).join('; ')}`)
      this.name = 'SiwxMessageError'
      this.problems = problems
    }
  })()
export type SiwxMessageError = InstanceType<typeof SiwxMessageError>

const namespaceOf = (chainId: string) => chainId.slice(0, Math.max(0, chainId.indexOf(':')))
const referenceOf = (chainId: string) => chainId.slice(chainId.indexOf(':') + 1)

/** Whether the caller's rule for the namespace takes `address` on `chainId`; true without a rule, false when it throws. */
function chainAccepts(rules: SiwxRules | undefined, namespace: string, address: string, chainId: string): boolean {
  const check = rules?.addresses?.[namespace]
  if (typeof check !== 'function') return true
  try {
    return check(address, chainId) === true
  } catch {
    return false
  }
}

/**
 * Every way `fields` break the message format (empty when they make a valid message); `rules` adds the chains' own
 * address rules.
 */
export function checkSiwxFields(fields: Partial<SiwxMessageFields>, rules?: SiwxRules): SiwxProblem[] {
  const out: SiwxProblem[] = []
  const bad = (reason: SiwxFailure, message: string) => out.push({ reason, message })
  const namespace = namespaceOf(fields.chainId ?? '')
  if (!accountName(namespace) || !isChainReference(namespace, referenceOf(fields.chainId!)))
    bad('chain', `chain id "${fields.chainId ?? ''}" is not a CAIP-2 id of a namespace with a sign-in message`)
  if (fields.blockchain !== undefined && namespaceNamed(fields.blockchain, rules) !== namespace)
    bad('header', `"${String(fields.blockchain).slice(0, 40)}" is not a name the header can give a ${namespace || 'chain'} account`)
  if (fields.scheme !== undefined && !SCHEME.test(fields.scheme)) bad('domain', `scheme "${fields.scheme}" is not an RFC 3986 scheme`)
  if (!isAuthority(fields.domain ?? '')) bad('domain', `domain "${fields.domain ?? ''}" is not an RFC 3986 authority`)
  if (!accountName(namespace) || !isAccountAddress(namespace, fields.accountAddress ?? '')) {
    bad(
      'address',
      namespace === 'eip155'
        ? `address "${fields.accountAddress ?? ''}" is not an EIP-55 checksummed address`
        : `address "${fields.accountAddress ?? ''}" is not an account address`,
    )
  } else if (!chainAccepts(rules, namespace, fields.accountAddress!, fields.chainId!)) {
    bad('address', `address "${fields.accountAddress}" is not a ${accountName(namespace)} account address on ${fields.chainId}`)
  }
  if (fields.statement !== undefined && !isStatement(fields.statement))
    bad('statement', 'the statement holds a line break or a character the message format does not allow')
  else if (fields.statement !== undefined && readsAsLine(fields.statement))
    bad('statement', `the statement "${fields.statement.slice(0, 80)}" reads as a line of the message (a field or another sign-in header)`)
  if (!isUri(fields.uri ?? '')) bad('uri', `URI "${fields.uri ?? ''}" is not an RFC 3986 URI`)
  if (fields.version !== '1') bad('version', `version "${fields.version ?? ''}" is not 1`)
  if (!isNonce(fields.nonce ?? '')) bad('nonce', `the nonce must be 8 to ${NONCE_MAX} letters or digits`)
  if (!isDateTime(fields.issuedAt ?? '')) bad('issued-at', `issued-at "${fields.issuedAt ?? ''}" is not an RFC 3339 date-time`)
  if (fields.expirationTime !== undefined && !isDateTime(fields.expirationTime))
    bad('expiration-time', `expiration time "${fields.expirationTime}" is not an RFC 3339 date-time`)
  if (fields.notBefore !== undefined && !isDateTime(fields.notBefore))
    bad('not-before', `not-before "${fields.notBefore}" is not an RFC 3339 date-time`)
  if (fields.requestId !== undefined && !isRequestId(fields.requestId))
    bad('request-id', 'the request id holds a character the message format does not allow')
  for (const resource of fields.resources ?? []) if (!isUri(resource)) bad('resources', `resource "${resource}" is not an RFC 3986 URI`)
  return out
}

/** The message text of `fields`; throws SiwxMessageError naming every field that breaks the format (and `rules`). */
export function createSiwxMessage(fields: SiwxMessageFields, rules?: SiwxRules): string {
  const problems = checkSiwxFields(fields, rules)
  if (problems.length) throw new SiwxMessageError(problems)
  const namespace = namespaceOf(fields.chainId)
  const lines = [
    `${fields.scheme !== undefined ? `${fields.scheme}://` : ''}${fields.domain} wants you to sign in with your ${fields.blockchain ?? accountName(namespace)} account:`,
    fields.accountAddress,
    '',
  ]
  if (fields.statement !== undefined) lines.push(fields.statement)
  lines.push(
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${referenceOf(fields.chainId)}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  )
  if (fields.expirationTime !== undefined) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore !== undefined) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId !== undefined) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources !== undefined) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

/** Reads the header, address and statement block; returns where the tagged lines start. */
function readHead(
  lines: readonly string[],
  fields: Partial<SiwxMessageFields> & { namespace?: string },
  bad: (reason: SiwxFailure, message: string) => void,
  rules?: SiwxRules,
): number {
  const header = HEADER.exec(lines[0] ?? '')
  if (!header) bad('header', 'the first line is not "<domain> wants you to sign in with your <chain> account:"')
  else {
    const origin = lines[0]!.slice(0, header.index)
    const at = origin.indexOf('://')
    if (at >= 0) fields.scheme = origin.slice(0, at)
    fields.domain = at >= 0 ? origin.slice(at + 3) : origin
    fields.namespace = namespaceNamed(header[1]!, rules)
    if (!fields.namespace) bad('header', `"${header[1]!.slice(0, 40)}" accounts have no sign-in message format here`)
    else if (accountName(fields.namespace) !== header[1]) fields.blockchain = header[1]
  }
  fields.accountAddress = lines[1] ?? ''
  if (lines[2] !== '') {
    bad(lines[2] === undefined ? 'missing-line' : 'extra-line', 'a blank line must follow the address')
    return 2
  }
  // address LF LF [ statement LF ] LF "URI: …"
  if (lines[3] === '' && lines[4] === '') return ((fields.statement = ''), 5)
  if (lines[3] === '') return 4
  if (lines[3] === undefined || lines[3].startsWith('URI: ')) {
    bad('missing-line', 'the blank lines around the statement are missing')
    return 3
  }
  fields.statement = lines[3]
  if (lines[4] !== '') {
    bad('missing-line', 'a blank line must follow the statement')
    return 4
  }
  return 5
}

/** Reads the tagged lines from `start`, each once and in order, resources last. */
function readTags(
  lines: readonly string[],
  start: number,
  fields: Partial<SiwxMessageFields>,
  bad: (reason: SiwxFailure, message: string) => void,
): void {
  const seen = new Set<Tag>()
  let next = 0
  let inResources = false
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!
    if (inResources && line.startsWith('- ')) {
      ;(fields.resources as string[]).push(line.slice(2))
      continue
    }
    const index = TAGS.findIndex((tag) => (tag === 'Resources' ? line === 'Resources:' : line.startsWith(`${tag}: `)))
    if (index < next) {
      bad('extra-line', `line ${i + 1} ("${line.slice(0, 40)}") is not part of the message format`)
      continue
    }
    for (let skipped = next; skipped < index && skipped < REQUIRED; skipped++)
      bad('missing-line', `the "${TAGS[skipped]}:" line is missing`)
    const tag = TAGS[index]!
    seen.add(tag)
    next = index + 1
    const value = line.slice(tag.length + 2)
    if (tag === 'Resources') (inResources = true), (fields.resources = [])
    else if (tag === 'URI') fields.uri = value
    else if (tag === 'Version') fields.version = value
    else if (tag === 'Chain ID') fields.chainId = value
    else if (tag === 'Nonce') fields.nonce = value
    else if (tag === 'Issued At') fields.issuedAt = value
    else if (tag === 'Expiration Time') fields.expirationTime = value
    else if (tag === 'Not Before') fields.notBefore = value
    else fields.requestId = value
  }
  for (let missing = next; missing < REQUIRED; missing++) bad('missing-line', `the "${TAGS[missing]}:" line is missing`)
}

/**
 * The fields of `text` as far as they can be read, and every way the text breaks the format: lines missing, extra
 * or out of order, and fields that break their rule. Nothing is thrown.
 */
export function readSiwxMessage(text: string, rules?: SiwxRules): { fields: Partial<SiwxMessageFields>; problems: SiwxProblem[] } {
  const problems: SiwxProblem[] = []
  const bad = (reason: SiwxFailure, message: string) => void problems.push({ reason, message })
  if (typeof text !== 'string') return { fields: {}, problems: [{ reason: 'header', message: 'a sign-in message is text' }] }
  if (text.includes('\r')) bad('extra-line', 'lines end with a line feed alone, not a carriage return')
  const lines = text.split(/\r?\n/)
  const read: Partial<SiwxMessageFields> & { namespace?: string } = {}
  readTags(lines, readHead(lines, read, bad, rules), read, bad)
  const { namespace, ...fields } = read
  const reference = fields.chainId
  if (namespace && reference !== undefined) fields.chainId = `${namespace}:${reference}`
  const seen = new Set(problems.map((p) => p.reason))
  // The format's own field rules, once per field (a missing line already said so).
  for (const problem of checkSiwxFields({ ...fields, chainId: fields.chainId ?? `${namespace ?? ''}:` }, rules)) {
    if (problem.reason === 'chain' && (!namespace || reference === undefined)) continue
    if (problem.reason === 'address' && !namespace) continue
    if (problem.reason === 'domain' && fields.domain === undefined) continue
    if (!seen.has(problem.reason) && !(isMissing(problem.reason, fields) && seen.has('missing-line'))) problems.push(problem)
  }
  return { fields, problems }
}

const isMissing = (reason: SiwxFailure, fields: Partial<SiwxMessageFields>) =>
  (reason === 'uri' && fields.uri === undefined) ||
  (reason === 'version' && fields.version === undefined) ||
  (reason === 'nonce' && fields.nonce === undefined) ||
  (reason === 'issued-at' && fields.issuedAt === undefined)

/** The fields of a sign-in message; throws SiwxMessageError naming every problem when `text` is not one (by `rules` too). */
export function parseSiwxMessage(text: string, rules?: SiwxRules): SiwxMessageFields {
  const { fields, problems } = readSiwxMessage(text, rules)
  if (problems.length) throw new SiwxMessageError(problems)
  return fields as SiwxMessageFields
}

/**
 * What a server expects of a message: each given value must match; `now` (default: the clock) checks the times;
 * `addresses` adds the chains' own address rules.
 */
export interface SiwxExpectation extends SiwxRules {
  domain?: string
  scheme?: string
  uri?: string
  chainId?: string
  address?: string
  nonce?: string
  statement?: string
  requestId?: string
  now?: Date | number
}

/**
 * Every reason `message` (text or fields) is not a valid sign-in for `expected`: the format's own rules, then each
 * expected value (domain, URI, chain, address, nonce …), then the times (expired, not yet valid). Empty when valid.
 */
export function verifySiwxMessage(message: string | SiwxMessageFields, expectation: SiwxExpectation = {}): SiwxProblem[] {
  const expected: SiwxExpectation = expectation ?? {}
  const { fields, problems } =
    typeof message === 'string'
      ? readSiwxMessage(message, expected)
      : { fields: (message ?? {}) as Partial<SiwxMessageFields>, problems: checkSiwxFields(message ?? {}, expected) }
  const bad = (reason: SiwxFailure, text: string) => void problems.push({ reason, message: text })
  // A field the text lacks was already named by its missing line.
  const differs = (a: string | undefined, b: string | undefined, fold = false) =>
    a !== undefined && (fold ? a.toLowerCase() !== b?.toLowerCase() : a !== b)
  if (expected.domain !== undefined && differs(fields.domain, expected.domain, true))
    bad('domain', `the message is for "${fields.domain ?? ''}", not "${expected.domain}"`)
  if (expected.scheme !== undefined && fields.scheme !== undefined && differs(fields.scheme, expected.scheme, true))
    bad('domain', `the message names scheme "${fields.scheme}", not "${expected.scheme}"`)
  if (expected.uri !== undefined && differs(fields.uri, expected.uri))
    bad('uri', `the message's URI is "${fields.uri ?? ''}", not "${expected.uri}"`)
  if (expected.chainId !== undefined && differs(fields.chainId, expected.chainId))
    bad('chain', `the message is for chain "${fields.chainId ?? ''}", not "${expected.chainId}"`)
  if (expected.address !== undefined && differs(fields.accountAddress, expected.address, namespaceOf(fields.chainId ?? '') === 'eip155')) {
    bad('address', `the message is for account "${fields.accountAddress ?? ''}", not "${expected.address}"`)
  }
  if (expected.nonce !== undefined && differs(fields.nonce, expected.nonce)) bad('nonce', 'the nonce is not the one issued')
  if (expected.statement !== undefined && differs(fields.statement, expected.statement))
    bad('statement', 'the statement is not the expected one')
  if (expected.requestId !== undefined && differs(fields.requestId, expected.requestId))
    bad('request-id', 'the request id is not the expected one')
  // A time that cannot be read checks nothing: the message is not valid for it.
  const now =
    expected.now === undefined
      ? Date.now()
      : expected.now instanceof Date
        ? expected.now.getTime()
        : typeof expected.now === 'number'
          ? expected.now
          : NaN
  if (!Number.isFinite(now)) {
    bad('expectation', `the time to check against ("${String(expected.now).slice(0, 40)}") is not a valid time`)
    return problems
  }
  const expires = timeOf(fields.expirationTime)
  const starts = timeOf(fields.notBefore)
  if (expires <= now) bad('expired', `the message expired at ${fields.expirationTime}`)
  if (starts > now) bad('not-yet-valid', `the message is not valid before ${fields.notBefore}`)
  return problems
}
