// What the identity and profile endpoints answer, checked: a name is plain text in a name's shape and capped, an
// avatar follows the image rule, a record's addresses are EVM addresses under a coin type; wrong shapes are refused.
import { describe, expect, it } from 'vitest'
import { addressOn, checkAvatar, checkIdentity, checkName, checkRecord, coinTypeOf, NAME_LIMIT, NAME_SHOWN } from '../../../plugins/identity/checks.js'
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
  it.each(['https://img.example/a.png', 'http://127.0.0.1:8545/avatar/a.svg', 'data:image/png;base64,iVBORw0KGgo='])('%s follows the image rule', (url) => {
    expect(checkAvatar(url)).toBeTruthy()
  })

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\nscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'http://tracker.example/p.png', '//img.example/a.png', '/avatar.png', 'ipfs://bafy', `https://img.example/${'a'.repeat(3000)}.png`, 42])('%s is refused', (url) => {
    expect(checkAvatar(url)).toBeUndefined()
  })
})

describe("the identity endpoint's answer", () => {
  it('{ name, avatar } with strings or nulls', () => {
    expect(checkIdentity({ name: 'alice.eth', avatar: 'https://img.example/a.png' })).toEqual({ name: 'alice.eth', avatar: 'https://img.example/a.png' })
    expect(checkIdentity({ name: null, avatar: null })).toEqual({})
    expect(checkIdentity({})).toEqual({})
  })

  it('each field is judged alone: a hostile name is dropped and a good avatar kept, and the other way round', () => {
    expect(checkIdentity({ name: '<b>alice</b>', avatar: 'https://img.example/a.png' })).toEqual({ avatar: 'https://img.example/a.png' })
    expect(checkIdentity({ name: 'alice.eth', avatar: 'javascript:alert(1)' })).toEqual({ name: 'alice.eth' })
  })

  it('another shape is refused whole', () => {
    for (const body of [null, 'alice.eth', 42, [], [{ name: 'alice.eth' }], { name: 42 }, { name: ['alice.eth'] }, { name: 'alice.eth', avatar: { url: 'https://img.example/a.png' } }]) {
      expect(checkIdentity(body)).toBeUndefined()
    }
  })
})

describe('a profile record', () => {
  const record = { name: 'alice.sandbox.id', registered: 1, updated: 1, addresses: { 60: { address: ALICE, created: '1' } }, attributes: [{ bio: 'hi' }, { avatar: 'https://img.example/a.png' }] }

  it('keeps the name, the EVM addresses by coin type and the first avatar that passes the image rule', () => {
    expect(checkRecord(record)).toEqual({ name: 'alice.sandbox.id', addresses: { 60: ALICE }, avatar: 'https://img.example/a.png' })
    expect(checkRecord({ ...record, attributes: [{ avatar: 'javascript:alert(1)' }] })).toEqual({ name: 'alice.sandbox.id', addresses: { 60: ALICE } })
  })

  it('drops addresses that are not EVM addresses or not under a coin type', () => {
    const addresses = { 60: { address: '<script>' }, 2147483658: { address: BOB }, x: { address: ALICE }, 1: 'plain', 2: null }
    expect(checkRecord({ ...record, addresses })?.addresses).toEqual({ 2147483658: BOB })
  })

  it('refuses a record without a name in shape or without an address map', () => {
    for (const body of [null, [], 'x', { ...record, name: '<b>x</b>.eth' }, { ...record, name: undefined }, { ...record, addresses: [ALICE] }, { ...record, addresses: null }]) {
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
