/**
 * Amount helpers shared by every chain: amounts are bigint in the smallest unit end to end and become
 * strings only for display. No function here goes through a JavaScript number.
 */

const checkDecimals = (decimals: number) => {
  if (!Number.isSafeInteger(decimals) || decimals < 0) throw new Error(`Invalid decimals: ${String(decimals)}`)
}

/** Formats `value` (smallest unit) as a decimal string with `decimals` places, trailing zeros removed. */
export function formatUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/**
 * Parses a decimal amount typed by a person into the smallest unit, strictly.
 *
 * Accepted: ASCII digits with at most one `.` and at least one digit (`1`, `1.5`, `.5`, `1.`), with at most
 * `decimals` fraction digits. Refused: signs, exponents (`1e18`), spaces, group separators (`1,000`), a lone
 * `.`, and anything else. Exact for any size: the digits go straight into a bigint.
 *
 * @throws Error `Invalid amount: "…"`, `Too many decimals: at most N` or `Invalid decimals: …`.
 * @example
 * parseAmount('1.5', 18) // 1500000000000000000n
 * parseAmount('0.000001', 6) // 1n
 */
export function parseAmount(text: string, decimals: number): bigint {
  checkDecimals(decimals)
  if (typeof text !== 'string' || !/^(\d+\.?\d*|\.\d+)$/.test(text)) throw new Error(`Invalid amount: "${String(text)}"`)
  const [whole = '', fraction = ''] = text.split('.')
  if (fraction.length > decimals) throw new Error(`Too many decimals: at most ${decimals}`)
  return BigInt((whole || '0') + fraction.padEnd(decimals, '0'))
}

/** {@link parseAmount} after trimming surrounding whitespace (what adapters use on form input). */
export function parseUnits(text: string, decimals: number): bigint {
  const trimmed = String(text).trim()
  try {
    return parseAmount(trimmed, decimals)
  } catch (error) {
    // Name what the caller passed, not the trimmed copy.
    if (trimmed !== text && /^Invalid amount/.test((error as Error).message)) throw new Error(`Invalid amount: "${text}"`)
    throw error
  }
}

/** A balance is shown truncated (never rounded) to 3 decimals. */
export function truncateDecimals(text: string, places = 3): string {
  const [whole = '0', fraction = ''] = text.split('.')
  const kept = fraction.slice(0, places).replace(/0+$/, '')
  if (kept) return `${whole}.${kept}`
  // -0.0004 truncates toward zero to 0, not "-0".
  return whole === '-0' ? '0' : whole
}

/**
 * Formats a balance for display: `value` in the smallest unit, truncated toward zero to at most
 * 3 decimals, trailing zeros dropped. Never rounds, never goes through a float.
 *
 * @example
 * formatBalance(1_500_000n, 6) // '1.5'
 * formatBalance(1_999_999n, 6) // '1.999'
 * formatBalance(0n, 18)        // '0'
 */
export function formatBalance(value: bigint, decimals: number): string {
  if (typeof value !== 'bigint') throw new TypeError(`formatBalance needs a bigint, got ${typeof value}`)
  checkDecimals(decimals)
  return truncateDecimals(formatUnits(value, decimals), 3)
}

/** `0x1234…abcd`: keeps `chars` on each side of the address. */
export function shortenAddress(address: string, chars = 4): string {
  // A prefix every address of its kind shares (0x, a bech32 part such as "bc1" or "rltc1") tells addresses apart
  // no more than nothing: the characters kept come after it.
  const bech32 = /^([a-z]{1,10}1)[02-9ac-hj-np-z]{8,}$/.exec(address)
  const head = address.startsWith('0x') ? chars + 2 : bech32 ? bech32[1]!.length + chars : chars
  if (address.length <= head + chars + 1) return address
  return `${address.slice(0, head)}…${address.slice(-chars)}`
}

