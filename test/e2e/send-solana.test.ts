// Send on Solana in the browser: SOL and the sandbox's SPL token (sUSDC) through the Send form and the Sandbox
// Solana Wallet, checked by the receiver's balances on the local cluster (litesvm). The receiver is a fresh
// account, so the SPL transfer also creates its token account, whose deposit the fee estimate includes.
import { Keypair } from '@solana/web3.js'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { chooseToken, fillSendForm, openSendForm } from './send-form.js'

interface SolanaHandle {
  address: string
  token: { address: string; symbol: string; decimals: number }
  chain: { balance(address: string): bigint; tokenBalance(owner: string, mint: string): bigint }
}

const h = useSandboxBrowser({ families: ['solana'] })
const { modalRoot, approveInWallet } = h
let sol: SolanaHandle

beforeAll(() => {
  sol = h.family<SolanaHandle>('solana')
})

const openSend = () => openSendForm(h, 'Sandbox Solana Wallet', /Connect .* to Solana account/)
const fill = (form: Locator, symbol: string, amount: string, receiver: string) =>
  fillSendForm(form, { symbol, amount, receiver, feeSymbol: 'SOL' })

describe('send on solana', () => {
  test('SOL, then sUSDC (SPL) to an account without a token account: both reach the receiver on the cluster', async () => {
    const receiver = Keypair.generate().publicKey.toBase58()
    const form = await openSend()

    await fill(form, 'SOL', '0.25', receiver)
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('0.25 SOL')
    await form.getByTestId('send-confirm').click()
    await approveInWallet(new RegExp(`Send 0.25 SOL to ${receiver}`))
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toContain('Transaction started')
    await expect.poll(() => sol.chain.balance(receiver)).toBe(250_000_000n)
    await modalRoot().getByTestId('send-done').click()

    const senderTokens = sol.chain.tokenBalance(sol.address, sol.token.address)
    await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
    const again = modalRoot().getByTestId('send')
    await fill(again, 'sUSDC', '1.5', receiver)
    // The receiver has no sUSDC account yet: the fee shown includes its deposit (more than the 0.000005 SOL fee).
    const fee = Number((await again.getByTestId('send-fee').innerText()).match(/([\d.]+) SOL/)![1])
    expect(fee).toBeGreaterThanOrEqual(0.002)
    await again.getByTestId('send-review').click()
    await expect.poll(() => again.getByTestId('send-preview').innerText()).toContain('1.5 sUSDC')
    await again.getByTestId('send-confirm').click()
    await approveInWallet(new RegExp(`Transfer 1500000 base units \\(6 decimals\\) of token ${sol.token.address}`))
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toContain('Transaction started')
    await expect.poll(() => sol.chain.tokenBalance(receiver, sol.token.address)).toBe(1_500_000n)
    expect(sol.chain.tokenBalance(sol.address, sol.token.address)).toBe(senderTokens - 1_500_000n)
  })

  test('a SOL send the wallet declines: one message, no "Failed to send transaction" toast, the form kept with the reason', async () => {
    const receiver = Keypair.generate().publicKey.toBase58()
    const form = await openSend()
    await fill(form, 'SOL', '0.1', receiver)
    const { page } = h.browser
    await page.evaluate(() => {
      const w = window as unknown as {
        __snackbars: string[]
        modalKernel: { feedback: { $snackbar: { listen(fn: (s: { open: boolean; message: string }) => void): void } } }
      }
      w.__snackbars = []
      w.modalKernel.feedback.$snackbar.listen((s) => void (s.open && w.__snackbars.push(s.message)))
    })
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(new RegExp(`Send 0.1 SOL to ${receiver}`), false)
    await expect.poll(() => form.getByTestId('send-error').innerText()).toBe('You declined the transaction in your wallet')
    // The refusal is handled and drawn; a snackbar for it would be on screen by now.
    await nextFrames(page)
    expect(await page.evaluate(() => (window as unknown as { __snackbars: string[] }).__snackbars)).toEqual([])
    expect(await form.getByLabel('Amount').inputValue()).toBe('0.1')
    expect(sol.chain.balance(receiver)).toBe(0n)
  })

  test('more sUSDC than the account holds is refused in the form; the wallet is not asked', async () => {
    const form = await openSend()
    await chooseToken(form, 'sUSDC')
    await form.getByLabel('Amount').fill('100000')
    await form.getByTestId('send-receiver').fill(Keypair.generate().publicKey.toBase58())
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.innerText()).toContain('More than your balance')
    expect(await h.walletPrompt().count()).toBe(0)
  })
})
