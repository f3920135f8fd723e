/**
 * The UI kit's multi-line input in Chromium, inside the modal: its label, the counter and the limit, the error
 * announced and tied to the field, Enter for a new line and Ctrl+Enter to submit, disabled, right to left, and axe's
 * WCAG 2.2 AA rules.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { axeViolations, smallTargets } from './a11y-audit.js'
import { launchBrowser, type TestBrowser } from './browser.js'
import { servePage } from './tally-page.js'

let api: Awaited<ReturnType<typeof startProviderApi>>
let page: Awaited<ReturnType<typeof servePage>>
let browser: TestBrowser

beforeAll(async () => {
  api = await startProviderApi({ port: 0, rpcUrls: {} })
  page = await servePage('test/e2e/text-area-page.ts', { apiUrl: api.url })
  browser = await launchBrowser()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await page?.stop()
  await api?.stop()
})

describe('TextArea', () => {
  test('label, counter and limit, error, new lines and Ctrl+Enter, disabled, right to left, no axe violation', async () => {
    const tab = browser.page
    const errors: string[] = []
    tab.on('pageerror', (error) => errors.push(error.message))
    await tab.goto(page.url)
    await tab.evaluate(() => (window as unknown as { modal: { open(view: string): Promise<void> } }).modal.open('Notes'))
    const modal = tab.locator('div[data-vestibule] dialog')
    const note = modal.getByLabel('Note', { exact: true })
    await note.waitFor()
    expect(await note.evaluate((el) => el.tagName)).toBe('TEXTAREA')
    const counter = modal.locator('.vb-textarea-count').first()
    expect(await counter.innerText()).toBe('0/20')

    // Enter starts a new line; the counter follows; the limit holds.
    await note.click()
    await tab.keyboard.type('first')
    await tab.keyboard.press('Enter')
    await tab.keyboard.type('second line that is far too long')
    expect(await note.inputValue()).toBe('first\nsecond line th')
    expect(await counter.innerText()).toBe('20/20')
    expect(await note.getAttribute('aria-describedby')).toContain(await counter.getAttribute('id'))
    expect(await modal.getByTestId('notes-sent').count()).toBe(0)

    // An error is announced, marks the field invalid and describes it.
    await note.fill('a bad note')
    const alert = modal.getByRole('alert')
    await expect.poll(() => alert.innerText()).toBe('A note may not say bad')
    expect(await note.getAttribute('aria-invalid')).toBe('true')
    expect((await note.getAttribute('aria-describedby'))!.split(' ')).toContain(await alert.getAttribute('id'))
    expect(await axeViolations(tab)).toEqual([])
    expect(await smallTargets(tab)).toEqual([])

    // Ctrl+Enter submits the form the field is in.
    await note.fill('line one\nline two')
    await expect.poll(() => alert.count()).toBe(0)
    await note.press('Control+Enter')
    await expect.poll(() => modal.getByTestId('notes-sent').innerText()).toBe('"line one\\nline two"')

    // Disabled: not editable, its text kept.
    const locked = modal.getByLabel('Locked')
    expect(await locked.isDisabled()).toBe(true)
    expect(await locked.inputValue()).toBe('fixed text')

    // Right to left: the text runs from the right, the counter sits at the line's end (the left).
    await tab.evaluate(() => (window as unknown as { modal: { setLocale(l: string): Promise<void> } }).modal.setLocale('ar'))
    await expect.poll(() => note.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl')
    const [field, count] = await Promise.all([note.boundingBox(), counter.boundingBox()])
    expect(Math.abs(count!.x - field!.x)).toBeLessThan(2)
    expect(await axeViolations(tab)).toEqual([])
    expect(errors).toEqual([])
    expect(browser.offLoopback).toEqual([])
  })
})
