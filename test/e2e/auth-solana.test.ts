// The embedded wallet on Solana: one email login connects eip155 and solana through the AUTH connector; a SOL
// send from the Solana account is approved in ApproveTransaction, signed at the secure site with the user's
// ed25519 key and lands on the local cluster (litesvm).
import { Keypair } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import { openWithAuth, requestCode, sendToApproval, typeCode } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'

interface SolanaHandle {
  chain: { balance(address: string): bigint }
}

const h = useSandboxBrowser({ families: ['solana'], timeout: 120_000 })

describe('embedded wallet on solana', () => {
  test('an email login connects both families; a SOL send approved in the modal reaches the receiver', async () => {
    const sol = h.family<SolanaHandle>('solana')
    const { page } = h.browser
    await openWithAuth(h)
    const modal = h.modalRoot()
    const email = `sol-${Date.now()}@example.com`
    await typeCode(h, await requestCode(h, email))
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces.sort(),
          ),
        { timeout: 30_000 },
      )
      .toEqual(['eip155', 'solana'])
    // The login lands on the host's first network (the demo lists its EVM networks first), not on the last namespace joined.
    await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 15_000 }).toMatch(/^eip155:31337:/)
    // Account says who is signed in: the email, under the address.
    await expect.poll(() => modal.getByTestId('account-user').innerText(), { timeout: 15_000 }).toBe(email)
    const [address, user] = [
      (await modal.getByTestId('account-address').boundingBox())!,
      (await modal.getByTestId('account-user').boundingBox())!,
    ]
    expect(user.y).toBeGreaterThan(address.y)

    // Solana becomes the active account through the Account view's network list.
    const solanaNetwork = (
      await page.evaluate(
        () =>
          (window as unknown as { __SANDBOX__: { families: { solana: { genesisHash: string } } } }).__SANDBOX__.families.solana.genesisHash,
      )
    ).slice(0, 32)
    await page.evaluate(
      (id) => (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork(`solana:${id}`),
      solanaNetwork,
    )
    await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 15_000 }).toMatch(/^solana:/)
    const receiver = Keypair.generate().publicKey.toBase58()
    await sendToApproval(h, { symbol: 'SOL', amount: '0.25', receiver, feeSymbol: 'SOL' })
    await modal.getByTestId('auth-approve-button').click()
    await expect
      .poll(() => sol.chain.balance(receiver), { timeout: 20_000 })
      .toBe(250_000_000n)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}; the modal shows: ${await modal.innerText()}`)
      })
  }, 120_000)
})
