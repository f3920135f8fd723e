import { describe, expect, it } from 'vitest'
import { createI18n, en } from '../../kernel/i18n.js'

describe('i18n', () => {
  it('gives the English text by default, locale en', () => {
    const i18n = createI18n()
    expect(i18n.locale).toBe('en')
    expect(i18n.t('alert.missingProjectId')).toBe(en['alert.missingProjectId'])
    expect(en['alert.missingProjectId']).toMatch(/project id/)
  })

  it('keeps the given locale', () => {
    expect(createI18n({ locale: 'fr' }).locale).toBe('fr')
  })

  it('a key no catalog has reads as the key itself', () => {
    expect(createI18n().t('swap.title')).toBe('swap.title')
  })

  it('fills {param} placeholders', () => {
    const i18n = createI18n()
    i18n.add({ waiting: 'Continue in {name}', failed: 'Could not switch network: {reason}' })
    expect(i18n.t('waiting', { name: 'MetaMask' })).toBe('Continue in MetaMask')
    expect(i18n.t('failed', { reason: 'busy' })).toBe('Could not switch network: busy')
  })

  it('fills numbers and repeated placeholders, and leaves unknown ones as written', () => {
    const i18n = createI18n({ messages: { wait: 'Try again after {n} seconds ({n}s) {unit}' } })
    expect(i18n.t('wait', { n: 30 })).toBe('Try again after 30 seconds (30s) {unit}')
  })

  it('host messages replace built-in texts', () => {
    expect(createI18n({ messages: { 'alert.missingProjectId': 'Set a project id' } }).t('alert.missingProjectId')).toBe('Set a project id')
  })

  it('add brings a plugin catalog', () => {
    const i18n = createI18n()
    i18n.add({ 'swap.title': 'Swap' })
    expect(i18n.t('swap.title')).toBe('Swap')
  })

  it('host overrides given at creation still win over a plugin catalog', () => {
    const i18n = createI18n({ messages: { 'swap.title': 'Trade' } })
    i18n.add({ 'swap.title': 'Swap', 'swap.review': 'Review swap' })
    expect(i18n.t('swap.title')).toBe('Trade')
    expect(i18n.t('swap.review')).toBe('Review swap')
  })

  it('two instances share nothing', () => {
    const a = createI18n()
    const b = createI18n()
    a.add({ x: 'X' })
    expect(b.t('x')).toBe('x')
  })
})
