// Sign-in message text: the public EIP-4361 examples parse and build back byte for byte, CAIP-122 messages of the
// other families likewise, and tampered texts are refused with every reason that applies.
import { describe, expect, it } from 'vitest'
import {
  createSiwxMessage,
  parseSiwxMessage,
  readSiwxMessage,
  SiwxMessageError,
  verifySiwxMessage,
  type SiwxMessageFields,
} from '../../../plugins/siwx/messages.js'

/** The example message of EIP-4361. */
const EIP_EXAMPLE = `example.com wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

/** EIP-4361's example with a scheme and a port in the domain. */
const EIP_SCHEME_EXAMPLE = `https://example.com:3388 wants you to sign in with your Ethereum account:
0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2

I accept the ExampleOrg Terms of Service: https://example.com/tos

URI: https://example.com/login
Version: 1
Chain ID: 1
Nonce: 32891756
Issued At: 2021-09-30T16:25:24Z
Resources:
- ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/
- https://example.com/my-web2-claim.json`

/** Every optional field, no statement (two blank lines, as the ABNF has it). */
const ALL_FIELDS = `service.org wants you to sign in with your Ethereum account:
0xe5A12547fe4E872D192E3eCecb76F2Ce1aeA4946


URI: https://service.org/login
Version: 1
Chain ID: 1
Nonce: 32891757
Issued At: 2021-09-30T16:25:24.000Z
Expiration Time: 2021-09-30T16:25:24.000Z
Not Before: 2021-09-30T16:25:24.000Z
Request ID: 200
Resources:`

const SOLANA = `app.example wants you to sign in with your Solana account:
GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1

Sign in to App

URI: https://app.example/
Version: 1
Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp
Nonce: AbCd1234EfGh
Issued At: 2024-01-01T00:00:00Z`

const POLKADOT = `app.example wants you to sign in with your Polkadot account:
15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5


URI: https://app.example/
Version: 1
Chain ID: 91b171bb158e2d3848fa23a9f1c25182
Nonce: 12345678
Issued At: 2024-01-01T00:00:00+02:00`

const BITCOIN = `app.example wants you to sign in with your Bitcoin account:
bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq



URI: https://app.example/
Version: 1
Chain ID: 000000000019d6689c085ae165831e93
Nonce: abcdefgh
Issued At: 2024-01-01T00:00:00Z
Not Before: 2024-01-01T00:00:00Z`

/** The distinct reasons, in the order first given. */
const reasons = (text: string, expected = {}) => [
  ...new Set(verifySiwxMessage(text, { now: Date.parse('2021-10-01T00:00:00Z'), ...expected }).map((p) => p.reason)),
]

