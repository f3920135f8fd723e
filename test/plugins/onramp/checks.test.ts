// An on-ramp quote is checked against what was asked: the amount and payment currency paid, the asset bought, and a
// price a unit could plausibly have; a history row's amount against what a purchase could credit.
import { describe, expect, it } from 'vitest'
import type { OnrampQuote, QuoteRequest } from '../../../plugins/onramp/api.js'
import { absurdUnits, quoteProblem } from '../../../plugins/onramp/checks.js'

const request: QuoteRequest = {
  purchaseCurrency: { id: 'eth', name: 'Ether', symbol: 'ETH', networks: [] },
  paymentCurrency: { id: 'USD', payment_method_limits: [] },
  amount: '100',
  network: 'ethereum',
}
const usd = (amount: string) => ({ amount, currency: 'USD' })
const quote = (changes: Partial<OnrampQuote> = {}): OnrampQuote => ({
  coinbaseFee: usd('1.50'),
  networkFee: usd('0.50'),
  paymentSubtotal: usd('98.00'),
  paymentTotal: usd('100.00'),
  purchaseAmount: { amount: '0.032531', currency: 'ETH' },
  quoteId: 'q',
  ...changes,
})

describe('quoteProblem', () => {
  it('passes a quote for the amount and currency asked, buying the asset asked at a plausible price', () => {
    expect(quoteProblem(quote(), request)).toBeUndefined()
    // A unit worth a fraction of a cent, and one worth a million: both prices exist.
    expect(quoteProblem(quote({ purchaseAmount: { amount: '250000', currency: 'ETH' } }), request)).toBeUndefined()
    expect(quoteProblem(quote({ purchaseAmount: { amount: '0.0001', currency: 'ETH' } }), request)).toBeUndefined()
  })

  it('refuses a quote for another amount or currency than asked', () => {
    expect(quoteProblem(quote({ paymentTotal: usd('1000.00') }), request)).toBe('The quote is for 1000.00 USD, not the 100 USD asked for')
    expect(quoteProblem(quote({ paymentTotal: { amount: '100.00', currency: 'EUR' } }), request)).toBe(
      'The quote is for 100.00 EUR, not the 100 USD asked for',
    )
    expect(quoteProblem(quote({ purchaseAmount: { amount: '0.03', currency: 'BTC' } }), request)).toBe('The quote buys BTC, not ETH')
  })

  it('refuses fees above the amount paid, or in another currency', () => {
    expect(quoteProblem(quote({ coinbaseFee: usd('250.00') }), request)).toBe("The quote's fees do not add up to the 100 USD asked for")
    expect(quoteProblem(quote({ networkFee: { amount: '0.50', currency: 'EUR' } }), request)).toBe(
      "The quote's fees do not add up to the 100 USD asked for",
    )
  })

  it('refuses an amount bought that no price gives: zero, absurdly many units, or a unit dearer than 10,000,000', () => {
    const problem = (amount: string) => quoteProblem(quote({ purchaseAmount: { amount, currency: 'ETH' } }), request)
    expect(problem('999999999999999.999999')).toBe("The quote's 999999999999999.999999 ETH for 100 USD is not a plausible price")
    expect(problem('0')).toBe("The quote's 0 ETH for 100 USD is not a plausible price")
    expect(problem('10000000000')).toMatch(/not a plausible price$/)
    expect(problem('0.000000000000000001')).toMatch(/not a plausible price$/)
    expect(problem('0.00000999')).toMatch(/not a plausible price$/)
  })
})

describe('absurdUnits', () => {
  it('is true past a billion units and for text that is no plain amount', () => {
    for (const amount of ['0.0325', '0', '1000000000', '999999999.999999']) expect(absurdUnits(amount), amount).toBe(false)
    for (const amount of ['1000000000.000001', '999999999999999.999999', '-1', 'Infinity', 'NaN', '1e9', ''])
      expect(absurdUnits(amount), amount).toBe(true)
  })
})
