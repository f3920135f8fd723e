/**
 * The embedded wallet's steps in the browser tests: the demo app with email login, the address sent from the
 * modal's form, the six-digit code read from the sandbox's mailbox (its page's JSON) and typed box by box; a send
 * from Account up to the embedded wallet's approval.
 */
import { expect } from 'vitest'
import type { SandboxBrowser } from './harness.js'
import { fillSendForm } from './send-form.js'

/** The code of the newest email to `email`, read from the mailbox page's JSON; polled until one has arrived. */
export async function mailedCode(h: SandboxBrowser, email: string, timeout?: number): Promise<string> {
  let code = ''
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${h.sandbox.auth.mail.url}messages.json?to=${encodeURIComponent(email)}`)).json()) as {
          text: string
        }[]
        code = /\b(\d{6})\b/.exec(list.at(-1)?.text ?? '')?.[1] ?? ''
        return code
      },
      timeout ? { timeout } : {},
    )
    .toMatch(/^\d{6}$/)
  return code
}

/** Types `code` box by box (the last digit sends it). */
export async function typeCode(h: SandboxBrowser, code: string) {
  for (const [i, digit] of [...code].entries()) await h.modalRoot().getByTestId(`auth-otp-${i}`).fill(digit)
}

/** Sends `email` from the open modal's email form; resolves with the mailed code once the code boxes show. */
export async function requestCode(h: SandboxBrowser, email: string, timeout?: number): Promise<string> {
  const modal = h.modalRoot()
  await modal.getByTestId('auth-email-input').fill(email)
  await modal.getByTestId('auth-email-submit').click()
  await modal.getByTestId('auth-otp').waitFor(timeout ? { timeout } : undefined)
  return mailedCode(h, email, timeout)
}

/** Loads the demo app with email login (`query` follows `?auth`) and opens the modal on its email form. */
export async function openWithAuth(h: SandboxBrowser, query = '') {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?auth${query}`)
  await page.getByTestId('open-modal').click()
  await h.modalRoot().getByTestId('auth-email-input').waitFor()
}

/** From the open email form: signs in as `email` with the mailed code; resolves once the page says connected. */
export async function signInWithEmail(h: SandboxBrowser, email: string, timeout?: number) {
  await typeCode(h, await requestCode(h, email, timeout))
  await expect.poll(() => h.browser.page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
}

/** Loads the demo app with email login (`query` follows `?auth`) and signs in as `email`. */
export async function emailLogin(h: SandboxBrowser, email: string, query = '') {
  await openWithAuth(h, query)
  await signInWithEmail(h, email)
}

/** From Account: opens Send, fills it (`fields` as fillSendForm takes them), reviews and confirms; resolves once the embedded wallet asks for approval. */
export async function sendToApproval(h: SandboxBrowser, fields: Parameters<typeof fillSendForm>[1]) {
  const modal = h.modalRoot()
  await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = modal.getByTestId('send')
  await fillSendForm(form, fields)
  await form.getByTestId('send-review').click()
  await form.getByTestId('send-confirm').click()
  await modal.getByTestId('auth-approve').waitFor()
}
