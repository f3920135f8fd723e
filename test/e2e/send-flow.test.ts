// Send's messages and states in the browser over the sandbox: a decline is one message (no failure toast); an
// amount above the balance is the one error shown; a reason goes once its cause is gone; a fee is never shown for
// other inputs; a successful send ends on a confirmation (amount, receiver, the explorer link where the network has
// a block explorer); a network switch while Send is open empties the form and the send state for good.
import { createPublicClient, http, type Hash } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { shortenAddress } from '../../kernel/format.js'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { fillSendForm, openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const fill = (form: Locator, amount: string, receiver = RECEIVER) =>
  fillSendForm(form, { symbol: 'ETH', amount, receiver, feeSymbol: 'ETH' })
type Page = typeof h.browser.page

/** Records every snackbar the modal opens from now on, as "variant: message". */
async function recordSnackbars(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __snackbars: string[]
      modalKernel: { feedback: { $snackbar: { listen(fn: (s: { open: boolean; variant: string; message: string }) => void): void } } }
    }
    w.__snackbars = []
    w.modalKernel.feedback.$snackbar.listen((s) => void (s.open && w.__snackbars.push(`${s.variant}: ${s.message}`)))
  })
  return () => page.evaluate(() => (window as unknown as { __snackbars: string[] }).__snackbars)
}

