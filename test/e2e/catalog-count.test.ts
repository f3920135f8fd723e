// The All Wallets count over the sandbox catalog (660 entries, malformed ones and the installed Sandbox Wallet's
// duplicates among them): the number shown after the first page never counts a wallet the list has left out, and
// once every page is in it is the number of wallets listed.
import { expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h
const count = () => modalRoot().getByTestId('all-wallets-count').innerText()
const listed = () =>
  h.browser.page.evaluate(async () => (await (window as any).modal.getPlugin('catalog').load()).$rows.get().length as number)

test('the count after page 1 leaves out what page 1 dropped; after the last page it is the wallets listed', async () => {
  const { page } = h.browser
  h.sandbox.providerApi.reset()
  await page.getByTestId('open-modal').click()
  await modalRoot().getByTestId('footer-allWallets').click()
  await expect.poll(count, { timeout: 15_000 }).toMatch(/^\d{3} wallets$/)
  const first = Number.parseInt(await count(), 10)
  // Every page, as scrolling would ask for them.
  await page.evaluate(async () => {
    const controller = await (window as any).modal.getPlugin('catalog').load()
    while (controller.hasMorePages()) await controller.loadNextPage()
  })
  const rows = await listed()
  await expect.poll(count).toBe(`${rows} wallets`)
  // Page 1's malformed entries and the installed wallet's catalog twin are never counted; only the one duplicate
  // deeper in the catalog (the Sandbox Wallet's rdns under another name, on page 2) can still come off.
  expect(first - rows).toBeLessThanOrEqual(1)
  expect(first).toBeGreaterThanOrEqual(rows)
})
