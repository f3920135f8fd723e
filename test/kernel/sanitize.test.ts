// One sanitizer for every name a wallet, a catalog, WalletConnect or storage hands over.
import { describe, expect, it } from 'vitest'
import { cleanName, safeIcon } from '../../kernel/sanitize.js'

describe('cleanName', () => {
  it.each([
    ['bidirectional override', '\u202eksaMateM', 'ksaMateM'],
    ['isolates and marks', '\u2066Meta\u2069\u200eMask\u200f', 'MetaMask'],
    ['zero-width characters', 'Me\u200bta\u200dMa\ufeffsk', 'MetaMask'],
    ['only zero-width characters', '\u200b\u200c\u2060', ''],
    ['controls and angle brackets', '<b>Wal\u0007let</b>', 'bWallet/b'],
    ['surrounding spaces', '  Wallet  ', 'Wallet'],
    ['not a string', 42, ''],
  ])('removes %s', (_what, input, output) => {
    expect(cleanName(input)).toBe(output)
  })

  it('cuts at 64 characters without splitting a surrogate pair', () => {
    const name = `${'a'.repeat(63)}😀😀`
    const cleaned = cleanName(name)
    expect(Array.from(cleaned)).toHaveLength(64)
    expect(cleaned.endsWith('😀')).toBe(true)
    expect(cleaned).not.toMatch(/[\ud800-\udbff]$/)
  })
})

describe('safeIcon', () => {
  it('keeps data images and http(s) URLs, drops script-capable schemes', () => {
    expect(safeIcon('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeIcon('https://img.example/a.png')).toBe('https://img.example/a.png')
    expect(safeIcon('javascript:alert(1)')).toBeUndefined()
    expect(safeIcon('data:text/html,<script>')).toBeUndefined()
  })
})
