// Sign-in messages a hostile server or host would have signed: statements that read as lines of the message, a
// nonce of any length, addresses that only look like the chain's (held to the chain plugins' own address rules when
// the caller passes them), and expectations that cannot be checked.
import { describe, expect, it } from 'vitest'
import { isAddress as isSolanaAddress } from '../../../chains/solana/index.js'
import { isAddress as isPolkadotAddress } from '../../../chains/polkadot/index.js'
import {
  createSiwxMessage,
  parseSiwxMessage,
  readSiwxMessage,
  SiwxMessageError,
  verifySiwxMessage,
  type SiwxMessageFields,
  type SiwxRules,
} from '../../../plugins/siwx/messages.js'

const SOLANA_CHAIN = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = 'GwAF45zjfyGzUbd3i3hXxzGeuchzEZXwpRYHZM5912F1'
const EVM_ADDRESS = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'

const fields = (overrides: Partial<SiwxMessageFields> = {}): SiwxMessageFields => ({
  domain: 'app.example',
  accountAddress: EVM_ADDRESS,
  chainId: 'eip155:1',
  uri: 'https://app.example',
  version: '1',
  nonce: 'AbCd1234EfGh',
  issuedAt: '2024-01-01T00:00:00Z',
  ...overrides,
})

const solana = (address: string) => `app.example wants you to sign in with your Solana account:
${address}


URI: https://app.example/
Version: 1
Chain ID: 5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp
Nonce: AbCd1234EfGh
Issued At: 2024-01-01T00:00:00Z`

/** The chain plugins' own rules, keyed by namespace as a caller hands them over. */
const rules: SiwxRules = {
  addresses: {
    solana: (address) => isSolanaAddress(address),
    polkadot: (address) => isPolkadotAddress(address),
  },
}

const problemsOf = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxMessageError)
    return (error as SiwxMessageError).problems
  }
  throw new Error('expected a SiwxMessageError')
}

describe('sign-in messages: statements that read as lines of the message', () => {
  it.each([
    ['a field line', 'Chain ID: 137'],
    ['the URI line, which the parser would refuse', 'URI: https://evil.example/'],
    ['a field line in lower case', 'nonce: 12345678'],
    ['the Resources line', 'Resources:'],
    ['a second header', 'evil.example wants you to sign in with your Ethereum account:'],
    ['a header inside the statement', 'Welcome. evil.example wants you to sign in with your Solana account'],
  ])('%s is refused when building, with the reason', (_name, statement) => {
    const problems = problemsOf(() => createSiwxMessage(fields({ statement })))
    expect(problems).toEqual([
      { reason: 'statement', message: `the statement "${statement}" reads as a line of the message (a field or another sign-in header)` },
    ])
    expect(() => createSiwxMessage(fields({ statement }))).toThrow(
      /^Invalid sign-in message: the statement ".*" reads as a line of the message/,
    )
  })

  it('a message whose statement reads as a field is refused when parsed or verified', () => {
    const text = createSiwxMessage(fields({ statement: 'Sign in' })).replace('\nSign in\n', '\nChain ID: 137\n')
    expect(problemsOf(() => parseSiwxMessage(text)).map((p) => p.reason)).toEqual(['statement'])
    expect(verifySiwxMessage(text, { now: 0 }).map((p) => p.reason)).toEqual(['statement'])
  })

  it('an ordinary statement with a colon and a link still builds and parses back', () => {
    const statement = 'I accept the Terms of Service: https://app.example/tos'
    expect(parseSiwxMessage(createSiwxMessage(fields({ statement }))).statement).toBe(statement)
  })
})

