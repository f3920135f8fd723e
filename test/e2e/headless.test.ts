/**
 * The headless host in Chromium (sandbox page /headless): its own UI from vestibule/headless and the hooks lists
 * wallets with a search, shows the WalletConnect URI as text, connects the Sandbox Wallet, shows the address and
 * balances and sends ETH, and no chunk carrying the shell, the UI kit or a view (the shell's or a plugin's) is
 * ever requested. With `?siwx=optional` it signs in through the sandbox's backend, quotes DEMO → SDOL on the local
 * exchange and swaps (approve, then swap), again without a drawing chunk. The same check on the shell host finds
 * the shell's chunks, so it can fail.
 */
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { balanceOf } from '../../sandbox/provider-api/chain-data.mjs'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const RECEIVER = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/** A module drawing UI: the shell, the UI kit, the shell's views, or a plugin's view or tab (its .tsx files). */
const DRAWING = /(^|\/)ui\/(shell|views|kit)\/|(^|\/)plugins\/[^/]+\/(views\/|[^/]+\.tsx$)/

/** The /app/ scripts `page` requests from now on, as they load (the page left first, so no earlier page adds to them). */
async function scriptsOf(page: Page) {
  await page.goto('about:blank')
  const urls = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/app/') && url.pathname.endsWith('.js')) urls.add(url.pathname)
  })
  return urls
}

/** The source modules in the scripts (from their inline source maps, the sandbox's development build). */
async function sourcesOf(paths: Iterable<string>): Promise<string[]> {
  const sources: string[] = []
  for (const path of paths) {
    const text = await (await fetch(new URL(path, h.sandbox.url))).text()
    const map = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(text)
    if (!map) throw new Error(`${path} carries no inline source map`)
    sources.push(...(JSON.parse(Buffer.from(map[1]!, 'base64').toString('utf8')) as { sources: string[] }).sources)
  }
  return sources
}

