/**
 * An app on wagmi's hooks with the modal's connector (sandbox page /wagmi): wagmi's connect opens the modal, the
 * Sandbox Wallet connects there, wagmi reads the balance from the chain, sends through the modal's wallet and the
 * balance moves on chain; a network switch through wagmi goes through the modal; wagmi's disconnect ends the
 * modal's session, and a session ended in the modal ends wagmi's.
 */
import { describe, expect, test } from 'vitest'
import { createPublicClient, formatEther, http, type Address } from 'viem'
import { SANDBOX_L2_CHAIN_ID } from '../../sandbox/demo.mjs'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton } = h
const RECEIVER: Address = '0x00000000000000000000000000000000000b0b01'

type ModalHandle = { getState(): { status: string; open: boolean; caipNetworkId?: string } }
const modalState = () => h.browser.page.evaluate(() => (window as unknown as { modal: ModalHandle }).modal.getState())

async function connectThroughWagmi() {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}wagmi`)
  await expect.poll(() => page.getByTestId('wagmi-status').innerText()).toBe('disconnected')
  await page.getByTestId('wagmi-connect').click()
  await walletButton('Sandbox Wallet').click()
  await h.approveInWallet(/connect/i)
  await expect.poll(() => page.getByTestId('wagmi-status').innerText(), { timeout: 15_000 }).toBe('connected')
}

describe('vestibule/wagmi in a wagmi app', () => {
  test('connects through the modal, shows the balance, sends, and the balance moves on chain', async () => {
    const { page } = h.browser
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const chain = createPublicClient({ transport: http(h.sandbox.chain.url) })
    await connectThroughWagmi()
    // The modal closed once the account was connected; wagmi has the modal's account and network.
    await expect.poll(async () => (await modalState()).open).toBe(false)
    expect((await page.getByTestId('wagmi-address').innerText()).toLowerCase()).toBe(h.sandbox.address.toLowerCase())
    expect(await page.getByTestId('wagmi-chain').innerText()).toBe('31337')

    const before = await chain.getBalance({ address: h.sandbox.address as Address })
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe(`${formatEther(before)} ETH`)
    const receiverBefore = await chain.getBalance({ address: RECEIVER })

    const form = page.getByTestId('transfer')
    await form.getByLabel('To').fill(RECEIVER)
    await form.getByLabel('Amount').fill('1.5')
    await form.getByRole('button', { name: 'Send' }).click()
    await h.approveInWallet(new RegExp(`Send 1500000000000000000 wei to ${RECEIVER}`, 'i'))
    await expect.poll(() => page.getByTestId('receipt').innerText(), { timeout: 20_000 }).toBe('success')

    expect(await chain.getBalance({ address: RECEIVER })).toBe(receiverBefore + 1_500_000_000_000_000_000n)
    const after = await chain.getBalance({ address: h.sandbox.address as Address })
    expect(before - after).toBeGreaterThan(1_500_000_000_000_000_000n)
    await expect.poll(() => page.getByTestId('balance').innerText()).toBe(`${formatEther(after)} ETH`)

    // On reload wagmi restores its connection through the modal's stored session, without a prompt.
    await page.reload()
    await expect.poll(() => page.getByTestId('wagmi-status').innerText(), { timeout: 15_000 }).toBe('connected')
    expect((await page.getByTestId('wagmi-address').innerText()).toLowerCase()).toBe(h.sandbox.address.toLowerCase())
    expect((await modalState()).status).toBe('connected')
    expect(await h.walletPrompt().count()).toBe(0)
    expect(errors).toEqual([])
  })

  test("wagmi's network switch goes through the modal; disconnect through wagmi ends the modal's session", async () => {
    const { page } = h.browser
    await connectThroughWagmi()
    await page.getByTestId('wagmi-switch').click()
    // The wallet does not know the Sandbox L2: the modal's chain plugin adds it.
    await h.approveInWallet(/Add network "Sandbox L2"/)
    await expect.poll(() => page.getByTestId('wagmi-chain').innerText(), { timeout: 15_000 }).toBe(String(SANDBOX_L2_CHAIN_ID))
    expect((await modalState()).caipNetworkId).toBe(`eip155:${SANDBOX_L2_CHAIN_ID}`)
    await expect.poll(() => page.getByTestId('balance').innerText()).toMatch(/ ETH$/)

    await page.getByTestId('wagmi-disconnect').click()
    await expect.poll(() => page.getByTestId('wagmi-status').innerText()).toBe('disconnected')
    await expect.poll(async () => (await modalState()).status).toBe('disconnected')
  })

  test('a session ended in the modal ends the wagmi connection; closing the modal unconnected fails the connect', async () => {
    const { page } = h.browser
    await connectThroughWagmi()
    await page.evaluate(() => (window as unknown as { modal: { disconnect(): Promise<void> } }).modal.disconnect())
    await expect.poll(() => page.getByTestId('wagmi-status').innerText()).toBe('disconnected')

    await page.getByTestId('wagmi-connect').click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('connect-error').innerText()).toMatch(/closed before a wallet connected/)
    expect(await modalRoot().isVisible()).toBe(false)
  })
})
