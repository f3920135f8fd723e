/**
 * What the WalletConnect browser tests share: the Sandbox Mobile Wallet in its own tab and origin (a phone is
 * another device), and the pairing URI read from the modal's QR code as a phone reads it.
 */
import { expect } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { readQrCode } from './qr-screenshot.js'

/** Removes an origin's stored state (localStorage and the SDKs' IndexedDB) from a page that holds none open. */
export async function clearOrigin(page: Page, origin: string) {
  await page.goto(`${origin}/__nothing__`)
  await page.evaluate(async () => {
    localStorage.clear()
    const databases = await indexedDB.databases()
    await Promise.all(
      databases.map(
        (db) =>
          new Promise((resolve) => {
            const request = indexedDB.deleteDatabase(db.name!)
            request.onsuccess = request.onerror = request.onblocked = resolve
          }),
      ),
    )
  })
}

export interface MobileWallet {
  page: Page
  pair(uri: string): Promise<void>
  /**
   * Waits for the proposal or request card and checks its text. The wallet's steps bring its tab to the front, as
   * the person looks at it: in a tab behind, each click waits about a second for the page to be seen as stable.
   */
  card(kind: 'proposal' | 'request', text?: RegExp): Promise<string>
  /** Leaves only `namespaces` ticked in the proposal card. */
  share(namespaces: string[]): Promise<void>
  /** Waits for the card, checks its text, and decides. */
  decide(kind: 'proposal' | 'request', approve: boolean, text?: RegExp): Promise<void>
}

/** The Sandbox Mobile Wallet, freshly started in its own tab on `origin` (`path` may carry a query). */
export async function openMobileWallet(context: BrowserContext, origin: string, path = '/mobile-wallet'): Promise<MobileWallet> {
  const page = await context.newPage()
  await clearOrigin(page, origin)
  await page.goto(`${origin}${path}`)
  await page.locator('body[data-ready="true"]').waitFor({ timeout: 30_000 })
  const wallet: MobileWallet = {
    page,
    async pair(uri) {
      await page.bringToFront()
      await page.getByTestId('mw-uri').fill(uri)
      await page.getByTestId('mw-pair').click()
    },
    async card(kind, text) {
      await page.bringToFront()
      await page.locator(`[data-testid="mw-card"][data-kind="${kind}"]:not([hidden])`).waitFor({ timeout: 20_000 })
      const shown = await page.getByTestId('mw-card-text').innerText()
      if (text) expect(shown).toMatch(text)
      return shown
    },
    async share(namespaces) {
      await wallet.card('proposal')
      const boxes = page.locator('[data-testid="mw-namespaces"] input[type="checkbox"]')
      await expect.poll(() => boxes.count()).toBeGreaterThan(0)
      for (const box of await boxes.all()) await box.setChecked(namespaces.includes((await box.getAttribute('value'))!))
    },
    async decide(kind, approve, text) {
      await wallet.card(kind, text)
      await page.getByTestId(approve ? 'mw-approve' : 'mw-reject').click()
    },
  }
  return wallet
}

/**
 * The pairing URI of the QR code the modal shows, read from a screenshot with jsQR, checked to be the URI the
 * modal exposes (the QR's data-uri and the copy button).
 */
export async function pairingUriFromQr(dialog: ReturnType<Page['locator']>): Promise<string> {
  await dialog.page().bringToFront()
  const qr = dialog.getByTestId('wc-qr')
  await qr.waitFor({ timeout: 15_000 })
  const exposed = (await qr.getAttribute('data-uri'))!
  const decoded = await readQrCode(qr)
  expect(decoded).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  expect(decoded).toBe(exposed)
  expect(await dialog.getByTestId('wc-copy').getAttribute('data-uri')).toBe(decoded)
  return decoded
}
