// Sign-in in Chromium against a sandbox backend that turns hostile: a nonce route that never answers (the page waits
// on "Preparing the message…", where Cancel must still get the person out, and after 15 s the reason shows), and a
// nonce answer that fixes another URI for the message or a statement that reads as one of its lines (refused with
// the reason, the wallet never asked).
import { beforeEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { boundary, clockAtRequest } from './page-clock.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot, walletButton, approveInWallet } = h

const signView = () => modalRoot().getByTestId('siwx')
const signedIn = () => h.browser.page.getByTestId('signed-in').innerText()
const isOpen = () => modalRoot().evaluate((d: HTMLDialogElement) => d.open)

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

/** Loads the demo with sign-in (`required` or `optional`) and connects the Sandbox Wallet. */
async function connect(mode: 'required' | 'optional') {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?siwx=${mode}`)
  await page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(/Connect/)
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
}

describe('sign-in with a hostile sandbox backend', () => {
  test('required, the nonce never comes: the modal still cannot be closed, but "Cancel and disconnect" under "Preparing the message…" ends disconnected on Connect', async () => {
    const { page } = h.browser
    h.sandbox.siwx.setMode('hang')
    await connect('required')
    await expect.poll(() => signView().getAttribute('data-phase'), { timeout: 15_000 }).toBe('preparing')
    await expect.poll(() => signView().innerText()).toContain('Preparing the message…')
    expect(h.sandbox.siwx.requests).toContain('GET /siwx/nonce')

    await page.keyboard.press('Escape')
    expect(await isOpen()).toBe(true)
    const cancel = signView().getByRole('button', { name: 'Cancel and disconnect' })
    expect(await cancel.isEnabled()).toBe(true)
    await cancel.click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    expect(await signView().count()).toBe(0)
    expect(await signedIn()).toBe('signed out')
    expect(await h.walletPrompt().count()).toBe(0)
  })

  test('a nonce answer that sets the URI to another site is refused with the reason; the wallet is never asked', async () => {
    const origin = new URL(h.sandbox.url).origin
    h.sandbox.siwx.setNonceFields({ uri: 'https://evil.example/' })
    await connect('optional')
    await expect.poll(() => signView().getByTestId('siwx-error').count(), { timeout: 15_000 }).toBe(1)
    expect(await signView().getByTestId('siwx-error').innerText()).toBe(
      `The message is for https://evil.example/, not this page (${origin}): it was not signed`,
    )
    expect(await signView().getByTestId('siwx-message').count()).toBe(0)
    expect(await h.walletPrompt().count()).toBe(0)
    expect(await signedIn()).toBe('signed out')
  })

  test('a nonce answer whose statement reads as a line of the message ("Chain ID: 137") is refused with the reason; the wallet is never asked', async () => {
    h.sandbox.siwx.setNonceFields({ statement: 'Chain ID: 137' })
    await connect('optional')
    await expect.poll(() => signView().getByTestId('siwx-error').count(), { timeout: 15_000 }).toBe(1)
    expect(await signView().getByTestId('siwx-error').innerText()).toBe(
      'The sign-in message is invalid: the statement "Chain ID: 137" reads as a line of the message (a field or another sign-in header)',
    )
    expect(await h.walletPrompt().count()).toBe(0)
    expect(await signedIn()).toBe('signed out')
  })

  test('optional, the nonce never comes: after 15 s the view says the server did not answer in time; once it answers, Try again signs in', async () => {
    const { page } = h.browser
    h.sandbox.siwx.setMode('hang')
    // The 15 s are driven on the page's clock, installed on the whole context: this test is the file's last.
    await page.clock.install()
    const error = signView().getByTestId('siwx-error')
    // The limit runs from the nonce's request, made just after its timer started.
    const start = await clockAtRequest(
      page,
      (request) => new URL(request.url()).pathname === '/siwx/nonce',
      () => connect('optional'),
    )
    await boundary(
      page,
      { start, limit: 15_000 },
      async () => {
        expect(await signView().getAttribute('data-phase')).toBe('preparing')
        expect(await error.count()).toBe(0)
      },
      async () => {
        await expect.poll(() => error.count()).toBe(1)
        expect(await error.innerText()).toBe('The sign-in server did not answer in time.')
      },
    )
    expect(await signView().getByTestId('siwx-cancel').isEnabled()).toBe(true)
    expect(await h.walletPrompt().count()).toBe(0)

    h.sandbox.siwx.setMode('up')
    await signView().getByRole('button', { name: 'Try again' }).click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)
  })
})
