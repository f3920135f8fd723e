// The chain's node failing under the modal: the sandbox's anvil behind a fault proxy (sandbox/rpc-fault.mjs) that
// answers HTTP 500, holds requests past the timeout, or refuses connections, for the app and the Sandbox Wallet
// alike. The Account balance, Send's fee and Swap's checks say why they cannot go on, never go on with what they
// could not read, and recover once the node answers again.
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'vitest'
import { startRpcFaultProxy } from '../../sandbox/rpc-fault.mjs'
import { rpcCall } from '../../sandbox/provider-api/chain-data.mjs'
import { loadFresh, truncatedBalance, useSandboxBrowser } from './harness.js'
import { countRequests, counted } from './page-requests.js'
import { fillSendForm, openSendForm } from './send-form.js'
import { fillSwap, openSwapForm } from './swap-form.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot } = h
let proxy: Awaited<ReturnType<typeof startRpcFaultProxy>>

/** Loads the app with its local chain's RPC URL, and the wallet's, pointing at the proxy (`wallet` false: the wallet keeps the real node). */
async function throughProxy(wallet = true) {
  const { page } = h.browser
  // The page's requests to the proxy (the app's and the wallet's, both through fetch).
  await page.addInitScript(countRequests, [new URL(proxy.url).port])
  await page.addInitScript(
    ([url, wallet]) => {
      let app: unknown
      let own: unknown
      Object.defineProperty(window, '__SANDBOX__', {
        configurable: true,
        get: () => app,
        set: (value) => void (app = { ...value, rpc: url }),
      })
      Object.defineProperty(window, '__SANDBOX_WALLET__', {
        configurable: true,
        get: () => own,
        set: (value) => void (own = wallet ? { ...value, chains: { ...value.chains, 31337: url } } : value),
      })
    },
    [proxy.url, wallet] as const,
  )
  // Fake timers in the page: the retry interval and the request timeouts run when a test moves the clock on.
  await page.clock.install()
  await loadFresh(page, page.url())
  // The page's clock when a balance read last failed.
  await page.waitForFunction(() => (window as any).modal)
  await page.evaluate(() =>
    (window as any).modal.on('error', ({ source }: { source: string }) => {
      if (source === 'balance') Object.assign(window, { __balanceFailedAt: Date.now() })
    }),
  )
}

beforeEach(async () => {
  proxy = await startRpcFaultProxy(h.sandbox.chain.url)
})
afterEach(async () => {
  // A test that stopped the page's clock leaves it running for the next (it stays installed on the page).
  await h.browser.page.clock.resume()
  await proxy.close()
  await h.browser.page.unrouteAll({ behavior: 'ignoreErrors' })
})

/** Page clock (fake timers, moved on by the test) and wall clock since `start` (from `mark()`). */
const mark = async () => ({ wall: Date.now(), page: await h.browser.page.evaluate(() => Date.now()) })
const since = async (start: { wall: number; page: number }) =>
  `${((Date.now() - start.wall) / 1000).toFixed(1)} s wall, ${(((await h.browser.page.evaluate(() => Date.now())) - start.page) / 1000).toFixed(1)} s on the page's clock`
/** Times to recover, printed after the file ran. */
const recovered: string[] = []
afterAll(() => console.log(`Recovered:\n${recovered.join('\n')}`))

/**
 * Resolves once nothing the page asked the node is under way but what the proxy holds unanswered ('hang'), and the
 * page ran what the answers queued without asking anything more: moving the page's clock on from here times out
 * only requests the node never answers.
 */
async function quiet() {
  for (;;) {
    // In the page: what it had queued runs (a message a page posts to itself is delivered after the tasks queued
    // before it, five rounds over), then whether that started a request and how many are open.
    const { calm, open } = await h.browser.page.evaluate(async () => {
      const counts = (window as any).__requests as { started: number; open: number }
      const started = counts.started
      for (let i = 0; i < 5; i++)
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel()
          channel.port1.onmessage = () => resolve()
          channel.port2.postMessage(0)
        })
      return { calm: counts.started === started, open: counts.open }
    })
    if (calm && open === proxy.held) return
  }
}
/**
 * Moves the page's clock on by `ms`, running every timer that falls due in order, in steps shorter than the
 * requests' 10 s timeout with `quiet()` after each: a request a timer starts is answered before its timeout can run.
 */
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= 9_000) {
    await h.browser.page.clock.runFor(Math.min(9_000, left))
    await quiet()
  }
}
/** `read`, after moving the page's clock on by `ms` (`advance`): for `expect.poll`, which then needs no interval. */
const later =
  <T>(read: () => Promise<T>, ms = 4_000) =>
  async () => {
    await advance(ms)
    return read()
  }
