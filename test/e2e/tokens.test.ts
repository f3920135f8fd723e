// The Tokens tab in the browser over the sandbox: the demo account's real balances on the local chain (native,
// a plain ERC-20 and a USDT-style token) with USD values from the provider API; with the blockchain API down,
// the same amounts read on chain through the host's `tokens` option; hostile balance rows stay text.
import { afterEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

async function openTokens() {
  await h.connectWallet()
  await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
  return modalRoot().getByTestId('tokens')
}
/** Each row as [symbol, "name · amount · USD"]. */
const rows = (tokens: ReturnType<typeof modalRoot>) =>
  tokens
    .getByTestId('token-row')
    .evaluateAll((items) =>
      items.map((item) => [
        item.getAttribute('data-token'),
        ['.vb-item-name', '.vb-item-hint', '.vb-item-end']
          .map((s) => (item.querySelector(s) as HTMLElement | null)?.innerText ?? '')
          .join(' · '),
      ]),
    )

describe('tokens', () => {
  test("the demo account's native, ERC-20 and USDT-style balances with their USD values, from the provider API", async () => {
    const tokens = await openTokens()
    await tokens.waitFor({ timeout: 15_000 })
    // The local chain is a test network: its balances are worth 0.00 whatever the price fixture says.
    expect(await rows(tokens)).toEqual([
      ['ETH', 'Ether · 1234.567 ETH · $0.00'],
      ['DEMO', 'Demo Token · 1234.5 DEMO · $0.00'],
      ['tUSD', 'Tether-style USD · 250.75 tUSD · $0.00'],
    ])
    expect(await tokens.getByTestId('tokens-total').innerText()).toBe('$0.00')
    // And the tab says why, so the $0.00 beside a balance does not read as a fault.
    expect(await tokens.getByTestId('tokens-no-prices').innerText()).toBe('Test networks have no prices: their tokens show as $0.00.')
    // Each row fits its list, padding included, and its text starts at the start edge although Account centers.
    const layout = await tokens.getByTestId('token-row').evaluateAll((items) =>
      items.map((item) => {
        const row = item.querySelector('.vb-item')!.getBoundingClientRect()
        const list = item.closest('ul')!.getBoundingClientRect()
        return {
          fits: row.left >= list.left - 0.5 && row.right <= list.right + 0.5,
          align: getComputedStyle(item.querySelector('.vb-item-text')!).textAlign.replace('left', 'start'),
        }
      }),
    )
    expect(layout).toEqual(Array(3).fill({ fits: true, align: 'start' }))
    const asked = h.sandbox.providerApi.requests.filter((r) => r.path.endsWith('/balance'))
    expect(asked.length).toBeGreaterThanOrEqual(1)
    expect(asked[0]!.query).toMatchObject({ currency: 'usd', chainId: 'eip155:31337' })
  })

  test('with the blockchain API down, the chain answers for the tokens the host listed', async () => {
    h.sandbox.providerApi.setBlockchain('down')
    const tokens = await openTokens()
    await tokens.waitFor({ timeout: 15_000 })
    expect(await rows(tokens)).toEqual([
      ['ETH', 'Ether · 1234.567 ETH · $0.00'],
      ['DEMO', 'DEMO · 1234.5 DEMO · $0.00'],
      ['tUSD', 'tUSD · 250.75 tUSD · $0.00'],
    ])
    // The API failed already when asked which networks it supports: no balance request was worth making.
    expect(h.sandbox.providerApi.requests.some((r) => r.path === '/v1/supported-chains')).toBe(true)
    expect(await tokens.innerText()).toContain('Read from the chain')
  })

  test('hostile balance rows are dropped or shown as text; no script runs and the modal stays usable', async () => {
    const { page } = h.browser
    await page.evaluate(() => ((window as unknown as { __vbCanary: number[] }).__vbCanary = []))
    h.sandbox.providerApi.addBalances('eip155:31337', h.sandbox.address, [
      {
        name: '<img src=x onerror="window.__vbCanary.push(1)">',
        symbol: 'EVIL',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0x00000000000000000000000000000000000000aa',
        price: 1,
        value: 1,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: 'javascript:window.__vbCanary.push(2)',
      },
      { name: 'No quantity', symbol: 'NQ', chainId: 'eip155:31337' },
      { name: 'Negative', symbol: 'NEG', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '-5' } },
      { name: 'Huge', symbol: 'HUGE', chainId: 'eip155:31337', quantity: { decimals: '18', numeric: '9'.repeat(80) } },
      { name: 'Zero decimals', symbol: 'NFT', chainId: 'eip155:31337', quantity: { decimals: '0', numeric: '3' } },
    ])
    const tokens = await openTokens()
    await tokens.waitFor({ timeout: 15_000 })
    const symbols = (await rows(tokens)).map(([symbol]) => symbol)
    expect(symbols.sort()).toEqual(['DEMO', 'ETH', 'EVIL', 'tUSD'])
    // Shown as text, cut at 40 characters.
    expect(await tokens.locator('[data-token="EVIL"] .vb-item-name').innerText()).toBe('<img src=x onerror="window.__vbCanary.p…')
    // No element was made of the text, so nothing of it can run later; the canary says nothing ran so far.
    expect(await modalRoot().locator('img[src="x"]').count()).toBe(0)
    await nextFrames(page)
    expect(await page.evaluate(() => (window as unknown as { __vbCanary: number[] }).__vbCanary)).toEqual([])
    // Still usable: it closes and opens again on the account.
    await page.keyboard.press('Escape')
    await expect.poll(() => modalRoot().isVisible()).toBe(false)
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('account-address').waitFor()
  })
})
