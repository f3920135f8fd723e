import { describe, expect, it } from 'vitest'
import { dateFormat, formatCurrency, formatDate, formatNumber, localeFormat, numberFormat } from '../../kernel/format.js'

describe('locale-aware display', () => {
  it('writes money with the locale’s symbol, placement and decimal sign', () => {
    expect(formatCurrency('en', 0, 'USD')).toBe('$0.00')
    expect(formatCurrency('en', '5000.00', 'USD')).toBe('$5,000.00')
    expect(formatCurrency('es', 0, 'USD')).toBe(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(0))
    expect(formatCurrency('es', 0, 'USD')).not.toContain('$0.00')
    expect(formatCurrency('de', '10.5', 'eur')).toBe(new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR' }).format(10.5))
  })

  it('writes a code Intl does not take after the number, and text that is not an amount as given', () => {
    expect(formatCurrency('en', '12.5', 'XYZ1')).toBe('12.50 XYZ1')
    expect(formatCurrency('en', 'lots', 'USD')).toBe('lots USD')
  })

  it('keeps every digit of a decimal string in the locale’s grouping and decimal sign', () => {
    expect(formatNumber('en', '1234567.000000000000000001')).toBe('1,234,567.000000000000000001')
    expect(formatNumber('de', '1234.5')).toBe('1.234,5')
    expect(formatNumber('es', '0.25')).toBe('0,25')
    expect(formatNumber('en', '-0.5')).toBe('-0.5')
    expect(formatNumber('en', '12')).toBe('12')
    expect(formatNumber('en', 'abc')).toBe('abc')
    expect(formatNumber('fr', 1234.5)).toBe(new Intl.NumberFormat('fr').format(1234.5))
  })

  it('writes the locale’s digits in the fraction too', () => {
    const arab = 'ar-EG-u-nu-arab'
    expect(formatNumber(arab, '1.25')).toBe(new Intl.NumberFormat(arab).format(1.25))
  })

  it('writes dates in the locale’s words and order', () => {
    const when = new Date(Date.UTC(2026, 10, 29, 3, 47))
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }
    expect(formatDate('en-US', when, options)).toBe('Nov 29, 03:47 AM')
    expect(formatDate('es', when, options)).toBe(new Intl.DateTimeFormat('es', options).format(when))
    expect(formatDate('es', when, options)).not.toContain('Nov')
    expect(formatDate('en', new Date(Number.NaN), options)).toBe('')
  })

  it('builds each formatter once per locale and options', () => {
    expect(numberFormat('es', { style: 'currency', currency: 'USD' })).toBe(numberFormat('es', { style: 'currency', currency: 'USD' }))
    expect(numberFormat('es')).not.toBe(numberFormat('fr'))
    expect(dateFormat('es', { month: 'short' })).toBe(dateFormat('es', { month: 'short' }))
  })

  it('gives a view the formats of one locale', () => {
    const format = localeFormat('es')
    expect(format.currency(0, 'USD')).toBe(formatCurrency('es', 0, 'USD'))
    expect(format.number('1234.5')).toBe(formatNumber('es', '1234.5'))
    expect(format.date(0, { timeZone: 'UTC', year: 'numeric' })).toBe('1970')
    expect(localeFormat('en').currency('10.00', 'USD')).toBe('$10.00')
  })
})