const poll = { timeout: 30_000, interval: 10 }
/** The JSON-RPC methods the page asked the proxy for, in order. */
const asked = async () => (await counted(h.browser.page)).methods
/** How many times the page asked for `method` since the `from`th request. */
const calls = async (method: string, from: number) => (await asked()).slice(from).filter((m) => m === method).length
const pageNow = () => h.browser.page.evaluate(() => Date.now())
const REASONS = {
  '500': "The network's node answered with an error (HTTP 500). Trying again every 30 s…",
  hang: "The network's node did not answer in time. Trying again every 30 s…",
  refuse: "The network's node cannot be reached. Trying again every 30 s…",
}
const realBalance = async () =>
  truncatedBalance(BigInt(await rpcCall(h.sandbox.chain.url, 'eth_getBalance', [h.sandbox.address, 'latest'])), 18, 'ETH')

const MODES = ['500', 'hang', 'refuse'] as const
const FEE_REASONS = {
  '500': 'Not estimated: the network’s node answered with an error (HTTP 500)',
  hang: 'Not estimated: the network’s node did not answer in time',
  refuse: 'Not estimated: the network’s node cannot be reached',
}
const CHECK_REASONS = {
  '500':
    'The swap was not checked, so nothing was sent: the network’s node answered with an error (HTTP 500). Review it again once the node answers.',
  hang: 'The swap was not checked, so nothing was sent: the network’s node did not answer in time. Review it again once the node answers.',
  refuse: 'The swap was not checked, so nothing was sent: the network’s node cannot be reached. Review it again once the node answers.',
}
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const nonce = () => rpcCall(h.sandbox.chain.url, 'eth_getTransactionCount', [h.sandbox.address, 'latest'])

