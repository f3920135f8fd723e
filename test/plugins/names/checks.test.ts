// What the profile endpoints answer is checked: suggestions keep only names in the zone that follow the label
// rule (markup, other zones and wrong types dropped; a wrong shape refused whole); an error's reason only as plain text.
import { describe, expect, it } from 'vitest'
import { apiReason, checkSuggestions, registrationProblem, SUGGESTIONS_SHOWN } from '../../../plugins/names/checks.js'

const ZONE = 'sandbox.id'

describe('suggestions', () => {
  it('keeps names in the zone with a boolean registered, lower-cased, without duplicates', () => {
    const body = {
      suggestions: [
        { name: 'carol.sandbox.id', registered: false },
        { name: 'Carol-ID.sandbox.id', registered: true },
        { name: 'carol.sandbox.id', registered: true },
      ],
    }
    expect(checkSuggestions(body, ZONE)).toEqual([
      { name: 'carol.sandbox.id', registered: false },
      { name: 'carol-id.sandbox.id', registered: true },
    ])
  })

  it('drops markup, other zones, labels outside the rule and entries of the wrong type', () => {
    const body = {
      suggestions: [
        { name: '<img src=x onerror=alert(1)>.sandbox.id', registered: false },
        { name: 'carol.evil.id', registered: false },
        { name: 'abc.sandbox.id', registered: false },
        { name: 'carol\u202e.sandbox.id', registered: false },
        { name: 'carol.sandbox.id', registered: 'no' },
        { name: 42, registered: false },
        null,
        'carol.sandbox.id',
        { name: 'fine.sandbox.id', registered: false },
      ],
    }
    expect(checkSuggestions(body, ZONE)).toEqual([{ name: 'fine.sandbox.id', registered: false }])
  })

  it('a wrong shape is refused whole', () => {
    for (const body of [null, 'carol', [], { suggestions: 'carol' }, { suggestions: { name: 'carol.sandbox.id' } }, { names: [] }])
      expect(checkSuggestions(body, ZONE)).toBeUndefined()
  })

  it(`shows at most ${SUGGESTIONS_SHOWN}`, () => {
    const body = { suggestions: Array.from({ length: 50 }, (_, i) => ({ name: `name${i}.sandbox.id`, registered: false })) }
    expect(checkSuggestions(body, ZONE)).toHaveLength(SUGGESTIONS_SHOWN)
  })
})

describe("an error's reason", () => {
  it('the first reason, else the message', () => {
    expect(apiReason(JSON.stringify({ reasons: [{ description: 'Name carol.sandbox.id is taken' }, { description: 'second' }] }))).toBe(
      'Name carol.sandbox.id is taken',
    )
    expect(apiReason(JSON.stringify({ message: 'Bad request' }))).toBe('Bad request')
  })

  it('none when the body is not JSON, has no reason, or the reason is not plain text', () => {
    for (const body of [
      undefined,
      '',
      'Internal error',
      '<html>oops</html>',
      '{"reasons":[]}',
      '{"reasons":[{"description":7}]}',
      JSON.stringify({ message: '<b>x</b>' }),
      JSON.stringify({ message: 'a\u0000b' }),
      JSON.stringify({ message: 'x'.repeat(1001) }),
    ]) {
      expect(apiReason(body)).toBeUndefined()
    }
  })

  it('a long reason is cut to 160 characters', () => {
    const reason = apiReason(JSON.stringify({ message: 'word '.repeat(100) }))!
    expect(Array.from(reason)).toHaveLength(160)
    expect(reason.endsWith('…')).toBe(true)
  })
})

describe('a label that reads as an address', () => {
  const evm = `0x${'1'.repeat(40)}`
  it.each([evm, 'ab12'.repeat(10), '7xkxtg2cw87d97txjsdpbd5jbkhetqa83tzrujosgasu', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'])(
    '%s cannot be registered',
    (label) => {
      expect(registrationProblem(label)).toBe('addressLike')
    },
  )

  it.each(['carol', 'my-name-2024', 'abcdefghijkmnopqrstuvwxyzabc'])('%s can', (label) => {
    expect(registrationProblem(label)).toBeUndefined()
  })

  it('is never kept as a suggestion', () => {
    const body = {
      suggestions: [
        { name: `${evm}.sandbox.id`, registered: false },
        { name: 'carol.sandbox.id', registered: false },
      ],
    }
    expect(checkSuggestions(body, ZONE)).toEqual([{ name: 'carol.sandbox.id', registered: false }])
  })
})
