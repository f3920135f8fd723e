// Email and social login through the embedded wallet on the sandbox's secure site (its own loopback origin): the
// code is read from the local mailbox (SMTP), the wallet's keys live at the secure site, its transactions land on
// anvil; socials go through the local OAuth-style provider in a popup.
import { describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { openWithAuth, requestCode, sendToApproval, signInWithEmail, typeCode } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'
import { boundary, clockAtRequest } from './page-clock.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 90_000
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

const authFrames = (page: Page) => page.locator('iframe[data-vestibule-auth]')

describe('email login through the embedded wallet', () => {
  test(
    'the frame is not created before email or a social is picked; the code from the mailbox connects',
    async () => {
      const { page } = h.browser
      await openWithAuth(h)
      expect(await authFrames(page).count()).toBe(0)
      const email = `alice-${Date.now()}@example.com`
      const modal = h.modalRoot()
      // Markup is refused before anything is sent: still no frame.
      await modal.getByTestId('auth-email-input').fill('<b>x</b>@example.com')
      await modal.getByTestId('auth-email-submit').click()
      await expect.poll(() => modal.getByRole('alert').first().innerText()).toBe('Please enter a valid email')
      expect(await authFrames(page).count()).toBe(0)

      const code = await requestCode(h, email)
      expect(await authFrames(page).getAttribute('src')).toBe(h.sandbox.auth.secureSite.frameUrl)
      // A wrong code keeps the email and says so.
      const wrong = code === '000000' ? '111111' : '000000'
      await typeCode(h, wrong)
      await expect.poll(() => modal.getByTestId('auth-otp-error').innerText()).toBe('Invalid code')
      expect(await modal.getByTestId('auth-otp-email').innerText()).toContain(email)
      // Pasting the code fills all six boxes and sends it.
      await modal.getByTestId('auth-otp-0').focus()
      await page.evaluate((text) => {
        const root = document.querySelector('div[data-vestibule]')!.shadowRoot!
        const input = root.querySelector('[data-testid="auth-otp-0"]')!
        const data = new DataTransfer()
        data.setData('text', text)
        input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
      }, code)
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.auth.secureSite.addressOf(email)}`)
    },
    LONG,
  )

  test(
    'sends from the embedded wallet through ApproveTransaction; the transaction lands on anvil',
    async () => {
      const { page } = h.browser
      await openWithAuth(h)
      const email = `bob-${Date.now()}@example.com`
      await signInWithEmail(h, email)
      const before = BigInt(await rpc('eth_getBalance', [RECEIVER, 'latest']))
      const modal = h.modalRoot()
      await sendToApproval(h, { symbol: 'ETH', amount: '0.25', receiver: RECEIVER, feeSymbol: 'ETH' })
      // The amount in the network's unit, under a title naming a transaction to approve.
      expect(await modal.getByTestId('auth-approve-detail').innerText()).toBe(`To ${RECEIVER}: 0.25 ETH`)
      expect(await modal.locator('#vb-title').innerText()).toBe('Approve Transaction')
      await modal.getByTestId('auth-approve-button').click()
      // Signed at the secure site with the user's key and sent to anvil; the modal is back on Send, on its confirmation.
      await expect
        .poll(async () => BigInt(await rpc('eth_getBalance', [RECEIVER, 'latest'])) - before, { timeout: 20_000 })
        .toBe(250_000_000_000_000_000n)
      await modal.getByTestId('send-sent').waitFor()
      expect(await modal.getByTestId('auth-approve').count()).toBe(0)

      // A signature asked for by the page while the modal is closed: the embedded wallet opens the modal on the approval, the
      // signature is made with the user's key at the secure site.
      await page.keyboard.press('Escape')
      await expect.poll(() => page.getByTestId('modal-open').innerText()).toBe('closed')
      await page.getByTestId('sign').click()
      await modal.getByTestId('auth-approve').waitFor()
      const message = await page.getByTestId('signed-message').innerText()
      expect(await modal.getByTestId('auth-approve-detail').innerText()).toBe(message)
      // A signature of a message is named so.
      expect(await modal.locator('#vb-title').innerText()).toBe('Sign message')
      await modal.getByTestId('auth-approve-button').click()
      await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^0x[0-9a-f]{130}$/)
      const { verifyMessage } = await import('viem')
      const signature = (await page.getByTestId('signature').innerText()) as `0x${string}`
      expect(await verifyMessage({ address: h.sandbox.auth.secureSite.addressOf(email), message, signature })).toBe(true)
    },
    LONG,
  )

  test('a message from another origin or of another shape is ignored; a real answer still goes through', async () => {
    const { page } = h.browser
    await openWithAuth(h)
    const email = `carol-${Date.now()}@example.com`
    const code = await requestCode(h, email)
    // The page itself (another origin than the secure site) posts answers and garbage: nothing happens.
    await page.evaluate(() => {
      for (const data of [
        { vestibule: 'auth', type: 'ready' },
        { vestibule: 'auth', id: 'x', type: 'result', payload: {} },
        'garbage',
        { vestibule: 'auth', type: 'error' },
      ])
        window.postMessage(data, '*')
    })
    await typeCode(h, code)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
    // A forged user from a foreign frame does not change the account.
    await page.evaluate(() => {
      const foreign = document.createElement('iframe')
      foreign.srcdoc = `<script>parent.postMessage({ vestibule: 'auth', type: 'ready' }, '*')</script>`
      document.body.append(foreign)
    })
    expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.auth.secureSite.addressOf(email)}`)
  })

  test(
    'a reload restores the session from the secure site; disconnecting signs out and removes the frame',
    async () => {
      const { page } = h.browser
      await openWithAuth(h)
      const email = `dave-${Date.now()}@example.com`
      await signInWithEmail(h, email)
      const account = `eip155:31337:${h.sandbox.auth.secureSite.addressOf(email)}`
      await page.reload()
      await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(account)
      await page.getByTestId('open-modal').click()
      await h.modalRoot().getByRole('button', { name: 'Disconnect' }).click()
      await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
      await expect.poll(() => authFrames(page).count()).toBe(0)
      // Signed out at the secure site too: a reload finds no session.
      await page.reload()
      await page.evaluate(() => (window as unknown as { modal: { reconnect(): Promise<void> } }).modal.reconnect().catch(() => undefined))
      expect(await page.getByTestId('status').innerText()).toBe('disconnected')
    },
    LONG,
  )
})