describe('the node answering 500, hanging past the timeout, refusing connections, then answering again', () => {
  test('Account: "Balance unavailable" with the reason, read again every 30 s, the balance back once the node answers', async () => {
    const { page } = h.browser
    await throughProxy()
    await proxy.setMode('500')
    await h.connectWallet()
    // From here the page's clock stands still but when the test moves it: the 30 s are counted exactly.
    await page.clock.pauseAt((await pageNow()) + 1_000)
    const balance = modalRoot().getByTestId('account-balance')
    const reason = modalRoot().getByTestId('account-balance-reason')
    const reads = (from: number) => calls('eth_getBalance', from)
    for (const mode of MODES) {
      await proxy.setMode(mode)
      // Without an answer (the first read, or after the last recovery) a read is forced, as a transaction does.
      if (mode !== '500') await page.evaluate(() => void (window as any).modal.refreshBalance(undefined, { force: true }))
      await expect
        .poll(
          later(() => balance.innerText()),
          poll,
        )
        .toBe('Balance unavailable')
      await expect
        .poll(
          later(() => reason.innerText()),
          poll,
        )
        .toBe(REASONS[mode])
      // Read again 30 s after the failure: nothing 1 ms before, a read at 30 s (each read tries the network's RPC
      // URL, then the wallet's node).
      await quiet()
      const failedAt = await page.evaluate(() => (window as any).__balanceFailedAt as number)
      let from = (await asked()).length
      await advance(failedAt + 30_000 - 1 - (await pageNow()))
      expect(await reads(from), 'reads in the 30 s after a failure').toBe(0)
      await page.clock.runFor(1)
      await expect.poll(() => reads(from)).toBeGreaterThan(0)
      // Two minutes more: a read every 30 s at most, no storm.
      await quiet()
      from = (await asked()).length
      await advance(120_000)
      expect(await reads(from)).toBeGreaterThan(0)
      expect(await reads(from)).toBeLessThanOrEqual(12)
      await proxy.setMode('pass')
      const real = await realBalance()
      const start = await mark()
      await expect
        .poll(
          later(() => balance.innerText()),
          poll,
        )
        .toBe(real)
      expect(await reason.count()).toBe(0)
      recovered.push(`Account balance, node ${mode}: ${await since(start)}`)
    }
  })

  test('Account with the wallet on its own node: the balance the wallet reports', async () => {
    await throughProxy(false)
    await proxy.setMode('500')
    await h.connectWallet()
    await expect.poll(() => modalRoot().getByTestId('account-balance').innerText(), { timeout: 20_000 }).toBe(await realBalance())
    expect(proxy.requests.some((r) => r.method === 'eth_getBalance' && r.mode === '500')).toBe(true)
  })

  test('Send: the fee says why it is unknown, Review does not open, no wallet prompt; it opens once the node answers', async () => {
    await throughProxy()
    const form = await openSendForm(h)
    await fillSendForm(form, { symbol: 'ETH', amount: '0.01', receiver: RECEIVER, feeSymbol: 'ETH' })
    const fee = form.getByTestId('send-fee')
    for (const [i, mode] of MODES.entries()) {
      await proxy.setMode(mode)
      // The amount changes while the node is failing: the fee known for the old one is dropped.
      const amount = `0.0${i + 2}`
      await form.getByLabel('Amount').fill(amount)
      await expect
        .poll(
          later(() => fee.innerText()),
          poll,
        )
        .toBe(`Network fee ${FEE_REASONS[mode]}`)
      await form.getByTestId('send-review').click()
      await expect
        .poll(
          later(() => form.getByTestId('send-error').innerText()),
          poll,
        )
        .toBe('This send is not reviewed until its network fee is known. Estimating again…')
      expect(await fee.innerText()).toBe(`Network fee ${FEE_REASONS[mode]}`)
      expect(await form.getByTestId('send-confirm').count()).toBe(0)
      expect(await h.walletPrompt().count()).toBe(0)
      await quiet()
      const from = (await asked()).length
      // Estimated again after 5, 10, 20 and 30 s, then no more until the next edit or review. Each attempt is one
      // request plus, for a 5xx, a timeout or a refused connection, the HTTP transport's one retry. Four minutes hold
      // the four pauses and four attempts timed out twice (hang); then two more minutes bring none.
      const estimates = () => calls('eth_estimateGas', from)
      await advance(240_000)
      const retried = await estimates()
      expect(retried).toBeGreaterThanOrEqual(4)
      expect(retried).toBeLessThanOrEqual(2 * (1 + 4))
      await advance(120_000)
      expect(await estimates(), 'estimates after the retries ended').toBe(retried)

      await proxy.setMode('pass')
      const start = await mark()
      // The review asked for opens once the fee is known (asked again with Enter in the form, the retries being
      // over; the pointer would hit-test a dialog the clock jumps just moved).
      await form.getByLabel('Amount').press('Enter')
      await expect.poll(() => form.getByTestId('send-confirm').count(), { timeout: 20_000 }).toBe(1)
      recovered.push(`Send fee, node ${mode}: ${await since(start)}`)
      expect(await fee.innerText()).toMatch(/^Network fee (< )?\d+(\.\d+)? ETH/)
      expect(await form.getByTestId('send-preview').innerText()).toContain(`You send ${amount} ETH`)
      await form.getByRole('button', { name: 'Edit' }).click()
    }
    await form.getByTestId('send-review').click()
    await form.getByTestId('send-confirm').click()
    await h.answerWallet(/Send/i)
    await form.page().locator('[data-testid="send-sent"]').waitFor({ timeout: 20_000 })
  })

  test('Swap: not checked, says why, reaches neither wallet nor chain; goes through once the node answers', async () => {
    await throughProxy()
    const form = await openSwapForm(h)
    await fillSwap(h, form, 'ETH', 'DEMO', '0.01')
    const before = await nonce()
    for (const mode of MODES) {
      await proxy.setMode(mode)
      await expect
        .poll(
          later(() => form.getByTestId('swap-review').isEnabled()),
          poll,
        )
        .toBe(true)
      await form.getByTestId('swap-review').click()
      await form.getByTestId('swap-confirm').click()
      await expect
        .poll(
          later(() => form.getByTestId('swap-error').allInnerTexts()),
          { ...poll, timeout: 40_000 },
        )
        .toEqual([CHECK_REASONS[mode]])
      expect(await h.walletPrompt().count()).toBe(0)
      expect(await nonce()).toBe(before)
      // The form keeps what was typed, with a fresh quote to review again.
      expect(await form.getByTestId('swap-amount').inputValue()).toBe('0.01')
    }
    await proxy.setMode('pass')
    const start = await mark()
    await expect
      .poll(
        later(() => form.getByTestId('swap-review').isEnabled()),
        poll,
      )
      .toBe(true)
    await form.getByTestId('swap-review').click()
    await form.getByTestId('swap-confirm').click()
    await h.answerWallet(new RegExp(`Send 10000000000000000 wei to ${h.sandbox.market.exchange}`, 'i'))
    await h.modalRoot().getByTestId('swap-done').waitFor({ timeout: 20_000 })
    recovered.push(`Swap check, after the last fault (refuse): ${await since(start)} (with the Review and Swap clicks)`)
  })
})
