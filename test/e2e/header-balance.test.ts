// One balance, one source of truth: after a token (SPL) send through the modal, the Account header's SOL balance
// follows the chain (the fee and the receiver's token-account deposit were paid in SOL) without reopening the modal.
import { Keypair } from '@solana/web3.js'
import { beforeAll, expect, test } from 'vitest'
import { truncatedBalance, useSandboxBrowser } from './harness.js'
import { fillSendForm, openSendForm } from './send-form.js'

interface SolanaHandle {
  address: string
  token: { address: string; symbol: string; decimals: number }
  chain: { balance(address: string): bigint }
}

const h = useSandboxBrowser({ families: ['solana'], timeout: 90_000 })
const { modalRoot, approveInWallet } = h
let sol: SolanaHandle
beforeAll(() => {
  sol = h.family<SolanaHandle>('solana')
})

test('after sending 2.5 sUSDC the header shows the SOL balance the chain has, in the same open modal', async () => {
  const receiver = Keypair.generate().publicKey.toBase58()
  const form = await openSendForm(h, 'Sandbox Solana Wallet', /Connect .* to Solana account/)
  const before = sol.chain.balance(sol.address)
  await fillSendForm(form, { symbol: 'sUSDC', amount: '2.5', receiver, feeSymbol: 'SOL' })
  await form.getByTestId('send-review').click()
  await form.getByTestId('send-confirm').click()
  await approveInWallet(new RegExp(`Transfer 2500000 base units \\(6 decimals\\) of token ${sol.token.address}`))
  await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toContain('Transaction started')
  await expect.poll(() => sol.chain.balance(sol.address)).toBeLessThan(before)
  const after = sol.chain.balance(sol.address)
  // The fee and the deposit change what the header shows (3 decimals), so a stale header cannot pass.
  expect(truncatedBalance(after, 9, 'SOL')).not.toBe(truncatedBalance(before, 9, 'SOL'))
  if (!(await modalRoot().getByTestId('account-balance').isVisible())) await modalRoot().getByRole('button', { name: 'Back' }).click()
  await expect
    .poll(() => modalRoot().getByTestId('account-balance').innerText(), { timeout: 15_000 })
    .toBe(truncatedBalance(after, 9, 'SOL'))
}, 90_000)
