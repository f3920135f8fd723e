// Sign-in in Chromium against the sandbox: the demo app with ?siwx uses the loopback sign-in backend on its own
// origin (nonce, verification, session cookie); the Sandbox Wallet signs with its real key and the backend verifies
// the signature before the page shows who it says is signed in. An account restored without a session opens the
// modal on the sign view by itself (the page does not open it).
import { beforeEach, describe, expect, test } from 'vitest'
import { SANDBOX_L2_CHAIN_ID } from '../../sandbox/demo.mjs'
import { useSandboxBrowser } from './harness.js'
import { motionSettled, nextFrames } from './settle.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot, walletButton, answerWallet, approveInWallet } = h

const isOpen = () => modalRoot().evaluate((d: HTMLDialogElement) => d.open)
const signView = () => modalRoot().getByTestId('siwx')
const signedIn = () => h.browser.page.getByTestId('signed-in').innerText()

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

/**
 * Waits for the sign view's message, then for the card to finish following the view's height: until then the card
 * is shorter than its content and clips the view's buttons, so a click there lands on the dialog or the card.
 */
async function signViewReady() {
  await expect.poll(() => signView().getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
  await motionSettled(modalRoot())
}

/** Loads the demo with sign-in (`required` or `optional`), connects the Sandbox Wallet and waits for the sign view. */
async function connectWithSignIn(mode: 'required' | 'optional') {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?siwx=${mode}`)
  await page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(/Connect/)
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  await signViewReady()
}

describe('sign-in with the sandbox backend (eip155)', () => {
  test('required: cannot be closed (Escape, backdrop, ×, modal.close()) and says why; signed, verified by the backend, kept over a reload; another network asks again', async () => {
    const { page } = h.browser
    await connectWithSignIn('required')
    const host = new URL(h.sandbox.url).host
    const message = await signView().getByTestId('siwx-message').innerText()
    expect(message.split('\n').slice(0, 2)).toEqual([`${host} wants you to sign in with your Ethereum account:`, h.sandbox.address])
    expect(message).toContain('\nChain ID: 31337\n')
    expect(await signedIn()).toBe('signed out')

    await page.keyboard.press('Escape')
    await modalRoot().getByRole('button', { name: 'Close' }).click()
    await page.mouse.click(4, 4)
    expect(await page.evaluate(() => (window as unknown as { modal: { close(): boolean } }).modal.close())).toBe(false)
    expect(await isOpen()).toBe(true)
    expect(await signView().count()).toBe(1)
    await expect
      .poll(() => modalRoot().getByTestId('snackbar').innerText())
      .toBe('Sign in to continue: this app requires it. Cancel to disconnect instead.')

    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(isOpen, { timeout: 15_000 }).toBe(false)
    await expect.poll(signedIn).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
    expect(h.sandbox.siwx.requests).toEqual(expect.arrayContaining(['GET /siwx/nonce', 'POST /siwx/verify']))

    // A reload keeps the session: the backend still knows the cookie, the modal opens on Account.
    await page.reload()
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    await expect.poll(signedIn).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account-balance').count()).toBe(1)
    expect(await signView().count()).toBe(0)

    // Another network is not covered by the session: the sign view comes back for it.
    await modalRoot().getByTestId('network-button').click()
    await modalRoot().locator('[data-testid="networks"] button', { hasText: 'Sandbox L2' }).click()
    await approveInWallet(/Add network "Sandbox L2"/)
    await signViewReady()
    expect(await signView().getByTestId('siwx-message').innerText()).toContain(`\nChain ID: ${SANDBOX_L2_CHAIN_ID}\n`)
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${h.sandbox.address} on eip155:${SANDBOX_L2_CHAIN_ID}`)
  })

  test('required, the session gone on the server: the reloaded page opens the modal on the sign view by itself', async () => {
    const { page } = h.browser
    await connectWithSignIn('required')
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(isOpen, { timeout: 15_000 }).toBe(false)
    await expect.poll(signedIn).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)

    // The backend forgets the session (its cookie gone); the page is loaded again and restores the account.
    await page.context().clearCookies()
    await page.reload()
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    await signViewReady()
    expect(await isOpen()).toBe(true)
    expect(await page.getByTestId('modal-open').innerText()).toBe('open')
    expect(await signedIn()).toBe('signed out')
    await page.keyboard.press('Escape')
    expect(await isOpen()).toBe(true)
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(isOpen, { timeout: 15_000 }).toBe(false)
    await expect.poll(signedIn).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
  })

  test('required: cancel disconnects and shows Connect', async () => {
    const { page } = h.browser
    await connectWithSignIn('required')
    await signView().getByTestId('siwx-cancel').click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    expect(await signedIn()).toBe('signed out')
  })

  test('optional: after Cancel, Account offers "Sign in", which signs in, and is then gone', async () => {
    const { page } = h.browser
    await connectWithSignIn('optional')
    await signView().getByTestId('siwx-cancel').click()
    // Declined for now: the modal closes, the account stays connected; opened again, it shows Account.
    await expect.poll(isOpen).toBe(false)
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    await page.getByTestId('open-modal').click()
    const features = modalRoot().getByTestId('account-features')
    await features.waitFor({ timeout: 15_000 })
    const signIn = features.getByRole('button', { name: 'Sign in' })
    await expect.poll(() => signIn.count()).toBe(1)
    await signIn.click()
    await signViewReady()
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
    if (!(await isOpen())) await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('account-features').waitFor({ timeout: 15_000 })
    await expect.poll(() => modalRoot().getByTestId('account-features').getByRole('button', { name: 'Sign in' }).count()).toBe(0)
  })

  test('a declined signature shows the reason, and a retry signs in', async () => {
    await connectWithSignIn('optional')
    await signView().getByTestId('siwx-sign').click()
    await answerWallet(/Sign this message/, false)
    await expect.poll(() => signView().getByTestId('siwx-error').innerText()).toBe('Signature declined')
    expect(await signedIn()).toBe('signed out')
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
  })

  test('a backend that is down or refuses leaves the account connected and signed out with the reason, without asking again', async () => {
    const { page } = h.browser
    h.sandbox.siwx.setMode('down')
    await page.goto(`${h.sandbox.url}?siwx=optional`)
    await page.getByTestId('open-modal').click()
    await walletButton('Sandbox Wallet').click()
    await approveInWallet(/Connect/)
    await expect
      .poll(() => signView().getByTestId('siwx-error').innerText(), { timeout: 15_000 })
      .toBe('A problem occurred while trying initialize authentication: the sign-in server is down')
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    expect(await h.walletPrompt().count()).toBe(0)

    h.sandbox.siwx.setMode('refuse')
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(() => signView().getByTestId('siwx-error').innerText()).toBe('Sign-in refused: sign-in is closed for this account')
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    expect(await signedIn()).toBe('signed out')
    // One prompt per click, never a loop: the refusal is handled and drawn, and no new prompt came with it.
    await nextFrames(page)
    expect(await h.walletPrompt().isVisible()).toBe(false)
  })
})