/*
 * Locale-aware display. Every number, amount of money and date the modal shows goes through `Intl` in the modal's
 * locale; the formatters are built once per locale and options and reused.
 */

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>()

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, locale: string, options: object, make: () => F): F {
  const key = `${kind}|${locale}|${JSON.stringify(options)}`
  let formatter = formatters.get(key) as F | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

/** The `Intl.NumberFormat` for `locale` and `options`, built once. */
export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached('n', locale, options, () => new Intl.NumberFormat(locale, options))

/** The `Intl.DateTimeFormat` for `locale` and `options`, built once. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options))

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

/**
 * A number in the locale's digits, grouping and decimal sign. A decimal string (a token amount such as
 * `"1234.5678"`) keeps every digit it has: the whole part goes through a bigint and the fraction digit by digit,
 * never through a float (`options` apply to a number only). Text that is not a plain decimal is returned unchanged.
 *
 * @example
 * formatNumber('de', '1234.5') // '1.234,5'
 * formatNumber('en', 0.5)      // '0.5'
 */
export function formatNumber(locale: string, value: number | string, options: Intl.NumberFormatOptions = {}): string {
  if (typeof value === 'number') return Number.isFinite(value) ? numberFormat(locale, options).format(value) : String(value)
  const match = DECIMAL.exec(typeof value === 'string' ? value.trim() : '')
  if (!match) return String(value)
  const [, sign, whole, fraction = ''] = match
  const parts = (n: number) => numberFormat(locale).formatToParts(n)
  const minus = sign === '-' && /[1-9]/.test(whole! + fraction) ? (parts(-1).find((p) => p.type === 'minusSign')?.value ?? '-') : ''
  const wholeText = numberFormat(locale, { maximumFractionDigits: 0 }).format(BigInt(whole!))
  if (!fraction) return `${minus}${wholeText}`
  const decimal = parts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  const digits = numberFormat(locale, { useGrouping: false })
  const fractionText = [...fraction].map((d) => digits.format(Number(d))).join('')
  return `${minus}${wholeText}${decimal}${fractionText}`
}

/**
 * An amount of money (`12.5`, or a decimal string such as `"5000.00"`) in `currency` (an ISO 4217 code), with the
 * locale's symbol, placement and two decimals: `$12.50`, `12,50 US$`. A code `Intl` does not take is written after
 * the number instead (`12.50 XYZ1`).
 */
export function formatCurrency(locale: string, value: number | string, currency: string): string {
  const amount = typeof value === 'number' ? value : DECIMAL.test(String(value).trim()) ? Number(String(value).trim()) : Number.NaN
  if (!Number.isFinite(amount)) return `${String(value)} ${currency}`
  if (/^[A-Za-z]{3}$/.test(currency)) {
    try {
      return numberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(amount)
    } catch {
      // Falls through to the number and the code side by side.
    }
  }
  return `${numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)} ${currency}`
}

/** A date (and time, with the options) in the locale's words and order, e.g. `29 nov, 03:47` in Spanish. */
export function formatDate(locale: string, date: Date | number, options: Intl.DateTimeFormatOptions = {}): string {
  const time = typeof date === 'number' ? date : date.getTime()
  return Number.isFinite(time) ? dateFormat(locale, options).format(time) : ''
}

/**
 * Numbers, money and dates in one locale: what views show them with (`ctx.format`), so no plugin builds its own
 * formatters.
 */
export interface LocaleFormat {
  /** A number in the locale (`1.234,5`); a decimal string (a token amount) keeps all its digits. */
  number(value: number | string, options?: Intl.NumberFormatOptions): string
  /** An amount of money in an ISO 4217 currency (`$12.50`, `12,50 US$`). */
  currency(value: number | string, currency: string): string
  /** A date or time (`Intl.DateTimeFormat` options). */
  date(date: Date | number, options?: Intl.DateTimeFormatOptions): string
}

/** The {@link LocaleFormat} of `locale`. */
export function localeFormat(locale: string): LocaleFormat {
  return {
    number: (value, options) => formatNumber(locale, value, options),
    currency: (value, currency) => formatCurrency(locale, value, currency),
    date: (date, options) => formatDate(locale, date, options),
  }
}