describe('the headless host', () => {
  test('lists and searches wallets, shows the WalletConnect URI, connects, shows balances and sends, without the shell', async () => {
    const { page } = h.browser
    const scripts = await scriptsOf(page)
    await page.goto(`${h.sandbox.url}headless`)
    const rows = page.getByTestId('wallet-row')
    await expect.poll(() => page.getByTestId('list-status').innerText(), { timeout: 15_000 }).toBe('ready')
    expect(await rows.first().innerText()).toBe('Sandbox Wallet')
    const firstPage = await rows.count()
    expect(firstPage).toBeGreaterThan(20)
    await page.getByTestId('load-more').click()
    await expect.poll(() => rows.count()).toBeGreaterThan(firstPage + 20)

    const labelOf = (id: string) =>
      page
        .getByTestId(id)
        .evaluate((field) => [...((field as HTMLInputElement).labels ?? [])].map((l) => l.firstChild?.textContent?.trim()))
    expect(await labelOf('wallet-search')).toEqual(['Search wallet'])
    await page.getByTestId('wallet-search').fill('  cedar ')
    await expect.poll(() => page.getByTestId('list-status').innerText()).toBe('ready')
    const found = await rows.allInnerTexts()
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((name) => /cedar/i.test(name))).toBe(true)
    await page.getByTestId('wallet-search').fill('')
    await expect.poll(() => rows.first().innerText()).toBe('Sandbox Wallet')

    await page.getByTestId('show-wc').click()
    await expect.poll(() => page.getByTestId('wc-uri').innerText(), { timeout: 20_000 }).toMatch(/^wc:[0-9a-f]+@2\?/)
    const left = Number(/^(\d+) s left$/.exec(await page.getByTestId('wc-expiry').innerText())?.[1])
    expect(left).toBeGreaterThan(200)
    expect(left).toBeLessThanOrEqual(230)

    await rows.filter({ hasText: /^Sandbox Wallet$/ }).click()
    await h.approveInWallet(/connect/i)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
    expect(await page.getByTestId('address').getAttribute('title')).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect.poll(() => page.getByTestId('balances').innerText(), { timeout: 15_000 }).toMatch(/\d+(\.\d+)? ETH/)
    // The swap's reason is the plugin's sentence, and every field carries a visible label.
    await expect.poll(() => page.getByTestId('swap-quote').innerText(), { timeout: 15_000 }).toBe('Select the tokens to swap')
    for (const [id, label] of [
      ['send-receiver', 'Receiver'],
      ['send-amount', 'Amount'],
      ['swap-pair', 'Pair'],
      ['swap-amount', 'Amount to swap'],
    ] as const)
      expect(await labelOf(id)).toEqual([label])

    await page.getByTestId('send-receiver').fill(RECEIVER)
    await page.getByTestId('send-amount').fill('0.01')
    await expect.poll(() => page.getByTestId('send-fee').innerText(), { timeout: 15_000 }).toBe('ready')
    await page.getByTestId('send-submit').click()
    await expect.poll(() => page.getByTestId('send-status').innerText()).toBe('reviewing')
    await page.getByTestId('send-submit').click()
    await h.approveInWallet(/Send 10000000000000000 wei/)
    await expect.poll(() => page.getByTestId('send-result').innerText(), { timeout: 20_000 }).toMatch(/^Sent 0\.01 ETH: 0x[0-9a-f]{64}$/)

    // The host's own Disconnect ends the connection: the wallet list is back.
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    await rows.first().waitFor()

    const sources = await sourcesOf(scripts)
    expect(sources.some((s) => /headless\/wallet-list\.ts$/.test(s))).toBe(true)
    expect(sources.filter((s) => DRAWING.test(s))).toEqual([])
  })

  test('signs in and quotes and swaps DEMO → SDOL on the local exchange, without the shell', async () => {
    const { page } = h.browser
    const scripts = await scriptsOf(page)
    await page.goto(`${h.sandbox.url}headless?siwx=optional`)
    const rows = page.getByTestId('wallet-row')
    await expect.poll(() => page.getByTestId('list-status').innerText(), { timeout: 15_000 }).toBe('ready')
    await rows.filter({ hasText: /^Sandbox Wallet$/ }).click()
    await h.approveInWallet(/connect/i)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')

    // A headless connect shows no sign view: the account is `needed` until the host's button signs.
    await expect.poll(() => page.getByTestId('sign-in-status').innerText(), { timeout: 15_000 }).toBe('needed')
    await page.getByTestId('sign-in-button').click()
    await h.approveInWallet(/Sign this message/)
    const address = h.sandbox.address
    await expect
      .poll(() => page.getByTestId('sign-in-status').innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`^signed in as ${address}$`, 'i'))
    expect(h.sandbox.siwx.requests).toEqual(expect.arrayContaining(['GET /siwx/nonce', 'POST /siwx/verify']))
    const me = (await page.evaluate(() => fetch('/siwx/me').then((r) => r.json()))) as { address?: string }
    expect(me.address?.toLowerCase()).toBe(address.toLowerCase())

    const demo = h.sandbox.assets.tokens.find((t) => t.symbol === 'DEMO')!.address
    const sdol = h.sandbox.market.tokens[0]!.address
    const [demoBefore, sdolBefore] = [
      await balanceOf(h.sandbox.chain.url, demo, address),
      await balanceOf(h.sandbox.chain.url, sdol, address),
    ]
    await expect.poll(() => page.getByTestId('swap-pair').count(), { timeout: 15_000 }).toBe(1)
    await page.getByTestId('swap-pair').selectOption('DEMO-SDOL')
    await page.getByTestId('swap-amount').fill('10')
    const url = `${h.sandbox.providerApi.url}/v1/convert/quotes?amount=${10n * 10n ** 18n}&userAddress=eip155:31337:${address}&from=eip155:31337:${demo}&to=eip155:31337:${sdol}`
    const quoted = BigInt(((await (await fetch(url)).json()) as { quotes: { toAmount: string }[] }).quotes[0]!.toAmount)
    await expect.poll(() => page.getByTestId('swap-quote').innerText(), { timeout: 15_000 }).toMatch(/^\d+(\.\d+)? SDOL$/)
    const shown = Number((await page.getByTestId('swap-quote').innerText()).split(' ')[0])
    expect(Math.abs(shown - Number(quoted) / 1e18)).toBeLessThan(0.01)
    await page.getByTestId('swap-submit').click()
    await expect.poll(() => page.getByTestId('swap-status').innerText()).toBe('reviewing')
    await expect.poll(() => page.getByTestId('swap-submit').isEnabled(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('swap-submit').click()
    await h.answerWallet(
      new RegExp(`Allow ${h.sandbox.market.exchange} to spend (unlimited|[\\d.]+) DEMO\\?[\\s\\S]*Contract ${demo}`, 'i'),
    )
    await h.answerWallet(new RegExp(`Swap [\\d.]+ DEMO for at least [\\d.]+ SDOL\\?[\\s\\S]*Contract ${h.sandbox.market.exchange}`, 'i'))
    await expect
      .poll(() => page.getByTestId('swap-result').innerText(), { timeout: 20_000 })
      .toMatch(/^Swapped 10 DEMO for \d+(\.\d+)? SDOL: 0x[0-9a-f]{64}$/)
    // Read once mined: the node can answer with the hash before it mines.
    await expect.poll(() => balanceOf(h.sandbox.chain.url, demo, address)).toBe(demoBefore - 10n * 10n ** 18n)
    const gained = (await balanceOf(h.sandbox.chain.url, sdol, address)) - sdolBefore
    expect(gained >= (quoted * 99n) / 100n && gained <= quoted).toBe(true)

    const sources = await sourcesOf(scripts)
    expect(sources.some((s) => /plugins\/swap\/controller\.ts$/.test(s))).toBe(true)
    expect(sources.some((s) => /plugins\/siwx\/flow\.ts$/.test(s))).toBe(true)
    expect(sources.filter((s) => DRAWING.test(s))).toEqual([])
  })

  test("the same check on the shell host finds the shell's chunks once the modal opens", async () => {
    const { page } = h.browser
    const scripts = await scriptsOf(page)
    await page.goto(h.sandbox.url)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => h.modalRoot().locator('[data-testid="wallet-list"]').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    const drawn = (await sourcesOf(scripts)).filter((s) => DRAWING.test(s))
    expect(drawn.some((s) => /ui\/shell\//.test(s))).toBe(true)
    expect(drawn.some((s) => /ui\/views\//.test(s))).toBe(true)
  })
})
