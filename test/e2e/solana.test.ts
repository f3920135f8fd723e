// The solana plugin in Chromium against the sandbox: litesvm behind its JSON-RPC front and the Sandbox
// Solana Wallet (Wallet Standard, real ed25519 key). Plus EVM and Solana connected at once.
import { createPublicKey, verify } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { Keypair, PublicKey } from '@solana/web3.js'
import { decodeBase58 } from '../../chains/solana/base58.js'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

interface SolanaHandle {
  address: string
  config: { genesisHash: string; name: string }
  chain: { balance(address: string): bigint; fund(address: string, lamports: bigint): string }
}

const h = useSandboxBrowser({ families: ['solana'] })
const { modalRoot, walletButton, walletPrompt, approveInWallet } = h
let sol: SolanaHandle
let caipNetworkId: string

/** The balance the modal must show: the chain's own lamports, truncated (not rounded) to 3 decimals. */
const expectedBalance = (address: string) => truncatedBalance(sol.chain.balance(address), 9, 'SOL')

/** ed25519 verification with node:crypto only: the raw 32-byte key wrapped in its SPKI DER header. */
function verifyEd25519(message: string, signature: Uint8Array, address: string) {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), new PublicKey(address).toBytes()]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, Buffer.from(message, 'utf8'), key, signature)
}

/** Sends SOL from the page through the solana adapter (the wallet signs and sends); resolves with its answer. */
const sendFromPage = (to: string, lamports: bigint) =>
  h.browser.page.evaluate(
    async ({ to, lamports }) => {
      const kernel = (window as unknown as { modalKernel: any }).modalKernel
      const { accountState, networkState } = kernel.state.$chains.get().solana
      try {
        return {
          signature: await kernel.chains
            .get('solana')
            .sendNative({ to, value: BigInt(lamports), address: accountState.address, network: networkState.caipNetwork }),
        }
      } catch (error) {
        return { error: (error as Error).message, code: (error as { code?: string }).code }
      }
    },
    { to, lamports: lamports.toString() },
  )

async function connectSolana() {
  await h.browser.page.getByTestId('open-modal').click()
  await walletButton('Sandbox Solana Wallet').click()
  await approveInWallet(/Connect .* to Solana account/)
  await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
}

beforeAll(() => {
  sol = h.family<SolanaHandle>('solana')
  caipNetworkId = `solana:${sol.config.genesisHash.slice(0, 32)}`
})

describe('solana in Chromium against litesvm', () => {
  test('connect, exact balance, sign and verify, send SOL and see the recipient’s balance change', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    // Listed beside the EVM Sandbox Wallet, installed.
    await expect.poll(() => walletButton('Sandbox Solana Wallet').count()).toBe(1)
    await expect.poll(() => walletButton('Sandbox Solana Wallet').innerText()).toContain('Installed')
    expect(await walletButton('Sandbox Wallet').count()).toBe(1)
    await walletButton('Sandbox Solana Wallet').click()
    await approveInWallet(new RegExp(`Connect .* to Solana account ${sol.address}`))

    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
    expect(await balance.innerText()).toBe(expectedBalance(sol.address))
    // The demo account starts with 12.345678912 SOL: truncated, never rounded.
    expect(await balance.innerText()).toBe('12.345 SOL')
    expect(await page.getByTestId('caip-address').innerText()).toBe(`${caipNetworkId}:${sol.address}`)
    expect(await page.getByTestId('network').innerText()).toBe(`${sol.config.name} (${caipNetworkId})`)

    // Sign through the modal's handle; verify the base58 ed25519 signature against the address.
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = decodeBase58(await page.getByTestId('signature').innerText())!
    expect(verifyEd25519(message, signature, sol.address)).toBe(true)
    expect(verifyEd25519(`${message}.`, signature, sol.address)).toBe(false)

    // Send SOL: the wallet shows the transfer, signs and sends it to litesvm.
    const to = Keypair.generate().publicKey.toBase58()
    const before = sol.chain.balance(sol.address)
    const sending = sendFromPage(to, 1_234_567_890n)
    await approveInWallet(new RegExp(`Send 1\\.23456789 SOL to ${to}`))
    const sent = await sending
    expect(sent.error).toBeUndefined()
    expect(decodeBase58(sent.signature)).toHaveLength(64)
    expect(sol.chain.balance(to)).toBe(1_234_567_890n)
    expect(sol.chain.balance(sol.address)).toBe(before - 1_234_567_890n - 5000n)

    // The modal shows the new balance once refreshed (past the 30 s balance cache).
    await page.getByTestId('open-modal').click()
    await page.evaluate(() =>
      (window as unknown as { modal: { refreshBalance(ns: string, o: object): Promise<void> } }).modal.refreshBalance('solana', {
        force: true,
      }),
    )
    await expect.poll(() => balance.innerText()).toBe(expectedBalance(sol.address))
    expect(h.browser.offLoopback).toEqual([])
  })

  test('bad input: invalid and EVM addresses, a declined transfer, a wallet without signMessage', async () => {
    const { page } = h.browser
    await connectSolana()
    expect(await sendFromPage('0x52908400098527886E0F7030069857D2E4169EE7', 1n)).toEqual({
      error: 'Invalid Solana address: "0x52908400098527886E0F7030069857D2E4169EE7" (expected base58 text of a 32-byte public key)',
      code: 'NOT_SUPPORTED',
    })
    expect(await sendFromPage(Keypair.generate().publicKey.toBase58(), 0n)).toEqual({
      error: 'Please enter a valid amount and receiver address',
      code: 'NOT_SUPPORTED',
    })

    const to = Keypair.generate().publicKey.toBase58()
    const sending = sendFromPage(to, 5_000_000n)
    await walletPrompt().waitFor({ state: 'visible' })
    await page.locator('[data-testid="sandbox-wallet-reject"]').click()
    expect(await sending).toMatchObject({ code: 'USER_REJECTED' })
    expect(sol.chain.balance(to)).toBe(0n)

    await page.evaluate(() =>
      (window as unknown as { sandboxSolanaWallet: { disable(f: string): void } }).sandboxSolanaWallet.disable('solana:signMessage'),
    )
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await expect
      .poll(() => page.getByTestId('signature').innerText())
      .toBe('Message signing (solana:signMessage) is not supported by this wallet')
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('the Solana session survives a reload (silent connect, no prompt)', async () => {
    const { page } = h.browser
    await connectSolana()
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await page.getByTestId('caip-address').innerText()).toBe(`${caipNetworkId}:${sol.address}`)
    expect(await walletPrompt().count()).toBe(0)
  })
})