describe('sign-in messages: the nonce', () => {
  it('is 8 to 128 letters or digits: 128 builds, 129 and a megabyte are refused', () => {
    expect(parseSiwxMessage(createSiwxMessage(fields({ nonce: 'a'.repeat(128) }))).nonce).toHaveLength(128)
    for (const nonce of ['a'.repeat(129), 'A1'.repeat(512 * 1024), 'a'.repeat(7)]) {
      expect(problemsOf(() => createSiwxMessage(fields({ nonce })))).toEqual([
        { reason: 'nonce', message: 'the nonce must be 8 to 128 letters or digits' },
      ])
    }
    const huge = createSiwxMessage(fields()).replace('Nonce: AbCd1234EfGh', `Nonce: ${'a'.repeat(129)}`)
    expect(verifySiwxMessage(huge, { now: 0 }).map((p) => p.reason)).toEqual(['nonce'])
  })
})

describe("sign-in messages: addresses by the chain's own rules", () => {
  it("without rules only the syntax is checked; with the chain plugins' rules an EVM address or a base58 text holding 0 is refused for Solana", () => {
    const withZero = `${SOLANA_ADDRESS.slice(0, -1)}0`
    expect(readSiwxMessage(solana(EVM_ADDRESS)).problems).toEqual([])
    expect(readSiwxMessage(solana(withZero)).problems).toEqual([])
    expect(problemsOf(() => parseSiwxMessage(solana(EVM_ADDRESS), rules))).toEqual([
      { reason: 'address', message: `address "${EVM_ADDRESS}" is not a Solana account address on ${SOLANA_CHAIN}` },
    ])
    expect(problemsOf(() => parseSiwxMessage(solana(withZero), rules)).map((p) => p.reason)).toEqual(['address'])
    expect(parseSiwxMessage(solana(SOLANA_ADDRESS), rules).accountAddress).toBe(SOLANA_ADDRESS)
  })

  it('building and verifying take the same rules; a rule that throws refuses; a namespace without a rule keeps the syntax rule', () => {
    expect(
      problemsOf(() => createSiwxMessage(fields({ chainId: SOLANA_CHAIN, accountAddress: EVM_ADDRESS }), rules)).map((p) => p.reason),
    ).toEqual(['address'])
    expect(verifySiwxMessage(solana(EVM_ADDRESS), { ...rules, now: 0 }).map((p) => p.reason)).toEqual(['address'])
    expect(verifySiwxMessage(solana(SOLANA_ADDRESS), { ...rules, now: 0 })).toEqual([])
    const throwing: SiwxRules = {
      addresses: {
        solana: () => {
          throw new Error('boom')
        },
      },
    }
    expect(verifySiwxMessage(solana(SOLANA_ADDRESS), { ...throwing, now: 0 }).map((p) => p.reason)).toEqual(['address'])
    expect(createSiwxMessage(fields(), rules)).toContain(`\n${EVM_ADDRESS}\n`)
  })
})

describe('sign-in messages: an expectation that cannot be checked', () => {
  const text = createSiwxMessage(fields({ expirationTime: '2024-01-02T00:00:00Z' }))
  it.each([
    ['an invalid Date', new Date('not a date')],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['text', '2024-01-01T12:00:00Z' as unknown as number],
  ])('a `now` that is %s is a failure with its reason, not "valid"', (_name, now) => {
    const problems = verifySiwxMessage(text, { now })
    expect(problems.map((p) => p.reason)).toEqual(['expectation'])
    expect(problems[0]!.message).toMatch(/^the time to check against \(".*"\) is not a valid time$/)
  })

  it('a valid `now` inside the times passes, after the expiration fails', () => {
    expect(verifySiwxMessage(text, { now: Date.parse('2024-01-01T12:00:00Z') })).toEqual([])
    expect(verifySiwxMessage(text, { now: new Date('2024-01-02T00:00:00Z') }).map((p) => p.reason)).toEqual(['expired'])
  })

  it('fields with a date that is not one are refused whatever the time', () => {
    expect(verifySiwxMessage(fields({ expirationTime: '2024-02-30T00:00:00Z' }), { now: 0 }).map((p) => p.reason)).toEqual([
      'expiration-time',
    ])
  })
})
