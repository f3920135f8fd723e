// Sign-in with a contract account in Chromium: the Sandbox Wallet in contract-account mode (?walletAccount=…)
// reports a SmartAccount1271 its key owns and signs with that key; the sandbox's sign-in backend verifies through
// the chain plugin's verifier, on the node: EIP-1271 for a deployed account, EIP-6492 for one not deployed yet
// (simulated, nothing deployed), and a refusal for an account another key owns.
import { createWalletClient, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, test } from 'vitest'
import { DEPLOYER } from '../../sandbox/assets.mjs'
import { DEMO_PRIVATE_KEY } from '../../sandbox/demo.mjs'
import { rpc } from '../../sandbox/anvil.mjs'
import { counterfactualSmartAccount, deploySmartAccount, ERC6492_MAGIC } from '../../sandbox/contracts/smart-account.mjs'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot, walletButton, approveInWallet } = h

const signView = () => modalRoot().getByTestId('siwx')
const signedIn = () => h.browser.page.getByTestId('signed-in').innerText()
const codeAt = (address: string) => rpc(h.sandbox.chain.url, 'eth_getCode', [address, 'latest']) as Promise<string>

/** A wallet client of anvil's unlocked first account on chain 31337: it pays for the factory and deployments. */
const payer = () =>
  createWalletClient({
    account: DEPLOYER as Address,
    chain: {
      id: 31337,
      name: 'Sandbox',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [h.sandbox.chain.url] } },
    },
    transport: http(h.sandbox.chain.url),
  })

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

/** Loads the demo with required sign-in and the wallet in contract-account mode (`params`), connects, and waits for the sign view. */
async function connectAs(params: Record<string, string>) {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?${new URLSearchParams({ siwx: 'required', ...params })}`)
  await page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(
    new RegExp(`Connect .* to account ${params.walletAccount}\\?\\s+A contract account owned by ${h.sandbox.address}\\.`),
  )
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  await expect.poll(() => signView().getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
}

/** The address the sign-in message names (its second line). */
const messageAddress = async () => (await signView().getByTestId('siwx-message').innerText()).split('\n')[1]

describe('sign-in with a contract account (eip155, sandbox backend)', () => {
  test('a deployed EIP-1271 account owned by the wallet key signs in, verified by the backend on the node', async () => {
    const account = await deploySmartAccount(payer(), h.sandbox.address, { salt: 1271n })
    expect(await codeAt(account.address)).not.toBe('0x')
    await connectAs({ walletAccount: account.address })
    expect(await messageAddress()).toBe(account.address)
    expect(await signedIn()).toBe('signed out')

    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${account.address} on eip155:31337`)
    expect(h.sandbox.siwx.requests).toEqual(expect.arrayContaining(['GET /siwx/nonce', 'POST /siwx/verify']))
    // The key's own 65-byte signature, accepted by the contract's isValidSignature.
    expect(h.sandbox.siwx.attempts.map((a) => [a.address, a.signature.length])).toEqual([[account.address, 132]])

    // The wallet reports the contract account, and does not send from it.
    const answers = await h.browser.page.evaluate(async (to) => {
      const ethereum = (window as unknown as { ethereum: { request(args: { method: string; params?: unknown[] }): Promise<unknown> } })
        .ethereum
      const accounts = await ethereum.request({ method: 'eth_accounts' })
      const sent = await ethereum.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] }).then(
        () => 'sent',
        (error: { code: number }) => error.code,
      )
      return { accounts, sent }
    }, account.address)
    expect(answers).toEqual({ accounts: [account.address], sent: 4200 })
  })

  test('an account not deployed yet signs in with an EIP-6492 signature, and verifying deploys nothing', async () => {
    const future = await counterfactualSmartAccount(payer(), h.sandbox.address, { salt: 6492n })
    expect(await codeAt(future.address)).toBe('0x')
    await connectAs({ walletAccount: future.address, walletAccountFactory: future.factory, walletAccountFactoryData: future.factoryData })
    expect(await messageAddress()).toBe(future.address)

    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${future.address} on eip155:31337`)
    // What the backend verified was the EIP-6492 wrapper: the factory call around the key's signature.
    const [attempt] = h.sandbox.siwx.attempts
    expect(attempt?.signature.endsWith(ERC6492_MAGIC.slice(2))).toBe(true)
    expect(attempt?.signature.toLowerCase()).toContain(future.factoryData.slice(2).toLowerCase())
    expect(await codeAt(future.address)).toBe('0x')
  })

  test('an account another key owns is refused: signed out with the reason, still connected; the backend refuses the same signature', async () => {
    const stranger = '0x000000000000000000000000000000000000dEaD'
    const account = await deploySmartAccount(payer(), stranger, { salt: 1n })
    await connectAs({ walletAccount: account.address })
    const message = await signView().getByTestId('siwx-message').innerText()

    // The page checks the signature on the node before it posts it: the account's contract refuses the key.
    await signView().getByTestId('siwx-sign').click()
    await approveInWallet(/Sign this message/)
    await expect
      .poll(() => signView().getByTestId('siwx-error').innerText(), { timeout: 15_000 })
      .toBe('The signature does not match the message and account')
    expect(await signedIn()).toBe('signed out')
    expect(await h.browser.page.getByTestId('status').innerText()).toBe('connected')
    expect(h.sandbox.siwx.requests).not.toContain('POST /siwx/verify')

    // The backend, asked with that message (its nonce unspent there) and the key's signature, refuses it too.
    const signature = await privateKeyToAccount(DEMO_PRIVATE_KEY as Hex).signMessage({ message })
    const answer = await h.browser.page.evaluate(
      async (body) => {
        const response = await fetch('/siwx/verify', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
        return { status: response.status, body: await response.json() }
      },
      { message, signature },
    )
    expect(answer).toEqual({ status: 401, body: { error: 'the signature does not verify for this account', reasons: ['signature'] } })
    expect(await signedIn()).toBe('signed out')
  })

  test('a malformed walletAccount stops the wallet with the reason; without one the wallet reports its key', async () => {
    const { page } = h.browser
    const errors: string[] = []
    const onError = (error: Error) => errors.push(error.message)
    page.on('pageerror', onError)
    try {
      await page.goto(`${h.sandbox.url}?walletAccount=0x1234`)
      await expect.poll(() => errors).toContain('Sandbox Wallet: walletAccount is not an address: 0x1234')
      expect(await page.evaluate(() => 'sandboxWallet' in window)).toBe(false)
      await page.goto(`${h.sandbox.url}?walletAccount=${h.sandbox.address}&walletAccountFactory=0x1234`)
      await expect
        .poll(() => errors)
        .toContain('Sandbox Wallet: walletAccountFactory must be an address and walletAccountFactoryData hex bytes')
    } finally {
      page.off('pageerror', onError)
    }
    await page.goto(h.sandbox.url)
    expect(await page.evaluate(() => (window as unknown as { sandboxWallet: { address: string } }).sandboxWallet.address)).toBe(
      h.sandbox.address,
    )
  })
})