describe('EVM and Solana connected at once', () => {
  test('one extension on both families is one multi-chain row: the user picks the family, that wallet connects', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?multichain`)
    await page.getByTestId('open-modal').click()
    // One row, although the wallet announced itself to eip155 (EIP-6963) and to Solana (Wallet Standard).
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    expect(await walletButton('Sandbox Wallet').getAttribute('data-wallet-id')).toBe('multi:dev.vestibule.sandbox')
    expect(await walletButton('Sandbox Wallet').innerText()).toContain('Installed')
    await walletButton('Sandbox Wallet').click()
    const choices = modalRoot().getByTestId('multi-chain-list')
    await expect
      .poll(() =>
        choices
          .locator('button')
          .evaluateAll((buttons) => buttons.map((b) => [(b as HTMLElement).dataset.namespace, b.textContent!.replace('›', '').trim()])),
      )
      .toEqual([
        ['eip155', 'EVM networks'],
        ['solana', 'Solana'],
      ])
    expect(await modalRoot().locator('h2, [data-testid="view-title"]').first().innerText()).toContain('Sandbox Wallet')
    await choices.locator('button[data-namespace="solana"]').click()
    await approveInWallet(new RegExp(`Connect .* to Solana account ${sol.address}`))
    await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`${caipNetworkId}:${sol.address}`)

    // Opened for one family (Account → Solana is connected, EVM is not), the list is that family's: no merging.
    await page.keyboard.press('Escape')
    await page.evaluate(() =>
      (window as unknown as { modal: { open(view: string, data: unknown): Promise<void> } }).modal.open('Connect', { namespace: 'eip155' }),
    )
    await expect.poll(() => walletButton('Sandbox Wallet').getAttribute('data-wallet-id')).toBe('eip155:dev.vestibule.sandbox')
    await page.goto(h.sandbox.url)
  })

  test('switch the active namespace from the network list, reload keeps both, disconnect one keeps the other', async () => {
    const { page } = h.browser
    const caip = page.getByTestId('caip-address')
    /** Account → network control → the Networks view, which lists every namespace's networks. */
    const chooseNetwork = async (id: string) => {
      await modalRoot().getByTestId('network-button').click()
      await modalRoot().locator(`[data-testid="networks"] button[data-network-id="${id}"]`).click()
    }

    // EVM first.
    await page.getByTestId('open-modal').click()
    await walletButton('Sandbox Wallet').click()
    await approveInWallet(/Connect/)
    await expect.poll(() => caip.innerText()).toBe(`eip155:31337:${h.sandbox.address}`)
    // With only EVM connected, Account offers to connect another chain family.
    await expect.poll(() => modalRoot().getByTestId('connect-another').count()).toBe(1)

    // The network list has both namespaces; choosing the Solana cluster (not connected yet) leads to Connect
    // with only Solana wallets.
    await modalRoot().getByTestId('network-button').click()
    await expect
      .poll(() =>
        modalRoot()
          .locator('[data-testid="networks"] li')
          .evaluateAll((items) => items.map((li) => (li as HTMLElement).dataset.namespace)),
      )
      .toEqual(['eip155', 'eip155', 'solana'])
    await modalRoot().locator(`[data-testid="networks"] button[data-network-id="${caipNetworkId}"]`).click()
    // (Catalog and WalletConnect entries, which belong to no single namespace, stay.)
    await expect.poll(() => walletButton('Sandbox Solana Wallet').count()).toBe(1)
    expect(await walletButton('Sandbox Wallet').count()).toBe(0)
    await walletButton('Sandbox Solana Wallet').click()
    await approveInWallet(/to Solana account/)
    await expect.poll(() => caip.innerText()).toBe(`${caipNetworkId}:${sol.address}`)
    await expect.poll(() => modalRoot().getByTestId('account-balance').innerText(), { timeout: 10_000 }).toBe(expectedBalance(sol.address))
    expect(
      await page.evaluate(() =>
        (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces.sort(),
      ),
    ).toEqual(['eip155', 'solana'])

    // The network list marks both families as connected.
    await modalRoot().getByTestId('network-button').click()
    await expect
      .poll(() =>
        modalRoot()
          .locator('[data-testid="networks"] li')
          .evaluateAll((items) => items.map((li) => [(li as HTMLElement).dataset.namespace, li.hasAttribute('data-connected')])),
      )
      .toEqual([
        ['eip155', true],
        ['eip155', true],
        ['solana', true],
      ])
    await modalRoot().getByRole('button', { name: /back/i }).first().click()

    // Back to EVM from the network list: no wallet prompt, the EVM account and balance are shown.
    await chooseNetwork('eip155:31337')
    await expect.poll(() => caip.innerText()).toBe(`eip155:31337:${h.sandbox.address}`)
    await expect.poll(() => modalRoot().getByTestId('account-balance').innerText(), { timeout: 10_000 }).toMatch(/ ETH$/)
    expect(await walletPrompt().count()).toBe(0)

    // Signing follows the active namespace (EVM: a 65-byte hex signature).
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^0x[0-9a-f]{130}$/)

    // A reload restores both namespaces, EVM active.
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await caip.innerText()).toBe(`eip155:31337:${h.sandbox.address}`)
    expect(
      await page.evaluate(() =>
        (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces.sort(),
      ),
    ).toEqual(['eip155', 'solana'])

    // Both are listed with their accounts, EVM active; each can be ended alone, or all at once.
    const listed = modalRoot().getByTestId('connected-namespaces')
    expect(
      await listed
        .locator('li')
        .evaluateAll((items) => items.map((li) => [(li as HTMLElement).dataset.namespace, li.hasAttribute('data-active')])),
    ).toEqual([
      ['eip155', true],
      ['solana', false],
    ])
    expect(await modalRoot().getByTestId('disconnect-all').count()).toBe(1)
    // Every chain family the app offers here is connected: nothing more to connect.
    expect(await modalRoot().getByTestId('connect-another').count()).toBe(0)

    // Disconnect the active (EVM) namespace: Solana stays connected and becomes active; Account stays open.
    await listed
      .locator('li[data-namespace="eip155"]')
      .getByRole('button', { name: /^Disconnect/ })
      .click()
    await expect.poll(() => caip.innerText()).toBe(`${caipNetworkId}:${sol.address}`)
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    expect(await modalRoot().getByTestId('account').count()).toBe(1)
    // Its Tokens tab shows Solana's balances: what the EVM account left behind is not all it ever shows.
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    await expect
      .poll(
        () =>
          modalRoot()
            .getByTestId('token-row')
            .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-token'))),
        { timeout: 10_000 },
      )
      .toContain('SOL')

    // After another reload only Solana comes back.
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await caip.innerText()).toBe(`${caipNetworkId}:${sol.address}`)
    expect(
      await page.evaluate(
        () => (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces,
      ),
    ).toEqual(['solana'])

    // Disconnecting the last one goes back to Connect.
    await modalRoot().getByTestId('disconnect').click()
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count()).toBe(1)
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')
    expect(h.browser.offLoopback).toEqual([])
  })
})
