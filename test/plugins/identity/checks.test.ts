// What the identity and profile endpoints answer, checked: a name is plain text in a name's shape and capped, an
// avatar follows the image rule, a record's addresses are EVM addresses under a coin type; wrong shapes are refused.
import { describe, expect, it } from 'vitest'
import {
  addressOn,
  checkAvatar,
  checkIdentity,
  checkName,
  checkRecord,
  checkStoredRecord,
  coinTypeOf,
  NAME_LIMIT,
  NAME_SHOWN,
} from '../../../plugins/identity/checks.js'
import { nameRefusal } from '../../../kernel/name-refusal.js'
import { NAME_SHAPE } from '../../../plugins/identity/shape.js'
import { mainnet, optimism } from '../../kernel/helpers.js'

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const BOB = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

describe('a name', () => {
  it.each(['alice.sandbox.id', 'vitalik.eth', 'my-name_1.xyz', 'café.eth', 'ü.de'])('%s has the shape of a name', (name) => {
    expect(NAME_SHAPE.test(name)).toBe(true)
    expect(checkName(name)).toBe(name)
  })

  it.each([
    ['markup', '<img src=x onerror=alert(1)>.eth'],
    ['a script tag', '<script>alert(1)</script>'],
    ['spaces', 'alice smith.eth'],
    ['no dot', 'alice'],
    ['an amount', '0.5'],
    ['a direction override', 'ali\u202ece.eth'],
    ['a zero-width joiner', 'ali\u200dce.eth'],
    ['a newline', 'alice.eth\nbob.eth'],
    ['an address', ALICE],
  ])('%s is not a name', (_, value) => {
    expect(NAME_SHAPE.test(value)).toBe(false)
    expect(checkName(value)).toBeUndefined()
  })

  it(`longer than ${NAME_LIMIT} characters is refused; a long one within it is shown cut to ${NAME_SHOWN} with "…"`, () => {
    expect(checkName(`${'a'.repeat(NAME_LIMIT - 4)}.eth`)).toHaveLength(NAME_SHOWN)
    expect(checkName(`${'a'.repeat(NAME_LIMIT - 4)}.eth`)!.endsWith('…')).toBe(true)
    expect(checkName(`${'a'.repeat(NAME_LIMIT - 3)}.eth`)).toBeUndefined()
    expect(checkName(`${'a'.repeat(1_000_000)}.eth`)).toBeUndefined()
    expect(checkName(`${'a'.repeat(NAME_SHOWN - 4)}.eth`)).toBe(`${'a'.repeat(NAME_SHOWN - 4)}.eth`)
  })

  it('only strings', () => {
    for (const value of [7, null, undefined, {}, ['alice.eth'], true]) expect(checkName(value)).toBeUndefined()
  })
})

describe('an avatar', () => {
  it.each(['https://img.example/a.png', 'http://127.0.0.1:8545/avatar/a.svg', 'data:image/png;base64,iVBORw0KGgo='])(
    '%s follows the image rule',
    (url) => {
      expect(checkAvatar(url)).toBeTruthy()
    },
  )

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://tracker.example/p.png',
    '//img.example/a.png',
    '/avatar.png',
    'ipfs://bafy',
    `https://img.example/${'a'.repeat(3000)}.png`,
    42,
  ])('%s is refused', (url) => {
    expect(checkAvatar(url)).toBeUndefined()
  })
})

describe("the identity endpoint's answer", () => {
  it('{ name, avatar } with strings or nulls', () => {
    expect(checkIdentity({ name: 'alice.eth', avatar: 'https://img.example/a.png' })).toEqual({
      name: 'alice.eth',
      avatar: 'https://img.example/a.png',
    })
    expect(checkIdentity({ name: null, avatar: null })).toEqual({})
    expect(checkIdentity({})).toEqual({})
  })

  it('each field is judged alone: a hostile name is dropped and a good avatar kept, and the other way round', () => {
    expect(checkIdentity({ name: '<b>alice</b>', avatar: 'https://img.example/a.png' })).toEqual({ avatar: 'https://img.example/a.png' })
    expect(checkIdentity({ name: 'alice.eth', avatar: 'javascript:alert(1)' })).toEqual({ name: 'alice.eth' })
  })

  it('another shape is refused whole', () => {
    for (const body of [
      null,
      'alice.eth',
      42,
      [],
      [{ name: 'alice.eth' }],
      { name: 42 },
      { name: ['alice.eth'] },
      { name: 'alice.eth', avatar: { url: 'https://img.example/a.png' } },
    ]) {
      expect(checkIdentity(body)).toBeUndefined()
    }
  })
})

