// The swap token picker in the browser over a hostile token list from the sandbox's API: the user's own tokens
// first, then the suggested ones; every other row shows its contract address with a copy button; a second "USDC ·
// USD Coin", a Cyrillic "UЅDC", a full-width "ＥＴＨ" and "DEM0" beside the DEMO held are marked as look-alikes and a
// mixed-script symbol as unusual; a search for a symbol lists its look-alikes beside it, marked. Escape closes the
// picker only, focus back on the button that opened it.
import type { Locator } from 'playwright-core'
import { afterEach, describe, expect, test } from 'vitest'
import { lookalikeTokens } from '../../sandbox/provider-api/convert.mjs'
import { axeViolations, smallTargets } from './a11y-audit.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
afterEach(() => h.sandbox.providerApi.reset())

const CHAIN = 'eip155:31337'
/** What a picker row says: its name, hint (balance, address) and mark, without the image's initials. */
const said = (row: Locator) =>
  row
    .locator('.vb-item-text, .vb-item-end')
    .allInnerTexts()
    .then((parts) => parts.join('\n'))

async function openPicker(side: 'sell' | 'buy') {
  await h.connectWallet()
  await h.modalRoot().getByTestId('account-features').getByRole('button', { name: /Swap/ }).click()
  const form = h.modalRoot().getByTestId('swap')
  await form.waitFor()
  await form.getByTestId(`swap-${side}-token`).click()
  const picker = h.modalRoot().getByTestId('swap-picker')
  await picker.waitFor()
  return picker
}

describe('swap token picker with look-alike tokens', () => {
  test('held and suggested tokens first; every other row shows its address with a copy button; look-alikes and unusual symbols are marked', async () => {
    h.sandbox.providerApi.convert.addTokens(lookalikeTokens(CHAIN))
    // Fades off, so colours are checked as they settle.
    await h.browser.page.emulateMedia({ reducedMotion: 'reduce' })
    const picker = await openPicker('buy')
    const rows = picker.getByTestId('swap-token-option')
    const listed = () => rows.evaluateAll((items) => items.map((i) => `${i.getAttribute('data-symbol')} ${i.getAttribute('data-rank')}`))
    await expect.poll(listed).toContain('ΩMEGA other')
    const order = await listed()
    // The account holds ETH and DEMO: listed first; then the first USDC and WETH, the suggested tokens; then the rest as listed.
    expect(order.slice(0, 4)).toEqual(['ETH held', 'DEMO held', 'USDC suggested', 'WETH suggested'])
    expect(order.slice(4).filter((r) => !r.startsWith('SDOL'))).toEqual([
      'USDC other',
      'UЅDC other',
      'ＥＴＨ other',
      'DEM0 other',
      'ΩMEGA other',
    ])

    const row = (n: string) =>
      picker.locator(`[data-testid="swap-token-option"][data-address="0x000000000000000000000000000000000000${n}"]`)
    // The real USDC (listed first: suggested) shows no address and no mark.
    const suggested = picker.locator('[data-testid="swap-token-option"][data-rank="suggested"][data-symbol="USDC"]')
    expect(await said(suggested)).toBe('USDC · USD Coin')
    expect(await suggested.getByTestId('swap-token-copy').count()).toBe(0)

    expect(await said(row('c0a2'))).toBe('USDC · USD Coin\n0x0000…c0a2\n⚠ Look-alike of USDC')
    expect(await said(row('c0a3'))).toBe('UЅDC · USD Coin\n0x0000…c0a3\n⚠ Look-alike of USDC')
    expect(await said(row('c0a4'))).toBe('ＥＴＨ · Ether\n0x0000…c0a4\n⚠ Look-alike of ETH')
    expect(await said(row('c0a5'))).toBe('DEM0 · Demo Token\n0x0000…c0a5\n⚠ Look-alike of DEMO')
    expect(await said(row('c0a6'))).toBe('ΩMEGA · Omega\n0x0000…c0a6\n⚠ Unusual characters')

    // Marks, addresses and copy buttons pass the WCAG AA checks (contrast, names, 44 px targets).
    expect([...(await axeViolations(h.browser.page)), ...(await smallTargets(h.browser.page))]).toEqual([])

    // The copy button beside a row puts the whole contract address on the clipboard.
    const copy = row('c0a3').getByTestId('swap-token-copy')
    expect(await copy.getAttribute('aria-label')).toBe('Copy the UЅDC contract address')
    await copy.click()
    await expect
      .poll(() => h.browser.page.evaluate(() => navigator.clipboard.readText()))
      .toBe('0x000000000000000000000000000000000000c0a3')
    expect(await picker.isVisible()).toBe(true)

    // Searching for USDC lists its look-alikes beside it, marked.
    await picker.getByTestId('swap-search').fill('USDC')
    await expect.poll(listed).toEqual(['USDC suggested', 'USDC other', 'UЅDC other'])
    expect(await picker.getByTestId('swap-token-warning').allInnerTexts()).toEqual(['⚠ Look-alike of USDC', '⚠ Look-alike of USDC'])
  }, 60_000)

  test('Escape closes the picker only: the Swap form stays, focus is back on the button that opened it', async () => {
    const { page } = h.browser
    const picker = await openPicker('sell')
    await expect.poll(() => page.getByTestId('modal-open').innerText()).toBe('open')
    await picker.getByTestId('swap-search').fill('DE')
    await page.keyboard.press('Escape')
    const form = h.modalRoot().getByTestId('swap')
    await form.waitFor()
    expect(await h.modalRoot().getByTestId('swap-picker').count()).toBe(0)
    expect(await page.getByTestId('modal-open').innerText()).toBe('open')
    await expect
      .poll(() => form.getByTestId('swap-sell-token').evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement))
      .toBe(true)
    // The picker of the other side too; a second Escape (from the form) then closes the modal.
    await form.getByTestId('swap-buy-token').click()
    await h.modalRoot().getByTestId('swap-picker').waitFor()
    await page.keyboard.press('Escape')
    await form.waitFor()
    await expect
      .poll(() => form.getByTestId('swap-buy-token').evaluate((b) => b === (b.getRootNode() as ShadowRoot).activeElement))
      .toBe(true)
    expect(await page.getByTestId('modal-open').innerText()).toBe('open')
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('modal-open').innerText()).toBe('closed')
  }, 60_000)
})
