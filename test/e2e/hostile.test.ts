// Hostile wallets, APIs and storage in Chromium against the sandbox: every scenario counts the requests it
// caused, checks that nothing ran (a script-execution canary) and that the modal is still usable afterwards.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton } = h
const pages = () => h.sandbox.providerApi.catalogRequests({ entries: '40' }).length

beforeAll(async () => {
  await h.browser.context.addInitScript(() => {
    // Every hostile string below tries to set this; nothing may.
    ;(window as unknown as { __vbCanary: unknown[] }).__vbCanary = []
  })
})

const pageErrors: string[] = []
const dialogs: string[] = []
beforeEach(() => {
  h.sandbox.providerApi.reset()
  pageErrors.length = 0
  dialogs.length = 0
  h.browser.page.removeAllListeners('pageerror')
  h.browser.page.removeAllListeners('dialog')
  h.browser.page.on('pageerror', (error) => void pageErrors.push(error.message))
  h.browser.page.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.dismiss()))
})

/** Nothing hostile ran and the modal still connects the Sandbox Wallet. */
async function stillUsable() {
  const { page } = h.browser
  expect(await page.evaluate(() => (window as unknown as { __vbCanary: unknown[] }).__vbCanary)).toEqual([])
  expect(dialogs).toEqual([])
  if (!(await modalRoot().evaluate((d: HTMLDialogElement) => d.open))) await page.getByTestId('open-modal').click()
  await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
  expect(h.browser.offLoopback).toEqual([])
}

describe('a hostile catalog API', () => {
  test.each(['malformed', 'inflated'] as const)('a catalog answering a count of a million (%s pages) is paged a bounded number of times, and not at all after close', async (mode) => {
    const { page } = h.browser
    h.sandbox.providerApi.setCatalog(mode)
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('footer-allWallets').click()
    const list = modalRoot().getByTestId('all-wallets-list')
    // The user scrolls to the end again and again.
    for (let i = 0; i < 25; i++) {
      await list.evaluate((el) => el.scrollTo({ top: el.scrollHeight }))
      await page.waitForTimeout(120)
    }
    const open = pages()
    await page.keyboard.press('Escape')
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    const closedAt = pages()
    await page.waitForTimeout(1500)
    const afterClose = pages() - closedAt
    console.log(`catalog storm (${mode}): ${open} page requests while open, ${afterClose} more in 1.5 s after close`)
    expect(open).toBeLessThanOrEqual(mode === 'malformed' ? 1 : 18)
    expect(afterClose).toBe(0)
    h.sandbox.providerApi.setCatalog('ok')
    await stillUsable()
  }, 60_000)
})