describe('a profile record', () => {
  const record = {
    name: 'alice.sandbox.id',
    registered: 1,
    updated: 1,
    addresses: { 60: { address: ALICE, created: '1' } },
    attributes: [{ bio: 'hi' }, { avatar: 'https://img.example/a.png' }],
  }

  it('keeps the name, the EVM addresses by coin type and the first avatar that passes the image rule', () => {
    expect(checkRecord(record)).toEqual({ name: 'alice.sandbox.id', addresses: { 60: ALICE }, avatar: 'https://img.example/a.png' })
    expect(checkRecord({ ...record, attributes: [{ avatar: 'javascript:alert(1)' }] })).toEqual({
      name: 'alice.sandbox.id',
      addresses: { 60: ALICE },
    })
  })

  it('drops addresses that are not EVM addresses or not under a coin type', () => {
    const addresses = { 60: { address: '<script>' }, 2147483658: { address: BOB }, x: { address: ALICE }, 1: 'plain', 2: null }
    expect(checkRecord({ ...record, addresses })?.addresses).toEqual({ 2147483658: BOB })
  })

  it('refuses a record without a name in shape or without an address map', () => {
    for (const body of [
      null,
      [],
      'x',
      { ...record, name: '<b>x</b>.eth' },
      { ...record, name: undefined },
      { ...record, addresses: [ALICE] },
      { ...record, addresses: null },
    ]) {
      expect(checkRecord(body)).toBeUndefined()
    }
  })

  it("gives the network's own coin type first (ENSIP-11), else the EVM-wide 60", () => {
    expect(coinTypeOf(10)).toBe('2147483658')
    expect(coinTypeOf(1)).toBe('2147483649')
    expect(() => coinTypeOf(2 ** 31)).toThrow('Invalid chainId')
    expect(coinTypeOf(2 ** 31 - 1)).toBe('4294967295')
    const both = { name: 'alice.eth', addresses: { 60: ALICE, 2147483658: BOB } }
    expect(addressOn(both, optimism)).toBe(BOB)
    expect(addressOn(both, mainnet)).toBe(ALICE)
    expect(addressOn({ name: 'alice.eth', addresses: {} }, mainnet)).toBeUndefined()
  })
})

describe('a name that passes for something else', () => {
  const hex40 = '1'.repeat(40)
  it.each([
    ['an EVM address as its label', `0x${hex40}.eth`],
    ['40 hex digits without 0x', `${'ab12'.repeat(10)}.eth`],
    ['a full-width 0x address', `０ｘ${'１'.repeat(40)}.eth`],
    ['an address in a middle label', `pay.0x${hex40}.sandbox.id`],
    ['a Solana address', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU.sol'],
    ['an SS58 address', '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY.dot'],
    ['a bech32 bc1 address', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq.eth'],
    ['an ltc1 address', 'ltc1qg82tz8hflk8c3c8y7a0u3cpu8k4cf3zqa0v7ax.eth'],
    ['an rltc1 address', 'rltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgh2z5x.eth'],
    ['a tb1 address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx.eth'],
    ['a legacy Bitcoin address', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2.eth'],
  ])('%s is refused as looking like an address', (_, name) => {
    expect(nameRefusal(name)).toBe('looksLikeAddress')
    expect(checkName(name)).toBeUndefined()
    expect(checkIdentity({ name, avatar: null })).toEqual({})
    expect(checkRecord({ name, addresses: { 60: { address: ALICE } } })).toBeUndefined()
    expect(checkStoredRecord({ name, addresses: { 60: ALICE } })).toBeUndefined()
  })

  it("a label a chain plugin's address check accepts is refused", () => {
    const accepts = (text: string) => text === 'kitty-address'
    expect(nameRefusal('kitty-address.eth', accepts)).toBe('looksLikeAddress')
    expect(checkName('kitty-address.eth', accepts)).toBeUndefined()
    expect(checkName('kitty-address.eth')).toBe('kitty-address.eth')
    // A check that throws accepts nothing.
    expect(
      nameRefusal('alice.eth', () => {
        throw new Error('broken')
      }),
    ).toBeUndefined()
  })

  it('more than two combining marks in a row on a letter is refused; two are fine', () => {
    const piled = `a${'\u0301'.repeat(60)}.eth`
    expect(nameRefusal(piled)).toBe('stackedMarks')
    expect(nameRefusal('a\u0301\u0302\u0303.eth')).toBe('stackedMarks')
    expect(checkName(piled)).toBeUndefined()
    expect(checkName('a\u0301\u0302.eth')).toBe('a\u0301\u0302.eth')
  })

  it.each([
    'alice.eth',
    'vitalik.eth',
    'café.eth',
    '0x1234.eth',
    'abcdefghijkmnopqrstuvwxyzabc.eth',
    'my-name-2024-is-long-and-has-hyphens.eth',
  ])('%s is a name', (name) => {
    expect(nameRefusal(name)).toBeUndefined()
    expect(checkName(name)).toBe(name)
  })
})
