// The insufficient-gas check in the browser, for the embedded wallet's two account types: its EOA with no ETH is
// stopped in Send and in Swap ("Insufficient ETH for the network fee", no review), while its smart account with no
// ETH is not (its owner pays the fee) and its token send and swap land on anvil.
import { encodeFunctionData, parseAbi } from 'viem'
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { balanceOf, rpcCall } from '../../sandbox/provider-api/chain-data.mjs'
import { useSandboxBrowser } from './harness.js'
import { chooseToken } from './send-form.js'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 150_000
const E18 = 10n ** 18n
const RECEIVER = '0x90f79BF6Eb2c4F870365e477e9F9F4c0c2Ab5bA1'
const demo = () => h.sandbox.assets.tokens.find((t: { symbol: string }) => t.symbol === 'DEMO')!.address as `0x${string}`
const rpc = (method: string, params: unknown[]) => rpcCall(h.sandbox.chain.url, method, params)
const setEth = (address: string, wei: bigint) => rpc('anvil_setBalance', [address, `0x${wei.toString(16)}`])

/** Pays `amount` DEMO from the demo account to `to` (anvil impersonates the demo account). */
async function giveDemo(to: string, amount: bigint) {
  const data = encodeFunctionData({
    abi: parseAbi(['function transfer(address to, uint256 value) returns (bool)']),
    functionName: 'transfer',
    args: [to as `0x${string}`, amount],
  })
  await rpc('anvil_impersonateAccount', [h.sandbox.address])
  try {
    const hash = await rpc('eth_sendTransaction', [{ from: h.sandbox.address, to: demo(), data }])
    await expect.poll(() => rpc('eth_getTransactionReceipt', [hash]).then((r) => (r as { status?: string } | null)?.status)).toBe('0x1')
  } finally {
    await rpc('anvil_stopImpersonatingAccount', [h.sandbox.address])
  }
}

/** Opens the demo with email login, signs `email` in with the code from the mailbox; resolves when connected. */
async function login(email: string) {
  const { page } = h.browser
  await page.goto(`${h.sandbox.url}?auth`)
  await page.getByTestId('open-modal').click()
  const modal = h.modalRoot()
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

/**
 * Reloads without the stored balances (the native one and the token list, each kept 30 s), so the restored session
 * reads the balances the test set, and opens Account, showing `eth` as the balance.
 */
async function reopen(address: string, eth: string) {
  const { page } = h.browser
  // The balances are removed on a page of the origin that does not run the app: a read the app still had in flight
  // would otherwise store the old list again before the reload.
  const app = page.url()
  await page.goto(new URL('/no-app', h.sandbox.url).href)
  await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => /nativeBalance:|\/balance$/.test(k))
      .forEach((k) => localStorage.removeItem(k)),
  )
  await page.goto(app)
  await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(`eip155:31337:${address}`)
  await page.getByTestId('open-modal').click()
  await expect.poll(() => h.modalRoot().getByTestId('account-balance').innerText(), { timeout: 15_000 }).toBe(eth)
}

/** Switches the connected embedded wallet to its smart account. */
async function toSmartAccount(smart: string) {
  const row = h.modalRoot().getByTestId('auth-account-type')
  await expect.poll(() => row.getAttribute('data-type'), { timeout: 15_000 }).toBe('eoa')
  await row.getByTestId('auth-account-type-switch').click()
  await expect.poll(() => h.browser.page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(`eip155:31337:${smart}`)
}

const feature = async (name: RegExp) => {
  await h.modalRoot().getByTestId('account-features').getByRole('button', { name }).click()
}

async function fillSend(form: Locator) {
  // The token list is read after the reload: DEMO is offered once the balances are in.
  await expect
    .poll(() => form.getByTestId('send-token').locator('option').allInnerTexts(), { timeout: 15_000 })
    .toContainEqual(expect.stringMatching(/^DEMO /))
  await chooseToken(form, 'DEMO')
  await form.getByLabel('Amount').fill('3')
  await form.getByTestId('send-receiver').fill(RECEIVER)
  await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 15_000 }).toMatch(/\d+(\.\d+)? ETH/)
}

async function fillSwap(form: Locator) {
  for (const [side, symbol] of [
    ['sell', 'DEMO'],
    ['buy', 'SDOL'],
  ] as const) {
    await form.getByTestId(`swap-${side}-token`).click()
    const picker = h.modalRoot().getByTestId('swap-picker')
    await picker.getByTestId('swap-search').fill(symbol)
    await picker.locator(`[data-symbol="${symbol}"] button.vb-item`).click()
  }
  await form.getByTestId('swap-amount').fill('3')
  await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 15_000 }).toBe(1)
  await expect.poll(() => form.getByTestId('swap-fee').count(), { timeout: 15_000 }).toBe(1)
}

