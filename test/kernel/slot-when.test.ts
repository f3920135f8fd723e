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

it('an entry with `available` is listed only where it says it works, asked with the active namespace and network', () => {
  let where: { namespace?: string; network?: { caipNetworkId: string } } = {}
  const slots = createSlots({ isEnabled: () => true, where: () => where as never })
  slots.add('account.features', { id: 'everywhere', label: 'Everywhere' })
  slots.add('account.features', { id: 'evm', label: 'EVM only', available: ({ namespace }) => namespace === 'eip155' })
  slots.add('account.features', {
    id: 'broken',
    label: 'Broken',
    available: () => {
      throw new Error('broken')
    },
  })
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['everywhere'])
  where = { namespace: 'polkadot', network: { caipNetworkId: 'polkadot:1' } }
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['everywhere'])
  where = { namespace: 'eip155', network: { caipNetworkId: 'eip155:1' } }
  expect(slots.list('account.features').map((e) => e.id)).toEqual(['everywhere', 'evm'])
  expect(() => slots.add('account.features', { id: 'x', label: 'X', available: true as never })).toThrow(/available that is not a function/)
})
