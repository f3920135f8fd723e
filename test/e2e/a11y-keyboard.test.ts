// The modal with the keyboard alone: open, connect the Sandbox Wallet, swap, switch network, send, disconnect and close,
// with no click. Along the way: the dialog is named by its heading, which takes focus on open and on every view
// change; a list is one Tab stop whose rows the arrow keys, Home and End move through; Tab never leaves the dialog;
// the polite live region says "Connecting…" and "Connected"; closing gives focus back to the button that opened it.
// The Sandbox Wallet's own prompt is answered with the keyboard too (focus, then Enter).
import { describe, expect, test } from 'vitest'
import { balanceOf } from '../../sandbox/provider-api/chain-data.mjs'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const { modalRoot } = h

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

describe('keyboard only', () => {
  test('connect, swap, switch network, send and disconnect without a pointer', { timeout: 180_000 }, async () => {
    const { page } = h.browser
    /** What has focus inside the modal: its tag, test id, text or name, and whether it is the heading. */
    const focused = () =>
      page.evaluate(() => {
        const host = document.activeElement
        const el = host?.shadowRoot?.activeElement as HTMLElement | null | undefined
        if (!host?.hasAttribute('data-vestibule') || !el)
          return { inside: false, text: '', heading: false, testId: '', row: false, list: '' }
        const row = el.closest('li, [role="listitem"]')
        return {
          inside: Boolean(el.closest('dialog')),
          text: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim(),
          heading: el.id === 'vb-title',
          testId: el.getAttribute('data-testid') ?? '',
          row: Boolean(row),
          list: row?.parentElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
        }
      })
    const press = (key: string) => page.keyboard.press(key)
    /** Tabs forward until `wanted` holds for the focused control (at most 40 presses), checking focus never leaves. */
    const tabTo = async (wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
      for (let i = 0; i < 40; i++) {
        await press('Tab')
        const f = await focused()
        expect(f.inside, 'focus stays in the dialog').toBe(true)
        if (wanted(f)) return f
      }
      throw new Error('not reached with Tab')
    }
    const headingFocused = () => expect.poll(async () => (await focused()).heading).toBe(true)
    const answerWallet = async (text: RegExp) => {
      await h.walletPrompt().waitFor()
      await expect.poll(() => h.walletPrompt().innerText()).toMatch(text)
      await page.getByTestId('sandbox-wallet-approve').focus()
      await press('Enter')
    }
    const liveSaid: string[] = []
    await page.exposeFunction('vbLive', (text: string) => liveSaid.push(text))

    // Open from the page's button with Enter: the dialog is named by its heading, which has focus.
    await page.getByTestId('open-modal').focus()
    await press('Enter')
    await headingFocused()
    const dialog = modalRoot()
    const labelledBy = await dialog.getAttribute('aria-labelledby')
    expect(await dialog.locator(`#${labelledBy}`).innerText()).toBe('Connect Wallet')
    await dialog.evaluate((d) => {
      const live = [...d.querySelectorAll('[role="status"][aria-live="polite"]')]
      new MutationObserver(() =>
        live.forEach((l) => l.textContent && (window as unknown as { vbLive(t: string): void }).vbLive(l.textContent)),
      ).observe(d, { subtree: true, childList: true, characterData: true })
    })

    // The wallet list is one Tab stop: Tab reaches its first row, the next Tab leaves it; arrows move inside.
    const first = await tabTo((f) => f.row)
    const list = first.list
    await press('Tab')
    expect((await focused()).list === list && (await focused()).row).toBe(false)
    await press('Shift+Tab')
    expect(await focused()).toEqual(first)
    await press('End')
    const last = await focused()
    expect(last.row && last.list === list).toBe(true)
    await press('Home')
    expect(await focused()).toEqual(first)
    for (let i = 0; i < 20 && !(await focused()).text.includes('Sandbox Wallet'); i++) await press('ArrowDown')
    expect((await focused()).text).toContain('Sandbox Wallet')
    await press('Enter')
    // The wallet's prompt takes focus (it is a window of its own): the heading is checked again on Account.
    await answerWallet(/connect/i)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    await dialog.getByTestId('account').waitFor()
    await headingFocused()
    await expect.poll(() => liveSaid).toEqual(expect.arrayContaining(['Connecting…', 'Connected']))

    // Swap from Account's wallet features, on the local chain's exchange: DEMO for SDOL, approving DEMO first.
    const demo = h.sandbox.assets.tokens.find((t) => t.symbol === 'DEMO')!.address
    const demoBefore = await balanceOf(h.sandbox.chain.url, demo, h.sandbox.address)
    await tabTo((f) => /Swap/.test(f.text))
    await press('Enter')
    const swap = dialog.getByTestId('swap')
    await swap.waitFor()
    await headingFocused()
    // Each token button opens the picker with its search focused; the filtered list is one Tab stop away.
    for (const [side, symbol] of [
      ['sell', 'DEMO'],
      ['buy', 'SDOL'],
    ] as const) {
      await tabTo((f) => f.testId === `swap-${side}-token`)
      await press('Enter')
      await expect.poll(async () => (await focused()).testId).toBe('swap-search')
      await page.keyboard.type(symbol)
      await expect
        .poll(() => dialog.getByTestId('swap-token-option').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-symbol'))))
        .toEqual([symbol])
      await tabTo((f) => f.row && f.text.includes(symbol))
      await press('Enter')
      await expect.poll(() => swap.getByTestId(`swap-${side}-token`).innerText()).toBe(symbol)
    }
    await tabTo((f) => f.testId === 'swap-amount')
    await page.keyboard.type('1')
    await expect.poll(() => swap.getByTestId('swap-rate').count(), { timeout: 15_000 }).toBe(1)
    await tabTo((f) => f.testId === 'swap-review')
    await press('Enter')
    // The review's confirm button takes focus.
    await expect.poll(async () => (await focused()).testId).toBe('swap-confirm')
    await press('Enter')
    await answerWallet(new RegExp(`Allow ${h.sandbox.market.exchange} to spend (unlimited|[\\d.]+) DEMO\\?[\\s\\S]*Contract ${demo}`, 'i'))
    await answerWallet(new RegExp(`Swap [\\d.]+ DEMO for at least [\\d.]+ SDOL\\?[\\s\\S]*Contract ${h.sandbox.market.exchange}`, 'i'))
    await dialog.getByTestId('swap-done').waitFor({ timeout: 20_000 })
    await expect.poll(() => balanceOf(h.sandbox.chain.url, demo, h.sandbox.address)).toBe(demoBefore - 10n ** 18n)
    await expect.poll(async () => (await focused()).testId).toBe('swap-done-button')
    await press('Enter')
    await dialog.getByTestId('account').waitFor()
    await headingFocused()

    // Switch network: the network button, then the Networks list with the arrow keys.
    await tabTo((f) => f.testId === 'network-button')
    await press('Enter')
    await expect.poll(async () => (await focused()).heading && (await dialog.locator('#vb-title').innerText())).toBe('Choose Network')
    await tabTo((f) => f.row)
    for (let i = 0; i < 10 && !(await focused()).text.includes('Sandbox L2'); i++) await press('ArrowDown')
    expect((await focused()).text).toContain('Sandbox L2')
    await press('Enter')
    // The wallet does not know the Sandbox L2 yet: it asks to add it.
    await answerWallet(/Add network "Sandbox L2"/)
    await expect.poll(() => page.getByTestId('network').innerText(), { timeout: 15_000 }).toContain('eip155:31338')

    // Send from Account's wallet features.
    await dialog.getByTestId('account').waitFor()
    await headingFocused()
    await tabTo((f) => /Send/.test(f.text))
    await press('Enter')
    await dialog.getByTestId('send').waitFor()
    await headingFocused()
    await tabTo((f) => f.testId === 'send-token')
    await tabTo((f) => f.text === '' && f.testId === '')
    await page.keyboard.type('0.01')
    await tabTo((f) => f.testId === 'send-receiver')
    await page.keyboard.type(RECEIVER)
    await expect.poll(() => dialog.getByTestId('send-fee').innerText(), { timeout: 15_000 }).toMatch(/\d+(\.\d+)? ETH/)
    await tabTo((f) => f.text === 'Review')
    await press('Enter')
    await tabTo((f) => f.text === 'Send')
    await press('Enter')
    await answerWallet(/0\.01|send|transaction/i)
    await expect.poll(() => dialog.getByRole('button', { name: 'Done' }).count(), { timeout: 20_000 }).toBe(1)
    await tabTo((f) => f.text === 'Done')
    await press('Enter')

    // Disconnect, then close with Escape: focus is back on the page's button.
    await dialog.getByTestId('account').waitFor()
    await tabTo((f) => f.testId === 'disconnect')
    await press('Enter')
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('disconnected')
    await headingFocused()
    await press('Escape')
    await expect.poll(() => page.getByTestId('modal-open').innerText()).toBe('closed')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-modal')
  })
})
