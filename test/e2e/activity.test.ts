// The Activity tab in the browser over the sandbox: the demo account's real history indexed from the local chain
// (tokens received, collectibles minted; the spam collectible's mint left out), a send made in the page shows up,
// the API down gives "Failed to fetch transactions" and a usable modal, hostile rows stay text.
import { encodeFunctionData, getAddress, parseAbi } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { rpc } from '../../sandbox/anvil.mjs'
import { activityRows, useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

const connect = () => h.connectWallet()
const openActivity = async () => {
  await modalRoot().getByRole('tab', { name: 'Activity' }).click()
  return modalRoot().getByTestId('activity')
}
const rows = activityRows

describe('activity', () => {
  test("the account's transfers from the chain, newest first, spam left out; a send from the page appears", async () => {
    const { page } = h.browser
    await connect()
    const list = await openActivity()
    await list.waitFor({ timeout: 15_000 })
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date())
    expect(await list.locator('h3').allInnerTexts()).toEqual([month])
    expect(await rows(list)).toEqual([
      'Minted +Sandbox Shapes #3',
      'Minted +Sandbox Shapes #2',
      'Minted +Sandbox Shapes #1',
      'Received +250.75 tUSD',
      'Received +1234.5 DEMO',
    ])
    // A row's text starts at the start edge, although the Account view around the tab centers its own content.
    expect(
      new Set(
        await list
          .locator('[data-testid="activity-row"] .vb-item-text')
          .evaluateAll((texts) => texts.map((t) => getComputedStyle(t).textAlign.replace('left', 'start'))),
      ),
    ).toEqual(new Set(['start']))
    // Receive and back, then closed and opened again: the Activity tab is still the one shown.
    const selectedTab = () => modalRoot().getByRole('tab', { selected: true }).innerText()
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    await modalRoot().getByTestId('receive').waitFor()
    await modalRoot().getByRole('button', { name: /back/i }).first().click()
    await modalRoot().getByTestId('activity').waitFor()
    expect(await selectedTab()).toBe('Activity')
    await page.keyboard.press('Escape')
    await page.getByTestId('open-modal').click()
    await modalRoot().getByTestId('activity').waitFor()
    expect(await selectedTab()).toBe('Activity')

    // The page's own send (through the modal's connection) is listed once the wallet sent it.
    await page.keyboard.press('Escape')
    await page.getByTestId('send-native').click()
    await h.approveInWallet(/Send 10000000000000000 wei/)
    await expect.poll(() => page.getByTestId('send-result').innerText()).toMatch(/^0x[0-9a-f]{64}$/)
    await page.getByTestId('open-modal').click()
    const again = await openActivity()
    await expect.poll(() => rows(again).then((r) => r[0])).toBe('Sent −0.01 ETH')
  })

  test('the API down: "Failed to fetch transactions", an error with a retry, and the modal stays usable', async () => {
    await connect()
    h.sandbox.providerApi.setBlockchain('down')
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText()).toContain('Failed to fetch transactions')
    await modalRoot().getByRole('alert').filter({ hasText: 'Failed to fetch transactions' }).waitFor()
    h.sandbox.providerApi.setBlockchain('ok')
    await modalRoot().getByRole('button', { name: 'Try again' }).click()
    await (await modalRoot().getByTestId('activity')).waitFor()
  })

  test('hostile rows: malformed ones dropped, HTML shown as text, other networks hidden, no script runs', async () => {
    const { page } = h.browser
    await page.evaluate(() => ((window as unknown as { __vbCanary: number[] }).__vbCanary = []))
    const now = new Date().toISOString()
    const base = {
      metadata: {
        operationType: 'receive',
        minedAt: now,
        sentFrom: '0x00000000000000000000000000000000000000aa',
        sentTo: h.sandbox.address,
        status: 'confirmed',
        chain: 'eip155:31337',
      },
    }
    h.sandbox.providerApi.addHistory('eip155:31337', h.sandbox.address, [
      {
        ...base,
        id: 'evil',
        transfers: [
          {
            direction: 'in',
            quantity: { numeric: '5' },
            fungible_info: {
              name: 'x',
              symbol: '<img src=x onerror="window.__vbCanary.push(1)">',
              icon: { url: 'javascript:window.__vbCanary.push(2)' },
            },
          },
        ],
      },
      { ...base, id: 'no-quantity', transfers: [{ direction: 'in', fungible_info: { symbol: 'NQ' } }] },
      { ...base, id: 'bad-date', metadata: { ...base.metadata, minedAt: 'yesterday' }, transfers: [] },
      {
        ...base,
        id: 'other-chain',
        metadata: { ...base.metadata, chain: 'eip155:1' },
        transfers: [{ direction: 'in', quantity: { numeric: '1' }, fungible_info: { symbol: 'ETH' } }],
      },
      { ...base, id: 'huge', transfers: [{ direction: 'in', quantity: { numeric: '9'.repeat(80) }, fungible_info: { symbol: 'HUGE' } }] },
      {
        ...base,
        id: 'all-spam',
        transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Claim', flags: { is_spam: true } } }],
      },
      { ...base, id: 'no-transfers', metadata: { ...base.metadata, operationType: 'execute' }, transfers: [] },
    ])
    await connect()
    const list = await openActivity()
    await list.waitFor({ timeout: 15_000 })
    const ids = await list.getByTestId('activity-row').evaluateAll((items) => items.map((i) => i.getAttribute('data-id')))
    // Kept: the evil-looking one (as text) and the one without transfers. Dropped: no quantity, a bad date, an
    // 80-digit quantity (its only transfer is invalid). Hidden: another network's, and the all-spam one.
    expect(ids.slice(0, 2)).toEqual(['evil', 'no-transfers'])
    for (const id of ['no-quantity', 'bad-date', 'huge', 'other-chain', 'all-spam']) expect(ids).not.toContain(id)
    // The symbol is text, cut at 12 characters.
    await expect.poll(() => list.locator('[data-id="evil"] .vb-activity-amounts').innerText()).toBe('+5 <img src=x…')
    // No element was made of the text, so nothing of it can run later; the canary says nothing ran so far.
    expect(await list.locator('img[src="x"]').count()).toBe(0)
    await nextFrames(page)
    expect(await page.evaluate(() => (window as unknown as { __vbCanary: number[] }).__vbCanary)).toEqual([])
  })

  test('a token sent names its receiver, not the token contract; a mint names nobody', async () => {
    const receiver = '0x67cc00000000000000000000000000000000a457'
    const demo = h.sandbox.assets.tokens.find((t: { symbol: string }) => t.symbol === 'DEMO')!
    const url = h.sandbox.chain.url
    // 12.5 DEMO from the demo account, sent on the node itself (the account impersonated).
    await rpc(url, 'anvil_impersonateAccount', [h.sandbox.address])
    const data = `0xa9059cbb${receiver.slice(2).padStart(64, '0')}${(125n * 10n ** 17n).toString(16).padStart(64, '0')}`
    const hash = await rpc(url, 'eth_sendTransaction', [{ from: h.sandbox.address, to: demo.address, data }])
    await expect.poll(() => rpc(url, 'eth_getTransactionReceipt', [hash]).then((r: { status?: string } | null) => r?.status)).toBe('0x1')
    await rpc(url, 'anvil_stopImpersonatingAccount', [h.sandbox.address])
    await connect()
    const list = await openActivity()
    const row = list.locator(`[data-id="${hash}"]`)
    await row.waitFor({ timeout: 15_000 })
    // The row can show before the token's amount is written in it.
    await expect.poll(() => row.locator('.vb-activity-amounts').innerText()).toBe('−12.5 DEMO')
    // Written with its EIP-55 checksum, as wallets and explorers write it.
    await expect.poll(() => row.locator('.vb-item-hint').innerText()).toMatch(/^To 0x67Cc…A457 · /)
    const mint = list.locator('[data-testid="activity-row"]', { hasText: 'Minted' }).first()
    expect(await mint.locator('.vb-item-hint').innerText()).not.toMatch(/^(To|From) /)
  })

  test('a swap reads "Swapped" with what for what; an approval reads "Approved" with its token, amount and spender', async () => {
    const url = h.sandbox.chain.url
    const { exchange } = h.sandbox.market
    const demo = h.sandbox.assets.tokens.find((t: { symbol: string }) => t.symbol === 'DEMO')!
    const abi = parseAbi([
      'function approve(address spender, uint256 value) returns (bool)',
      'function swapForEth(address tokenIn, uint256 amountIn, uint256 minOut, address to) returns (uint256)',
    ])
    const mined = async (tx: { to: string; data: string }) => {
      const hash = await rpc(url, 'eth_sendTransaction', [{ from: h.sandbox.address, ...tx }])
      await expect.poll(() => rpc(url, 'eth_getTransactionReceipt', [hash]).then((r: { status?: string } | null) => r?.status)).toBe('0x1')
      return hash as string
    }
    // The demo account approves the exchange for all its DEMO, then sells 10 DEMO for ETH, on the node itself.
    await rpc(url, 'anvil_impersonateAccount', [h.sandbox.address])
    const approval = await mined({
      to: demo.address,
      data: encodeFunctionData({ abi, functionName: 'approve', args: [exchange, (1n << 256n) - 1n] }),
    })
    const swap = await mined({
      to: exchange,
      data: encodeFunctionData({ abi, functionName: 'swapForEth', args: [demo.address, 10n * 10n ** 18n, 1n, h.sandbox.address] }),
    })
    await rpc(url, 'anvil_stopImpersonatingAccount', [h.sandbox.address])
    await connect()
    const list = await openActivity()
    const swapRow = list.locator(`[data-id="${swap}"]`)
    await swapRow.waitFor({ timeout: 15_000 })
    await expect.poll(() => swapRow.locator('.vb-item-name').innerText()).toBe('Swapped')
    await expect.poll(() => swapRow.locator('.vb-item-hint').innerText()).toMatch(/^DEMO for ETH · /)
    await expect.poll(() => swapRow.locator('.vb-activity-amounts').innerText()).toMatch(/^−10 DEMO\s+\+0\.\d+ ETH$/)
    const approveRow = list.locator(`[data-id="${approval}"]`)
    await expect.poll(() => approveRow.locator('.vb-item-name').innerText()).toBe('Approved')
    await expect.poll(() => approveRow.locator('.vb-activity-amounts').innerText()).toBe('Unlimited DEMO')
    const spender = getAddress(exchange)
    await expect
      .poll(() => approveRow.locator('.vb-item-hint').innerText())
      .toMatch(new RegExp(`^Spender ${spender.slice(0, 6)}…${spender.slice(-4)} · `))
    expect(spender).not.toBe(spender.toLowerCase())
  })
})
