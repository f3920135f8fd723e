// Swap across a network switch in the browser: switching while the Swap view is open empties the form and reads
// the new network's token list; on a network without swaps (the demo narrowed to ?swapNetworks=31337) the view
// says "Network not supported for Swaps" and asks for no tokens or quote there; on the sandbox L2's own market a
// swap after the switch lands on the L2 within the slippage.
import { afterEach, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { balanceOf } from '../../sandbox/provider-api/chain-data.mjs'
import { NATIVE } from '../../sandbox/provider-api/convert.mjs'
import { SANDBOX_L2_CHAIN_ID } from '../../sandbox/demo.mjs'
import { truncatedBalance, useSandboxBrowser } from './harness.js'
import { openSwapForm, pickSwapToken } from './swap-form.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const openSwap = (query?: string) => openSwapForm(h, query)
const pick = (form: Locator, side: 'sell' | 'buy', symbol: string) => pickSwapToken(h, form, side, symbol)
afterEach(() => h.sandbox.providerApi.reset())

const LOCAL = 'eip155:31337'
const L2 = `eip155:${SANDBOX_L2_CHAIN_ID}`
/** A wallet prompt, a network switch and a swap on a loaded two-core machine: more than the default 30 s may pass. */
const LONG = 90_000

/** The swap endpoints' requests the modal made (the test's own reads carry no `gasPrice` and are not on tokens). */
const convertRequests = () => h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/convert/'))
const onChain = (chainId: string) => (r: { path: string; query: Record<string, string> }) =>
  r.query.chainId === chainId || r.query.from?.startsWith(`${chainId}:`) === true

/** Sells ETH for `buy`: picks it, types the amount and waits for the quote's rate. */
async function quoteEthFor(form: Locator, buy: string, amount: string) {
  await expect.poll(() => form.getByTestId('swap-sell-token').innerText(), { timeout: 10_000 }).toBe('ETH')
  await pick(form, 'buy', buy)
  await form.getByTestId('swap-amount').fill(amount)
  await expect.poll(() => form.getByTestId('swap-rate').count(), { timeout: 10_000 }).toBe(1)
}

/** Switches through the host's API to `chainId`; the Sandbox Wallet asks to add the L2 the first time. */
async function switchTo(chainId: string, name: string) {
  const { page } = h.browser
  const switched = page.evaluate(
    (id) => (window as unknown as { modal: { switchNetwork(id: string): Promise<void> } }).modal.switchNetwork(id),
    chainId,
  )
  if (chainId === L2) await h.approveInWallet(/Add network "Sandbox L2"/)
  await switched
  await expect.poll(() => page.getByTestId('network').innerText(), { timeout: 15_000 }).toBe(`${name} (${chainId})`)
}

describe('swap across a network switch', () => {
  test(
    'to a network without swaps: the form goes, the view says so and asks nothing of that network; back again, the form is empty and the tokens are read anew',
    async () => {
      const form = await openSwap('?swapNetworks=31337')
      await quoteEthFor(form, 'DEMO', '0.5')
      const before = convertRequests().length

      await switchTo(L2, 'Sandbox L2')
      const modal = h.modalRoot()
      await expect.poll(() => modal.innerText(), { timeout: 10_000 }).toContain('Network not supported for Swaps')
      expect(await modal.innerText()).toContain('Sandbox L2')
      expect(await modal.getByTestId('swap').count()).toBe(0)
      expect(await modal.getByTestId('swap-rate').count()).toBe(0)
      // Checked below, up to the token request of the switch back: none for the L2, and no quote at all.

      await switchTo(LOCAL, 'Localhost')
      const again = modal.getByTestId('swap')
      await again.waitFor({ timeout: 15_000 })
      expect(await again.getByTestId('swap-amount').inputValue()).toBe('')
      expect(await again.getByTestId('swap-buy-token').innerText()).toBe('Select token')
      expect(await again.getByTestId('swap-rate').count()).toBe(0)
      expect(
        convertRequests()
          .slice(before)
          .filter((r) => r.path === '/v1/convert/tokens')
          .map((r) => r.query.chainId),
      ).toEqual([LOCAL])
      // Everything asked while on the L2 arrived before the switch back's token request.
      const back = convertRequests().findIndex((r, i) => i >= before && r.path === '/v1/convert/tokens' && r.query.chainId === LOCAL)
      const during = convertRequests().slice(before, back)
      expect(during.filter(onChain(L2))).toEqual([])
      expect(during.filter((r) => r.path === '/v1/convert/quotes')).toEqual([])
      // The form works again on the local chain.
      await quoteEthFor(again, 'DEMO', '0.25')
    },
    LONG,
  )

  test(
    'between two swap networks: the form empties, the L2 tokens are read, and a swap there lands on the L2',
    async () => {
      const form = await openSwap()
      await quoteEthFor(form, 'DEMO', '0.5')
      const before = convertRequests().length

      await switchTo(L2, 'Sandbox L2')
      await expect.poll(() => form.getByTestId('swap-amount').inputValue(), { timeout: 15_000 }).toBe('')
      expect(await form.getByTestId('swap-buy-token').innerText()).toBe('Select token')
      expect(await form.getByTestId('swap-rate').count()).toBe(0)
      expect(
        convertRequests()
          .slice(before)
          .filter((r) => r.path === '/v1/convert/tokens')
          .map((r) => r.query.chainId),
      ).toEqual([L2])

      // The L2's own market: its DEMO and SDOL, not the local chain's, each listed once.
      const market = h.sandbox.l2Market
      const listed = (await (await fetch(`${h.sandbox.providerApi.url}/v1/convert/tokens?chainId=${L2}`)).json()) as {
        tokens: { symbol: string; address: string }[]
      }
      expect(listed.tokens.map((t) => t.symbol).sort()).toEqual(['DEMO', 'ETH', 'SDOL', 'WETH'])
      expect(listed.tokens.every((t) => t.address.startsWith(`${L2}:`))).toBe(true)
      expect(listed.tokens.map((t) => t.address.split(':')[2]!.toLowerCase())).not.toContain(
        h.sandbox.market.tokens[0]!.address.toLowerCase(),
      )
      await form.getByTestId('swap-buy-token').click()
      const picker = h.modalRoot().getByTestId('swap-picker')
      await picker.waitFor()
      expect(
        (await picker.getByTestId('swap-token-option').evaluateAll((items) => items.map((i) => i.getAttribute('data-symbol')))).sort(),
      ).toEqual(['DEMO', 'ETH', 'SDOL', 'WETH'])
      await picker.getByRole('button', { name: /back/i }).click()

      const sdol = market.tokens.find((t: { symbol: string }) => t.symbol === 'SDOL')!.address
      const sdolBefore = await balanceOf(h.sandbox.l2.url, sdol, h.sandbox.address)
      await quoteEthFor(form, 'SDOL', '0.01')
      const amount = 10n ** 16n
      const url = `${h.sandbox.providerApi.url}/v1/convert/quotes?amount=${amount}&userAddress=${L2}:${h.sandbox.address}&from=${L2}:${NATIVE}&to=${L2}:${sdol}`
      const quoted = BigInt(((await (await fetch(url)).json()) as { quotes: { toAmount: string }[] }).quotes[0]!.toAmount)
      await expect.poll(() => form.getByTestId('swap-out').innerText()).toBe(truncatedBalance(quoted, 18, 'SDOL'))
      await form.getByTestId('swap-review').click()
      await form.getByTestId('swap-confirm').click()
      await h.answerWallet(new RegExp(`Send 10000000000000000 wei to ${market.exchange}`, 'i'))
      await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
      const gained = (await balanceOf(h.sandbox.l2.url, sdol, h.sandbox.address)) - sdolBefore
      expect(gained >= (quoted * 99n) / 100n && gained <= quoted).toBe(true)
    },
    LONG,
  )
})