describe('the insufficient-gas check and the embedded wallet', () => {
  test(
    'Send: the EOA with no ETH is stopped; its smart account with no ETH is not, and its DEMO lands',
    async () => {
      const email = `gas-send-${Date.now()}@example.com`
      await login(email)
      const eoa = h.sandbox.auth.secureSite.addressOf(email)
      const smart = await h.sandbox.auth.secureSite.smartAddressOf(email)
      await setEth(eoa, 0n)
      await giveDemo(eoa, 10n * E18)
      await reopen(eoa, '0 ETH')
      await feature(/Send/)
      const form = h.modalRoot().getByTestId('send')
      await fillSend(form)
      // The check runs on the fee just shown: its message follows the fee.
      await expect.poll(() => form.getByTestId('send-gas').innerText()).toBe('Insufficient ETH for the network fee')
      await form.getByTestId('send-review').click()
      expect(await form.getByTestId('send-preview').count()).toBe(0)

      // The smart account, with no ETH of its own (the owner pays the fee, so the owner gets some back).
      await setEth(eoa, E18)
      await h.modalRoot().getByRole('button', { name: /back/i }).first().click()
      await toSmartAccount(smart)
      await setEth(smart, 0n)
      await giveDemo(smart, 10n * E18)
      await reopen(smart, '0 ETH')
      await feature(/Send/)
      const smartForm = h.modalRoot().getByTestId('send')
      await fillSend(smartForm)
      expect(await smartForm.getByTestId('send-gas').count()).toBe(0)
      const before = await balanceOf(h.sandbox.chain.url, demo(), RECEIVER)
      await smartForm.getByTestId('send-review').click()
      await smartForm.getByTestId('send-confirm').click()
      await h.modalRoot().getByTestId('auth-approve').waitFor()
      await h.modalRoot().getByTestId('auth-approve-button').click()
      await expect.poll(() => balanceOf(h.sandbox.chain.url, demo(), RECEIVER), { timeout: 30_000 }).toBe(before + 3n * E18)
      expect(await balanceOf(h.sandbox.chain.url, demo(), smart)).toBe(7n * E18)
      expect(BigInt(await rpc('eth_getBalance', [smart, 'latest']))).toBe(0n)
    },
    LONG,
  )

  test(
    'Swap: the EOA with no ETH is stopped; its smart account with no ETH is not, and its swap lands',
    async () => {
      const email = `gas-swap-${Date.now()}@example.com`
      await login(email)
      const eoa = h.sandbox.auth.secureSite.addressOf(email)
      const smart = await h.sandbox.auth.secureSite.smartAddressOf(email)
      await setEth(eoa, 0n)
      await giveDemo(eoa, 10n * E18)
      await reopen(eoa, '0 ETH')
      await feature(/Swap/)
      const form = h.modalRoot().getByTestId('swap')
      await fillSwap(form)
      await expect.poll(() => form.getByTestId('swap-error').innerText()).toBe('Insufficient ETH for the network fee')
      expect(await form.getByTestId('swap-review').isDisabled()).toBe(true)

      await setEth(eoa, E18)
      await h.modalRoot().getByRole('button', { name: /back/i }).first().click()
      await toSmartAccount(smart)
      await setEth(smart, 0n)
      await giveDemo(smart, 10n * E18)
      await reopen(smart, '0 ETH')
      await feature(/Swap/)
      const smartForm = h.modalRoot().getByTestId('swap')
      await fillSwap(smartForm)
      expect(await smartForm.getByTestId('swap-error').allInnerTexts()).toEqual([])
      expect(await smartForm.getByTestId('swap-review').isEnabled()).toBe(true)
      const sdol = h.sandbox.market.tokens[0]!.address
      await smartForm.getByTestId('swap-review').click()
      await smartForm.getByTestId('swap-confirm').click()
      // The approve of DEMO (to the token), then the swap (to the router): each approved in the embedded wallet. The
      // second can follow the first before the Swap view between them is seen, so each is told by what it asks.
      const detail = h.modalRoot().getByTestId('auth-approve-detail')
      const asked: string[] = []
      for (let i = 0; i < 2; i++) {
        await expect
          .poll(() => detail.isVisible().then((shown) => (shown ? detail.innerText() : '')), { timeout: 20_000 })
          .toSatisfy((text: string) => text !== '' && !asked.includes(text))
        asked.push(await detail.innerText())
        await h.modalRoot().getByTestId('auth-approve-button').click()
      }
      expect(asked[0]!.toLowerCase()).toContain(demo().toLowerCase())
      expect(asked[1]!.toLowerCase()).not.toContain(demo().toLowerCase())
      // The Swap view, shown again after each approval, follows the same swap to its end.
      await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 30_000 })
      expect(await balanceOf(h.sandbox.chain.url, demo(), smart)).toBe(7n * E18)
      expect(await balanceOf(h.sandbox.chain.url, sdol, smart)).toBeGreaterThan(0n)
      expect(BigInt(await rpc('eth_getBalance', [smart, 'latest']))).toBe(0n)
    },
    LONG,
  )
})