describe('emailShowWallets', () => {
  test('off: with email login shown, the wallet list waits behind one button; on (default): it is listed', async () => {
    await openWithAuth(h)
    await h.walletButton('Sandbox Wallet').waitFor()
    await openWithAuth(h, '&emailShowWallets=off')
    const modal = h.modalRoot()
    await modal.getByTestId('show-wallets').waitFor()
    expect(await modal.getByTestId('wallet-list').count()).toBe(0)
    await modal.getByTestId('show-wallets').click()
    await h.walletButton('Sandbox Wallet').waitFor()
  })
})

describe('social login through the local provider', () => {
  test('github in a popup: the provider sends the user back and the wallet connects; a closed popup returns to the form', async () => {
    const { page } = h.browser
    await openWithAuth(h, '&socials=github,google,farcaster')
    expect(await authFrames(page).count()).toBe(0)
    const modal = h.modalRoot()
    // Closed before consenting: back to the Connect view's form.
    const [closed] = await Promise.all([page.context().waitForEvent('page'), modal.locator('[data-social="google"]').click()])
    await closed.getByTestId('oauth-title').waitFor()
    await closed.close()
    await modal.getByTestId('auth-socials').waitFor()
    await expect.poll(() => modal.getByTestId('auth-social-error').innerText()).toBe('The login window was closed')
    expect(await modal.getByTestId('auth-email-form').getByRole('alert').count()).toBe(0)

    const [popup] = await Promise.all([page.context().waitForEvent('page'), modal.locator('[data-social="github"]').click()])
    await popup.getByTestId('oauth-username').fill('octo')
    await popup.getByTestId('oauth-allow').click()
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
    expect(
      await page.evaluate(() =>
        Object.entries(localStorage)
          .filter(([k]) => k.includes('/auth/social'))
          .map(([k, v]) => [k.split('/').at(-1), JSON.parse(v)]),
      ),
    ).toEqual(
      expect.arrayContaining([
        ['socialProvider', 'github'],
        ['socialUsername', 'octo'],
      ]),
    )
  })
})

