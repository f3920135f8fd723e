// The legacy `siweConfig` option in Chromium: the demo app with ?siwe passes the host's callbacks (nonce, verify,
// session, sign-out over the sandbox's sign-in backend). Connecting shows the ConnectingSiwe view, the Sandbox
// Wallet signs with its real key, the host's verify hook gets a signature that verifies for the account, and the
// session it keeps is the page's; a refusal by the host keeps the view with its reason and no session.
import { createPublicClient, http } from 'viem'
import { beforeEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot } = h

const signView = () => modalRoot().getByTestId('siwx')
const signedIn = () => h.browser.page.getByTestId('signed-in').innerText()
const currentView = () =>
  h.browser.page.evaluate(() => (window as unknown as { modal: { getState(): { view?: string } } }).modal.getState().view)
const verified = () =>
  h.browser.page.evaluate(
    () => (window as unknown as { __siweVerified: { message: string; signature: string; ok: boolean }[] }).__siweVerified,
  )

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

/** Loads the demo with `siweConfig` (`required` or `optional`), connects the Sandbox Wallet, waits for the sign view. */
async function connectWithSiwe(mode: 'required' | 'optional') {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?siwe=${mode}`)
  await page.getByTestId('open-modal').click()
  await h.walletButton('Sandbox Wallet').click()
  await h.approveInWallet(/Connect/)
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  await expect.poll(() => signView().getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
}

describe('sign-in through the legacy siweConfig callbacks', () => {
  test('connecting shows ConnectingSiwe; the wallet signs; the verify hook gets a valid signature; the session is kept and ends on disconnect', async () => {
    const { page } = h.browser
    await connectWithSiwe('required')
    expect(await currentView()).toBe('ConnectingSiwe')
    const host = new URL(h.sandbox.url).host
    const message = await signView().getByTestId('siwx-message').innerText()
    expect(message.split('\n').slice(0, 2)).toEqual([`${host} wants you to sign in with your Ethereum account:`, h.sandbox.address])
    expect(message).toContain('\nSign in to the Vestibule Sandbox\n')
    expect(message).toContain('\nChain ID: 31337\n')
    // The nonce is the host's: the one its getNonce fetched from the backend.
    expect(h.sandbox.siwx.requests).toContain('GET /siwx/nonce')
    expect(await signedIn()).toBe('signed out')
    expect(await verified()).toEqual([])

    await signView().getByTestId('siwx-sign').click()
    await h.approveInWallet(/Sign this message/)
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open), { timeout: 15_000 }).toBe(false)
    await expect.poll(signedIn).toBe(`signed in as ${h.sandbox.address} on eip155:31337`)

    // The verify hook saw the message shown and a signature that verifies for the account on the chain.
    const [seen, ...more] = await verified()
    expect(more).toEqual([])
    expect(seen!.ok).toBe(true)
    expect(seen!.message).toBe(message)
    const client = createPublicClient({ transport: http(h.sandbox.chain.url) })
    expect(
      await client.verifyMessage({
        address: h.sandbox.address as `0x${string}`,
        message: seen!.message,
        signature: seen!.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(
      await client.verifyMessage({
        address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        message: seen!.message,
        signature: seen!.signature as `0x${string}`,
      }),
    ).toBe(false)

    // A reload: getSession answers for the account, so nothing is asked again and Account opens.
    await page.reload()
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account-balance').count(), { timeout: 15_000 }).toBe(1)
    expect(await signView().count()).toBe(0)
    expect(await verified()).toEqual([])

    // A disconnect calls the host's signOut: the backend forgets the session.
    await modalRoot().getByTestId('disconnect').click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await expect.poll(signedIn).toBe('signed out')
    expect(h.sandbox.siwx.requests).toContain('POST /siwx/signout')
    // Two wallet prompts, a reload and a disconnect on a loaded two-core machine.
  }, 90_000)

  test('a signature the host refuses keeps ConnectingSiwe with the reason, and no session', async () => {
    await connectWithSiwe('optional')
    expect(await currentView()).toBe('ConnectingSiwe')
    h.sandbox.siwx.setMode('refuse')
    await signView().getByTestId('siwx-sign').click()
    await h.approveInWallet(/Sign this message/)
    await expect.poll(() => signView().getByTestId('siwx-error').innerText(), { timeout: 15_000 }).toMatch(/did not accept the signature/)
    expect(await currentView()).toBe('ConnectingSiwe')
    expect((await verified()).map((v) => v.ok)).toEqual([false])
    expect(await signedIn()).toBe('signed out')
    // The form stays usable: cancelling an optional sign-in closes the modal and keeps the account connected.
    await signView().getByTestId('siwx-cancel').click()
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    expect(await h.browser.page.getByTestId('status').innerText()).toBe('connected')
  })
})