describe('sign-in messages: parse and build', () => {
  it('are exported apart from the plugin, by the package name a server imports', async () => {
    const exported = await import('vestibule/plugins/siwx/messages')
    expect(exported.createSiwxMessage).toBe(createSiwxMessage)
    expect(exported.parseSiwxMessage).toBe(parseSiwxMessage)
    expect(exported.verifySiwxMessage).toBe(verifySiwxMessage)
  })

  it('parses the EIP-4361 example into its fields', () => {
    expect(parseSiwxMessage(EIP_EXAMPLE)).toEqual({
      domain: 'example.com',
      accountAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      statement: 'I accept the ExampleOrg Terms of Service: https://example.com/tos',
      uri: 'https://example.com/login',
      version: '1',
      chainId: 'eip155:1',
      nonce: '32891756',
      issuedAt: '2021-09-30T16:25:24Z',
      resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://example.com/my-web2-claim.json'],
    })
    expect(parseSiwxMessage(EIP_SCHEME_EXAMPLE)).toMatchObject({ scheme: 'https', domain: 'example.com:3388' })
  })

  it.each([
    ['EIP-4361 example', EIP_EXAMPLE],
    ['scheme and port', EIP_SCHEME_EXAMPLE],
    ['every optional field, no statement, empty resources', ALL_FIELDS],
    ['solana', SOLANA],
    ['polkadot, no statement, offset time', POLKADOT],
    ['bitcoin, empty statement', BITCOIN],
  ])('%s: parse then build gives the same bytes', (_name, text) => {
    expect(createSiwxMessage(parseSiwxMessage(text))).toBe(text)
  })

  it('the namespace comes from the header and the chain id line', () => {
    expect(parseSiwxMessage(SOLANA).chainId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(parseSiwxMessage(POLKADOT).statement).toBeUndefined()
    expect(parseSiwxMessage(BITCOIN).statement).toBe('')
    expect(parseSiwxMessage(ALL_FIELDS)).toMatchObject({ requestId: '200', resources: [], notBefore: '2021-09-30T16:25:24.000Z' })
  })

  it('building refuses fields that break the format, naming each', () => {
    const fields: SiwxMessageFields = {
      ...parseSiwxMessage(EIP_EXAMPLE),
      nonce: 'short',
      statement: 'two\nlines',
      accountAddress: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    }
    try {
      createSiwxMessage(fields)
      throw new Error('expected a refusal')
    } catch (error) {
      expect(error).toBeInstanceOf(SiwxMessageError)
      expect((error as SiwxMessageError).problems.map((p) => p.reason).sort()).toEqual(['address', 'nonce', 'statement'])
    }
  })

  it('a Litecoin account is named as Litecoin in the header, and reads back as bip122 with that name', () => {
    const text = BITCOIN.replace('Bitcoin account', 'Litecoin account')
    const fields = parseSiwxMessage(text)
    expect(fields).toMatchObject({ blockchain: 'Litecoin', chainId: 'bip122:000000000019d6689c085ae165831e93' })
    expect(createSiwxMessage(fields)).toBe(text)
    expect(parseSiwxMessage(BITCOIN).blockchain).toBeUndefined()
    // An Ethereum account cannot be called a Litecoin one.
    expect(() => createSiwxMessage({ ...parseSiwxMessage(EIP_EXAMPLE), blockchain: 'Litecoin' })).toThrow(/Litecoin/)
  })

  it('parsing a text that is not a message throws with its problems', () => {
    expect(() => parseSiwxMessage('hello')).toThrow(SiwxMessageError)
    expect(() => parseSiwxMessage(EIP_EXAMPLE.replace('Ethereum', 'Dogecoin'))).toThrow(/Dogecoin/)
  })
})

describe('sign-in messages: verification', () => {
  const expected = {
    domain: 'example.com',
    uri: 'https://example.com/login',
    chainId: 'eip155:1',
    address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    nonce: '32891756',
  }

  it('the untouched example passes every check', () => {
    expect(reasons(EIP_EXAMPLE, expected)).toEqual([])
    // The address compares without case on eip155.
    expect(reasons(EIP_EXAMPLE, { ...expected, address: expected.address.toLowerCase() })).toEqual([])
  })

  it.each([
    ['domain', EIP_EXAMPLE.replace('example.com wants', 'evil.com wants'), ['domain']],
    ['nonce', EIP_EXAMPLE.replace('Nonce: 32891756', 'Nonce: 32891757'), ['nonce']],
    ['short nonce', EIP_EXAMPLE.replace('Nonce: 32891756', 'Nonce: 3289175'), ['nonce']],
    ['nonce with a symbol', EIP_EXAMPLE.replace('Nonce: 32891756', 'Nonce: 3289175-6'), ['nonce']],
    ['chain', EIP_EXAMPLE.replace('Chain ID: 1', 'Chain ID: 5'), ['chain']],
    ['chain not digits', EIP_EXAMPLE.replace('Chain ID: 1', 'Chain ID: one'), ['chain']],
    [
      'address',
      EIP_EXAMPLE.replace('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'),
      ['address'],
    ],
    [
      'address not checksummed',
      EIP_EXAMPLE.replace('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2'),
      ['address'],
    ],
    ['uri', EIP_EXAMPLE.replace('URI: https://example.com/login', 'URI: https://example.com/other'), ['uri']],
    ['version', EIP_EXAMPLE.replace('Version: 1', 'Version: 2'), ['version']],
    [
      'expired',
      EIP_EXAMPLE.replace('Issued At: 2021-09-30T16:25:24Z', 'Issued At: 2021-09-30T16:25:24Z\nExpiration Time: 2021-09-30T17:00:00Z'),
      ['expired'],
    ],
    [
      'not yet valid',
      EIP_EXAMPLE.replace('Issued At: 2021-09-30T16:25:24Z', 'Issued At: 2021-09-30T16:25:24Z\nNot Before: 2021-10-02T00:00:00Z'),
      ['not-yet-valid'],
    ],
    ['issued-at not a date', EIP_EXAMPLE.replace('2021-09-30T16:25:24Z', '2021-02-30T16:25:24Z'), ['issued-at']],
    ['extra line', EIP_EXAMPLE.replace('Version: 1', 'Version: 1\nFoo: bar'), ['extra-line']],
    ['trailing line feed', `${EIP_EXAMPLE}\n`, ['extra-line']],
    ['carriage returns', EIP_EXAMPLE.replace(/\n/g, '\r\n'), ['extra-line']],
    ['duplicate line', EIP_EXAMPLE.replace('Version: 1', 'Version: 1\nVersion: 1'), ['extra-line']],
    ['missing nonce line', EIP_EXAMPLE.replace('Nonce: 32891756\n', ''), ['missing-line']],
    ['missing version line', EIP_EXAMPLE.replace('Version: 1\n', ''), ['missing-line']],
    ['out of order', EIP_EXAMPLE.replace('Version: 1\nChain ID: 1', 'Chain ID: 1\nVersion: 1'), ['missing-line', 'extra-line']],
    ['blank line after the statement missing', EIP_EXAMPLE.replace('tos\n\nURI', 'tos\nURI'), ['missing-line']],
    ['no blank lines around an absent statement', ALL_FIELDS.replace('4946\n\n\nURI', '4946\n\nURI'), ['missing-line', 'expired']],
    ['resource not a URI', EIP_EXAMPLE.replace('- https://example.com/my-web2-claim.json', '- not a uri'), ['resources']],
    ['resource line without Resources:', EIP_EXAMPLE.replace('Resources:\n', ''), ['extra-line']],
  ])('%s: refused for it', (name, text, want) => {
    expect(reasons(text, name.includes('absent statement') ? {} : expected)).toEqual(want)
  })

  it('every reason is given, not only the first', () => {
    const tampered = EIP_EXAMPLE.replace('example.com wants', 'evil.com wants')
      .replace('Nonce: 32891756', 'Nonce: 99999999')
      .replace('Chain ID: 1', 'Chain ID: 10')
      .replace('Version: 1', 'Version: 3')
    expect(reasons(tampered, expected).sort()).toEqual(['chain', 'domain', 'nonce', 'version'])
  })

  it('times are checked at their boundaries: expired at the expiration instant, valid from not-before on', () => {
    const text = EIP_EXAMPLE.replace(
      'Issued At: 2021-09-30T16:25:24Z',
      'Issued At: 2021-09-30T16:25:24Z\nExpiration Time: 2021-10-01T00:00:10Z\nNot Before: 2021-10-01T00:00:05Z',
    )
    const at = (iso: string) => verifySiwxMessage(text, { now: Date.parse(iso) }).map((p) => p.reason)
    expect(at('2021-10-01T00:00:04.999Z')).toEqual(['not-yet-valid'])
    expect(at('2021-10-01T00:00:05Z')).toEqual([])
    expect(at('2021-10-01T00:00:09.999Z')).toEqual([])
    expect(at('2021-10-01T00:00:10Z')).toEqual(['expired'])
  })

  it.each([
    ['domain', SOLANA.replace('app.example wants', 'evil.example wants'), ['domain']],
    ['chain', SOLANA.replace('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Chain ID: EtWTRABZaYq6iMfeYKouRu166VU2xqa1'), ['chain']],
    [
      'chain id too long for CAIP-2',
      SOLANA.replace('Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', `Chain ID: ${'a'.repeat(33)}`),
      ['chain'],
    ],
    [
      'address',
      SOLANA.replace('GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1', 'HwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1'),
      ['address'],
    ],
    ['nonce', SOLANA.replace('Nonce: AbCd1234EfGh', 'Nonce: AbCd1234EfGi'), ['nonce']],
    ['version', SOLANA.replace('Version: 1', 'Version: 0'), ['version']],
    ['expired', `${SOLANA}\nExpiration Time: 2024-01-01T00:00:01Z`, ['expired']],
    ['not yet valid', `${SOLANA}\nNot Before: 2024-01-01T00:00:03Z`, ['not-yet-valid']],
    ['missing line', SOLANA.replace('URI: https://app.example/\n', ''), ['missing-line']],
    ['extra line', SOLANA.replace('Version: 1', 'Version: 1\nChain: Solana'), ['extra-line']],
  ])('CAIP-122 (solana) %s: refused for it', (_name, text, want) => {
    const expected = {
      domain: 'app.example',
      uri: 'https://app.example/',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1',
      nonce: 'AbCd1234EfGh',
      now: Date.parse('2024-01-01T00:00:02Z'),
    }
    expect([...new Set(verifySiwxMessage(text, expected).map((p) => p.reason))]).toEqual(want)
    expect(verifySiwxMessage(SOLANA, expected)).toEqual([])
  })

  it('fields are verified as the text is', () => {
    const fields = parseSiwxMessage(SOLANA)
    expect(
      verifySiwxMessage(fields, {
        domain: 'app.example',
        chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
        address: fields.accountAddress,
        now: 0,
      }),
    ).toEqual([])
    // Solana addresses are case-sensitive.
    expect(verifySiwxMessage(fields, { address: fields.accountAddress.toLowerCase(), now: 0 }).map((p) => p.reason)).toEqual(['address'])
  })

  it('reads what it can of a broken text', () => {
    const { fields, problems } = readSiwxMessage(EIP_EXAMPLE.replace('Version: 1\n', ''))
    expect(fields.nonce).toBe('32891756')
    expect(problems).toEqual([{ reason: 'missing-line', message: 'the "Version:" line is missing' }])
  })
})
