// Send in the browser over the sandbox: the network token, a plain ERC-20 and a USDT-style token (transfer returns
// nothing) sent through the form and the Sandbox Wallet, each checked by the receiver's balance on the local chain;
// a declined send keeps the form filled with the reason; a receiver on another network or chain is refused
// before the wallet is asked; one confirmation sends once however many clicks.
import { createPublicClient, erc20Abi, http, type Address } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { activityRows, useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { chooseToken, fillSendForm, openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const client = () => createPublicClient({ transport: http(h.sandbox.chain.url) })
const tokenBalance = (symbol: string) => {
  const token = h.sandbox.assets.tokens.find((t: { symbol: string }) => t.symbol === symbol)!
  return client().readContract({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [RECEIVER] })
}

const openSend = () => openSendForm(h)
const fill = (form: Locator, symbol: string, amount: string, receiver = RECEIVER) =>
  fillSendForm(form, { symbol, amount, receiver, feeSymbol: 'ETH' })

describe('send', () => {
  test('ETH, DEMO (ERC-20) and tUSD (no return value) reach the receiver on chain', async () => {
    const form = await openSend()
    const before = await client().getBalance({ address: RECEIVER })
    await fill(form, 'ETH', '0.25')
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('0.25 ETH')
    await form.getByTestId('send-confirm').click()
    await h.approveInWallet(/Send 250000000000000000 wei/)
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toContain('Transaction started')
    await expect.poll(() => client().getBalance({ address: RECEIVER })).toBe(before + 250_000_000_000_000_000n)
    await modalRoot().getByTestId('send-done').click()

    for (const [symbol, amount, units] of [
      ['DEMO', '12.5', 12_500_000_000_000_000_000n],
      ['tUSD', '3.75', 3_750_000n],
    ] as const) {
      const start = await tokenBalance(symbol)
      await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
      const again = modalRoot().getByTestId('send')
      await fill(again, symbol, amount)
      await again.getByTestId('send-review').click()
      await again.getByTestId('send-confirm').click()
      // The wallet reads the token transfer in the token's own amount, not as 0 wei to the contract.
      await h.approveInWallet(new RegExp(`^[\\s\\S]*Send ${amount.replace('.', '\\.')} ${symbol} to 0x`))
      await expect.poll(() => tokenBalance(symbol)).toBe(start + units)
      await modalRoot().getByTestId('send-done').click()
    }
    // Activity lists the three sends made through the form, newest first.
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    const activity = modalRoot().getByTestId('activity')
    await expect
      .poll(async () => (await activityRows(activity)).slice(0, 3))
      .toEqual(['Sent −3.75 tUSD', 'Sent −12.5 DEMO', 'Sent −0.25 ETH'])
  })

  test('a declined send keeps the form filled and says why; confirming again sends once', async () => {
    const { page } = h.browser
    const form = await openSend()
    const before = await client().getBalance({ address: RECEIVER })
    await fill(form, 'ETH', '0.01')
    // The analytics events the send reports, as the analytics plugin receives them from the event bus.
    await page.evaluate(() => {
      const w = window as unknown as { __tracked: string[]; modal: { on(name: string, fn: (e: { event: string }) => void): void } }
      w.__tracked = []
      w.modal.on('track', (e) => w.__tracked.push(e.event))
    })
    const tracked = () => page.evaluate(() => (window as unknown as { __tracked: string[] }).__tracked)
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(/Send/, false)
    await expect.poll(() => form.getByTestId('send-error').innerText()).toBe('You declined the transaction in your wallet')
    expect(await form.getByLabel('Amount').inputValue()).toBe('0.01')
    expect(await form.getByTestId('send-receiver').inputValue()).toBe(RECEIVER)
    // A double click asks the wallet once.
    await form.getByTestId('send-confirm').dblclick()
    await h.approveInWallet(/Send 10000000000000000 wei/)
    await expect.poll(() => client().getBalance({ address: RECEIVER })).toBe(before + 10_000_000_000_000_000n)
    // The send has ended (its success is tracked); a second one from the double click would have asked by now.
    await expect.poll(() => tracked()).toContain('SEND_SUCCESS')
    await nextFrames(page)
    expect(await h.walletPrompt().isVisible()).toBe(false)
    expect(await tracked()).toEqual(['SEND_INITIATED', 'SEND_ERROR', 'SEND_INITIATED', 'SEND_SUCCESS'])
  })

  test("the fee is the chain's gas units at the blockchain API's gas price", async () => {
    // 21,000 gas for a plain transfer at 1,000 gwei: 0.021 ETH.
    h.sandbox.providerApi.setGasPrice('eip155:31337', { standard: '1000000000000', fast: '1100000000000', instant: '1200000000000' })
    const form = await openSend()
    await fill(form, 'ETH', '0.01')
    // The local chain is a test network: the fee, like its balances, is worth $0.00 whatever the price fixture says.
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toContain('0.021 ETH ($0.00)')
    expect(
      h.sandbox.providerApi.requests
        .filter((r: { path: string }) => r.path === '/v1/convert/gas-price')
        .map((r: { query: { chainId: string } }) => r.query.chainId),
    ).toEqual(['eip155:31337'])
    expect(await form.getByTestId('send-gas').count()).toBe(0)
  })

  test('a fee the network balance cannot pay is refused as insufficient gas before the wallet is asked (an injected wallet holds a plain account)', async () => {
    h.sandbox.providerApi.setGasPrice('eip155:31337', { standard: '1000000000000000000' })
    const form = await openSend()
    await fill(form, 'ETH', '0.01')
    await expect.poll(() => form.getByTestId('send-gas').innerText()).toBe('Insufficient ETH for the network fee')
    await form.getByTestId('send-review').click()
    // Review is refused on the click itself: two frames later the form shows what it will show.
    await nextFrames(h.browser.page)
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().isVisible()).toBe(false)
  })

  test('ETH whose fee cannot be estimated (a contract that refuses ETH) is not reviewed; the wallet is not asked', async () => {
    const demo = h.sandbox.assets.tokens.find((t: { symbol: string }) => t.symbol === 'DEMO')!.address as string
    const form = await openSend()
    await chooseToken(form, 'ETH')
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill(demo)
    await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 10_000 }).toContain('The fee could not be estimated')
    await form.getByTestId('send-review').click()
    await expect
      .poll(() => form.getByTestId('send-error').textContent())
      .toContain('Sending ETH needs its network fee, which could not be estimated')
    await nextFrames(h.browser.page)
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().isVisible()).toBe(false)
    // The fee was asked for again (and failed again): the form is as it was, still editable.
    await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 10_000 }).toContain('The fee could not be estimated')
    expect(await form.getByLabel('Amount').inputValue()).toBe('0.01')
    await form.getByTestId('send-receiver').fill(RECEIVER)
    await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 10_000 }).toMatch(/\d ETH/)
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-preview').waitFor()
  })

  test('a receiver on another network or not an address is refused before the wallet is asked', async () => {
    const form = await openSend()
    await form.getByLabel('Amount').fill('0.01')
    for (const [receiver, message] of [
      [`eip155:1:${RECEIVER}`, 'This address is on another network (eip155:1)'],
      ['7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU', 'Not a valid address on'],
      ['0x1234', 'Not a valid address on'],
    ] as const) {
      await form.getByTestId('send-receiver').fill(receiver)
      await form.getByTestId('send-review').click()
      await expect.poll(() => form.innerText(), { timeout: 5000 }).toContain(message)
      // The receiver's error is the one shown: no review reason repeats it.
      expect(await form.getByTestId('send-error').count()).toBe(0)
      expect(await form.getByTestId('send-preview').count()).toBe(0)
    }
    expect(await h.walletPrompt().isVisible()).toBe(false)
  })

  test('an EVM address with a mistyped letter (its checksum) is refused in the form; an all-lowercase one reaches the wallet checksummed', async () => {
    const form = await openSend()
    await chooseToken(form, 'ETH')
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill(RECEIVER.replace('0x90F', '0x90f'))
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.innerText(), { timeout: 5000 }).toContain('does not match its EIP-55 checksum')
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().isVisible()).toBe(false)
    await form.getByTestId('send-receiver').fill(RECEIVER.toLowerCase())
    await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 10_000 }).toMatch(/\d ETH/)
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-preview').waitFor()
    await form.getByTestId('send-confirm').click()
    await h.approveInWallet(new RegExp(`wei to ${RECEIVER}\\?`))
    await modalRoot().getByTestId('send-sent').waitFor()
  })
})
