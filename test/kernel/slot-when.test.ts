// A slot entry's `when`: asked each time the slot is listed; false or a throw hides the entry, and a `when` that is
// not a function is refused when the entry is added.
import { expect, it } from 'vitest'
import { createSlots } from '../../kernel/views.js'

it('the entry is listed while `when` returns true, hidden when it returns false or throws', () => {
  const slots = createSlots()
  let applies: boolean | 'throw' = false
  slots.add('account.features', { id: 'always', label: 'Always' })
  slots.add('account.features', {
    id: 'sometimes',
    label: 'Sometimes',
    when: () => {
      if (applies === 'throw') throw new Error('broken')
      return applies
    },
  })
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['always'])
  applies = true
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['always', 'sometimes'])
  applies = 'throw'
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['always'])
})

it('a `when` that is not a function is refused', () => {
  expect(() => createSlots().add('account.features', { id: 'x', label: 'X', when: true as never })).toThrow(/when that is not a function/)
})