describe('social login cancelled', () => {
  test('denying the GitHub popup returns to the form saying the login was cancelled', async () => {
    const { page } = h.browser
    await openWithAuth(h, '&socials=github,google')
    const modal = h.modalRoot()
    const [popup] = await Promise.all([page.context().waitForEvent('page'), modal.locator('[data-social="github"]').click()])
    await popup.getByTestId('oauth-deny').click()
    await modal.getByTestId('auth-socials').waitFor()
    await expect.poll(() => modal.getByTestId('auth-social-error').innerText(), { timeout: 20_000 }).toBe('The GitHub login was cancelled')
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')
  })
})

describe('farcaster', () => {
  test(
    'the sign-in link as a QR code, approved on another page: the wallet connects with the farcaster name',
    async () => {
      const { page } = h.browser
      await openWithAuth(h, '&socials=farcaster')
      const modal = h.modalRoot()
      await modal.locator('[data-social="farcaster"]').click()
      const link = modal.getByTestId('auth-farcaster-link')
      await link.waitFor({ timeout: 15_000 })
      expect(await modal.getByTestId('auth-farcaster').locator('svg').count()).toBeGreaterThan(0)
      const other = await page.context().newPage()
      await other.goto((await link.getAttribute('href'))!)
      await other.getByTestId('farcaster-approve').click()
      // Closing the page before its form's request is answered would cancel the approval.
      await other.getByTestId('farcaster-done').waitFor()
      await other.close()
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
      expect(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('/auth/socialProvider'))?.[1])).toBe(
        '"farcaster"',
      )
    },
    LONG,
  )
})

// Last in the file, with the farcaster link's lifetime: the page's clock stays installed on the context for whatever
// runs after.
describe('a secure site that never loads', () => {
  test(
    'a clear alert at 30 s (none just before), and the wallet list still connects',
    async () => {
      const { page } = h.browser
      await page.clock.install()
      await openWithAuth(h, '&secureSite=http://127.0.0.1:9/frame')
      const modal = h.modalRoot()
      const alert = modal.locator('[data-alert-id="auth-frame"]')
      const formAlert = modal.getByTestId('auth-email-form').getByRole('alert')
      await modal.getByTestId('auth-email-input').fill('erin@example.com')
      // The 30 s run from the email's request to the frame, made just before the frame is loaded.
      const start = await clockAtRequest(
        page,
        (request) => request.url() === 'http://127.0.0.1:9/frame',
        () => modal.getByTestId('auth-email-submit').click(),
      )
      await boundary(
        page,
        { start, limit: 30_000 },
        async () => {
          expect(await alert.count()).toBe(0)
          expect(await formAlert.count()).toBe(0)
        },
        async () => {
          await expect.poll(() => alert.count()).toBe(1)
          expect(await alert.innerText()).toContain('The secure login site did not load')
          await expect.poll(() => formAlert.innerText()).toBe('Unable to load email login dependency')
        },
      )
      expect(await authFrames(page).count()).toBe(0)
      await h.walletButton('Sandbox Wallet').click()
      await h.approveInWallet(/connect/i)
      await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    },
    LONG,
  )
})

describe('farcaster link lifetime', () => {
  test(
    'the link outlives the frame\'s 30 s answer time; at its 5 minutes the QR code gives way to "expired" and a new link',
    async () => {
      const { page } = h.browser
      await page.clock.install()
      await openWithAuth(h, '&socials=farcaster')
      const modal = h.modalRoot()
      await modal.locator('[data-social="farcaster"]').click()
      const link = modal.getByTestId('auth-farcaster-link')
      await link.waitFor({ timeout: 15_000 })
      const first = await link.getAttribute('href')
      await page.clock.fastForward(31_000)
      expect(await modal.innerText()).not.toContain('did not answer in time')
      expect(await link.getAttribute('href')).toBe(first)
      expect(await modal.getByTestId('auth-farcaster-expired').count()).toBe(0)
      await page.clock.fastForward(5 * 60_000 - 31_000)
      await expect.poll(() => modal.getByTestId('auth-farcaster-expired').count(), { timeout: 10_000 }).toBe(1)
      expect(await modal.getByTestId('auth-farcaster-expired').innerText()).toBe('This sign-in link expired before it was approved.')
      expect(await link.count()).toBe(0)
      expect(await modal.getByTestId('auth-farcaster').locator('svg').count()).toBe(0)
      await modal.getByRole('button', { name: 'Get a new link' }).click()
      await link.waitFor({ timeout: 15_000 })
      expect(await link.getAttribute('href')).not.toBe(first)
    },
    LONG,
  )
})

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(h.sandbox.chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: string }).result
}
