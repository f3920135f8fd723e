// The embedded wallet on Solana: one email login connects eip155 and solana through the AUTH connector; a SOL
// send from the Solana account is approved in ApproveTransaction, signed at the secure site with the user's
// ed25519 key and lands on the local cluster (litesvm).
import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { chooseToken } from './send-form.js'

interface SolanaHandle {
  chain: { balance(address: string): bigint }
}

const h = useSandboxBrowser({ families: ['solana'], timeout: 120_000 })

describe('embedded wallet on solana', () => {
  test('an email login connects both families; a SOL send approved in the modal reaches the receiver', async () => {
    const sol = h.family<SolanaHandle>('solana')
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?auth`)
    await page.getByTestId('open-modal').click()
    const modal = h.modalRoot()
    const email = `sol-${Date.now()}@example.com`
    await modal.getByTestId('auth-email-input').fill(email)
    await modal.getByTestId('auth-email-submit').click()
    await modal.getByTestId('auth-otp').waitFor()
    let code = ''
    await expect
      .poll(async () => {
        const list = h.sandbox.auth.mail.messages(email)
        code = /\b(\d{6})\b/.exec(list.at(-1)?.text ?? '')?.[1] ?? ''
        return code
      })
      .toMatch(/^\d{6}$/)
    for (const [i, digit] of [...code].entries()) await modal.getByTestId(`auth-otp-${i}`).fill(digit)
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces.sort()), { timeout: 30_000 })
      .toEqual(['eip155', 'solana'])

    // Solana becomes the active account through the Account view's network list.
    const solanaNetwork = (await page.evaluate(() => (window as unknown as { __SANDBOX__: { families: { solana: { genesisHash: string } } } }).__SANDBOX__.families.solana.genesisHash)).slice(0, 32)
    await page.evaluate((id) => (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork(`solana:${id}`), solanaNetwork)
    await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 15_000 }).toMatch(/^solana:/)
    const receiver = Keypair.generate().publicKey.toBase58()
    await modal.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    const form = modal.getByTestId('send')
    await chooseToken(form, 'SOL')
    await form.getByLabel('Amount').fill('0.25')
    await form.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d+(\.\d+)? SOL/)
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await modal.getByTestId('auth-approve').waitFor()
    await modal.getByTestId('auth-approve-button').click()
    await expect.poll(() => sol.chain.balance(receiver), { timeout: 20_000 }).toBe(250_000_000n).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the modal shows: ${await modal.innerText()}`)
    })
  }, 120_000)
})
