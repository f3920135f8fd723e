// Send from the embedded wallet, whose approval (ApproveTransaction) is shown over the Send view: back on Send the
// user sees the wallet's answer, the confirmation of what was sent or the reason it was not, with the form kept;
// leaving Send empties it. A network switch meanwhile empties the send state at once, and the form once the wallet
// answers.
import { describe, expect, test } from 'vitest'
import { shortenAddress } from '../../kernel/format.js'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { chooseToken } from './send-form.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 90_000
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** Logs in with a new email through the embedded wallet: the code is read from the sandbox's mailbox. */
async function emailLogin(name: string) {
  const { page } = h.browser
  const modal = h.modalRoot()
  const email = `${name}-${Date.now()}@example.com`
  await page.goto(`${h.sandbox.url}?auth`)
  await page.getByTestId('open-modal').click()
  await modal.getByTestId('auth-email-input').fill(email)
  await modal.getByTestId('auth-email-submit').click()
  await modal.getByTestId('auth-otp').waitFor()
  let code = ''
  await expect
    .poll(async () => {
      const list = (await (await fetch(`${h.sandbox.auth.mail.url}messages.json?to=${encodeURIComponent(email)}`)).json()) as {
        text: string
      }[]
      return (code = /\b(\d{6})\b/.exec(list.at(-1)?.text ?? '')?.[1] ?? '')
    })
    .toMatch(/^\d{6}$/)
  for (const [i, digit] of [...code].entries()) await modal.getByTestId(`auth-otp-${i}`).fill(digit)
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
}

/** Opens Send, fills 0.25 ETH to RECEIVER, reviews and confirms: the approval is shown over Send. */
async function sendUntilApproval() {
  const modal = h.modalRoot()
  await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = modal.getByTestId('send')
  await chooseToken(form, 'ETH')
  await form.getByLabel('Amount').fill('0.25')
  await form.getByTestId('send-receiver').fill(RECEIVER)
  await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d+(\.\d+)? ETH/)
  await form.getByTestId('send-review').click()
  await form.getByTestId('send-confirm').click()
  await modal.getByTestId('auth-approve').waitFor()
  expect(await form.count()).toBe(0)
}

/** The send plugin's public state: amount and receiver of the form, and whether a send is under way. */
const sendState = () =>
  h.browser.page.evaluate(() => {
    const s = (
      window as unknown as {
        modal: { getPlugin(name: string): { $send: { get(): { sendTokenAmount?: bigint; receiverAddress?: string; loading: boolean } } } }
      }
    ).modal
      .getPlugin('send')
      .$send.get()
    return { amount: s.sendTokenAmount?.toString(), receiver: s.receiverAddress, loading: s.loading }
  })

describe('send through the embedded wallet’s approval', () => {
  test(
    'approved: back on Send the confirmation shows; Done leaves it and the next Send is empty',
    async () => {
      await emailLogin('dora')
      await sendUntilApproval()
      const modal = h.modalRoot()
      await modal.getByTestId('auth-approve-button').click()
      const sent = modal.getByTestId('send-sent')
      await expect.poll(() => sent.count(), { timeout: 20_000 }).toBe(1)
      expect(await sent.getByTestId('send-sent-summary').innerText()).toBe(`Sent 0.25 ETH to ${shortenAddress(RECEIVER)}`)
      await sent.getByTestId('send-done').click()
      await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
      const form = modal.getByTestId('send')
      await form.waitFor()
      expect(await form.getByLabel('Amount').inputValue()).toBe('')
      expect(await form.getByTestId('send-receiver').inputValue()).toBe('')
    },
    LONG,
  )

  test(
    'a network switch while the approval is shown: the send state is emptied at once and stays so; back on Send, the form is empty',
    async () => {
      const { page } = h.browser
      await emailLogin('finn')
      await sendUntilApproval()
      expect(await sendState()).toEqual({ amount: '250000000000000000', receiver: RECEIVER, loading: true })
      await page.evaluate(() =>
        (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork('eip155:31338'),
      )
      await expect.poll(() => page.getByTestId('network').innerText()).toBe('Sandbox L2 (eip155:31338)')
      const empty = { amount: undefined, receiver: undefined, loading: false }
      expect(await sendState()).toEqual(empty)
      const modal = h.modalRoot()
      await modal.getByTestId('auth-reject').click()
      const form = modal.getByTestId('send')
      await form.waitFor()
      // The form on the L2 is shown (its balances loaded), and stays empty.
      await expect.poll(() => form.getByTestId('send-token').innerText(), { timeout: 15_000 }).toContain('ETH')
      await nextFrames(page)
      expect(await form.getByLabel('Amount').inputValue()).toBe('')
      expect(await form.getByTestId('send-receiver').inputValue()).toBe('')
      expect(await form.getByTestId('send-error').count()).toBe(0)
      expect(await sendState()).toEqual(empty)
    },
    LONG,
  )

  test(
    'declined: back on Send the reason shows beside the form, which is kept; back to Account empties it',
    async () => {
      await emailLogin('eve')
      await sendUntilApproval()
      const modal = h.modalRoot()
      await modal.getByTestId('auth-reject').click()
      const form = modal.getByTestId('send')
      await expect
        .poll(() => form.getByTestId('send-error').innerText(), { timeout: 20_000 })
        .toBe('You declined the transaction in your wallet')
      expect(await form.getByLabel('Amount').inputValue()).toBe('0.25')
      expect(await form.getByTestId('send-receiver').inputValue()).toBe(RECEIVER)
      expect(await form.getByTestId('send-preview').innerText()).toContain('0.25 ETH')
      await modal.getByRole('button', { name: 'Back' }).click()
      await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
      await form.waitFor()
      expect(await form.getByLabel('Amount').inputValue()).toBe('')
      expect(await form.getByTestId('send-receiver').inputValue()).toBe('')
      expect(await form.getByTestId('send-error').count()).toBe(0)
    },
    LONG,
  )
})