/** Switches to the Sandbox L2 through the host's API; the wallet adds it first. */
async function switchToL2() {
  const switched = h.browser.page.evaluate(() =>
    (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork('eip155:31338'),
  )
  await h.approveInWallet(/Add network "Sandbox L2"/)
  await switched
  await expect.poll(() => h.browser.page.getByTestId('network').innerText()).toBe('Sandbox L2 (eip155:31338)')
}

describe('send: messages and states', () => {
  test('a declined send is one message beside the form, with no failure toast', async () => {
    const form = await openSendForm(h)
    await fill(form, '0.01')
    const snackbars = await recordSnackbars(h.browser.page)
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(/Send/, false)
    await expect.poll(() => form.getByTestId('send-error').innerText()).toBe('You declined the transaction in your wallet')
    // The refusal is handled and drawn; a snackbar for it would be on screen by now.
    await nextFrames(h.browser.page)
    expect(await snackbars()).toEqual([])
    expect(await form.locator('[role="alert"]').allInnerTexts()).toEqual(['You declined the transaction in your wallet'])
  })

  test('99999 ETH: "More than your balance" is the one error, before and after Review; no fee is estimated for it', async () => {
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('99999')
    await form.getByTestId('send-receiver').fill(RECEIVER)
    await expect.poll(() => form.locator('[role="alert"]').allInnerTexts()).toEqual(['More than your balance'])
    // The fee line has settled (not "…" for an estimate under way).
    await expect.poll(() => form.getByTestId('send-fee').innerText()).not.toContain('…')
    await nextFrames(h.browser.page)
    expect(await form.locator('[role="alert"]').allInnerTexts()).toEqual(['More than your balance'])
    expect(await form.getByTestId('send-fee').innerText()).not.toContain('could not be estimated')
    await form.getByTestId('send-review').click()
    // Review is refused on the click itself: two frames later the form shows what it will show.
    await nextFrames(h.browser.page)
    expect(await form.locator('[role="alert"]').allInnerTexts()).toEqual(['More than your balance'])
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().isVisible()).toBe(false)
  })

  test('"Please enter a valid amount and receiver address" goes once both are valid, without another Review', async () => {
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-error').textContent()).toBe('Please enter a valid amount and receiver address')
    await form.getByTestId('send-receiver').fill(RECEIVER)
    await expect.poll(() => form.getByTestId('send-error').count()).toBe(0)
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d ETH/)
    expect(await form.getByTestId('send-error').count()).toBe(0)
    expect(await form.locator('[role="alert"]').count()).toBe(0)
  })

  test('after editing the amount the fee line says the fee is being estimated until the new one comes; Review says so too, then not', async () => {
    // 21,000 gas at 1,000 gwei: 0.021 ETH.
    h.sandbox.providerApi.setGasPrice('eip155:31337', { standard: '1000000000000' })
    const form = await openSendForm(h)
    await fill(form, '0.01')
    expect(await form.getByTestId('send-fee').innerText()).toContain('0.021 ETH')
    // Every text the fee line shows from the edit on.
    await form.evaluate((element) => {
      const fee = element.querySelector('[data-testid="send-fee"]')!
      const shown: string[] = ((window as unknown as { __fees: string[] }).__fees = [])
      new MutationObserver(() => shown.push((fee as HTMLElement).innerText)).observe(fee, {
        subtree: true,
        childList: true,
        characterData: true,
      })
    })
    await form.getByLabel('Amount').fill('0.02')
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-error').innerText()).toContain('being estimated')
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toContain('0.021 ETH')
    const shown = await h.browser.page.evaluate(() => (window as unknown as { __fees: string[] }).__fees)
    expect(shown.length).toBeGreaterThan(1)
    expect(
      shown.slice(0, -1).every((text) => text.endsWith('…')),
      shown.join(' | '),
    ).toBe(true)
    // The reason went with its cause: the fee is known.
    await expect.poll(() => form.getByTestId('send-error').count()).toBe(0)
  })

  test('a sent transfer ends on a confirmation: amount and receiver, and the explorer link where the network has an explorer', async () => {
    const form = await openSendForm(h)
    await fill(form, '0.01')
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.approveInWallet(/Send 10000000000000000 wei/)
    const sent = modalRoot().getByTestId('send-sent')
    await expect.poll(() => sent.innerText()).toContain(`Sent 0.01 ETH to ${shortenAddress(RECEIVER)}`)
    // Localhost has no block explorer: no link.
    expect(await sent.getByTestId('send-explorer').count()).toBe(0)
    await sent.getByTestId('send-done').click()
    await modalRoot().getByTestId('account-features').waitFor()

    await switchToL2()
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    const again = modalRoot().getByTestId('send')
    await fill(again, '0.02')
    await again.getByTestId('send-review').click()
    await again.getByTestId('send-confirm').click()
    await h.approveInWallet(/Send 20000000000000000 wei/)
    await expect.poll(() => sent.innerText()).toContain(`Sent 0.02 ETH to ${shortenAddress(RECEIVER)}`)
    const href = (await sent.getByTestId('send-explorer').getAttribute('href'))!
    const match = new RegExp(`^${h.sandbox.providerApi.url}/explorer/tx/(0x[0-9a-f]{64})$`).exec(href)
    expect(match, href).not.toBeNull()
    // The link names the transaction that moved the ETH on the L2.
    const tx = await createPublicClient({ transport: http(h.sandbox.l2.url) }).getTransaction({ hash: match![1] as Hash })
    expect([tx.to?.toLowerCase(), tx.value]).toEqual([RECEIVER.toLowerCase(), 20_000_000_000_000_000n])
  })

  test('a network switch while Send is open empties the form and the send state, and nothing writes them back', async () => {
    const { page } = h.browser
    const form = await openSendForm(h)
    await fill(form, '0.01')
    const sendState = () =>
      page.evaluate(() => {
        const s = (
          window as unknown as {
            modal: { getPlugin(name: string): { $send: { get(): { sendTokenAmount?: bigint; receiverAddress?: string } } } }
          }
        ).modal
          .getPlugin('send')
          .$send.get()
        return { amount: s.sendTokenAmount?.toString(), receiver: s.receiverAddress }
      })
    expect(await sendState()).toEqual({ amount: '10000000000000000', receiver: RECEIVER })
    await switchToL2()
    // The form on the L2 is shown (its balances loaded), empty.
    await expect.poll(() => form.getByTestId('send-token').innerText()).toContain('ETH')
    await nextFrames(page)
    expect(await form.getByTestId('send-receiver').inputValue()).toBe('')
    expect(await form.getByLabel('Amount').inputValue()).toBe('')
    expect(await sendState()).toEqual({ amount: undefined, receiver: undefined })
    // A wallet prompt and a network switch on a loaded two-core machine: more than the default 30 s may pass.
  }, 60_000)
})
