// The Account view and the shell in Chromium with two chain families (EVM on anvil, Solana on litesvm): picking
// the family to connect next, naming each chain to assistive technology, keyboard focus that stays in the dialog,
// and layouts measured at 360 px and 1280 px in both themes.
import { beforeAll, describe, expect, test } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { catalogWallets } from '../../sandbox/provider-api/catalog.mjs'
import { useSandboxBrowser } from './harness.js'
import { chooseToken } from './send-form.js'

interface SolanaHandle {
  address: string
  config: { genesisHash: string }
}

const h = useSandboxBrowser({ families: ['solana'] })
const { modalRoot, walletButton, approveInWallet } = h
let sol: SolanaHandle

beforeAll(() => {
  sol = h.family<SolanaHandle>('solana')
})

type Theme = 'dark' | 'light'
const setTheme = (page: Page, mode: Theme) =>
  page.evaluate((m) => (window as unknown as { modal: { setThemeMode(m: string): void } }).modal.setThemeMode(m), mode)

/** Runs `check` at 360 px and 1280 px wide, in the dark and the light theme. */
async function everyLayout(page: Page, check: (where: string) => Promise<void>) {
  for (const width of [360, 1280])
    for (const theme of ['dark', 'light'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await setTheme(page, theme)
      await check(`${width}px ${theme}`)
    }
}

/** Texts in `scope` that CSS cuts (an ellipsis or clipped overflow), as "class: text". */
const cutTexts = (scope: Locator, selector: string) =>
  scope
    .locator(selector)
    .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => `${el.className}: ${el.textContent}`))

/** The element focused in the page, looking into the modal's shadow root: its tag and text, or "BODY". */
const focused = (page: Page) =>
  page.evaluate(() => {
    const outer = document.activeElement
    const inner = outer?.shadowRoot?.activeElement ?? outer
    return inner === document.body || !inner
      ? 'BODY'
      : `${inner.tagName}:${(inner.getAttribute('aria-label') ?? inner.textContent ?? '').trim()}`
  })

async function connectEvm() {
  await h.browser.page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(/Connect/)
  await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
}

/** From Account: connect another chain, pick Solana, choose the Sandbox Solana Wallet. */
async function addSolana() {
  await modalRoot().getByTestId('connect-another').click()
  await modalRoot().locator('[data-testid="connect-families"] button[data-namespace="solana"]').click()
  await walletButton('Sandbox Solana Wallet').click()
  await approveInWallet(/to Solana account/)
  await expect.poll(() => modalRoot().getByTestId('connected-namespaces').count()).toBe(1)
}

/** Connects EVM and opens Send with ETH chosen. */
async function openSend() {
  await connectEvm()
  await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = modalRoot().getByTestId('send')
  await chooseToken(form, 'ETH')
  return form
}

describe('connecting another chain family', () => {
  test('the user picks the family by its label; the title names it; after a reload the list holds that family’s catalog wallets only', async () => {
    const { page } = h.browser
    await connectEvm()
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)

    const another = modalRoot().getByTestId('connect-another')
    expect(await another.getAttribute('aria-expanded')).toBe('false')
    await another.click()
    const families = modalRoot().getByTestId('connect-families').locator('button')
    expect(
      await families.evaluateAll((buttons) =>
        buttons.map((b) => [(b as HTMLElement).dataset.namespace, b.textContent!.replace('›', '').trim()]),
      ),
    ).toEqual([['solana', 'Solana']])
    await families.first().click()

    await expect.poll(() => modalRoot().locator('h2').innerText()).toBe('Connect Wallet: Solana')
    await expect.poll(() => walletButton('Sandbox Solana Wallet').count()).toBe(1)
    // Catalog wallets come (the restored session skipped the open's prefetch), and only those serving Solana.
    const catalogRows = modalRoot().locator(
      '[data-testid="wallet-list"] li:is([data-section="featured"], [data-section="recommended"]) button',
    )
    await expect.poll(() => catalogRows.count(), { timeout: 10_000 }).toBeGreaterThan(0)
    const chainsById = new Map<string | undefined, string[]>(
      catalogWallets()
        .filter(Boolean)
        .map((w: { id?: string; chains?: string[] }) => [w.id, w.chains ?? []]),
    )
    const ids = await catalogRows.evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.walletId!))
    expect(ids.filter((id) => !chainsById.get(id)?.some((c) => c.startsWith('solana:')))).toEqual([])
  })
})

describe('two families connected', () => {
  test('rows show whole names and addresses in every layout; "Use" names its chain; removing one announces which', async () => {
    const { page } = h.browser
    await connectEvm()
    await addSolana()
    const rows = modalRoot().getByTestId('connected-namespaces')
    await everyLayout(page, async (where) => {
      expect(await cutTexts(rows, '.vb-item-name, .vb-item-hint'), where).toEqual([])
      // The buttons stay inside their row.
      const spill = await rows
        .locator('li')
        .evaluateAll((items) =>
          items.flatMap((li) =>
            [...li.querySelectorAll('button, .vb-tag')]
              .filter((b) => b.getBoundingClientRect().right > li.getBoundingClientRect().right + 0.5)
              .map((b) => b.textContent),
          ),
        )
      expect(spill, where).toEqual([])
      // Each row button looks like a button: a fill or an edge that sets it apart from its row.
      const flat = await rows.locator('li').evaluateAll((items) =>
        items.flatMap((li) =>
          [...li.querySelectorAll('button')]
            .filter((b) => {
              const style = getComputedStyle(b)
              const edged = (style.boxShadow !== 'none' && style.boxShadow !== '') || Number.parseFloat(style.borderTopWidth) > 0
              return !edged && style.backgroundColor === getComputedStyle(li).backgroundColor
            })
            .map((b) => b.textContent),
        ),
      )
      expect(flat, where).toEqual([])
    })
    await page.setViewportSize({ width: 1280, height: 900 })

    // The active family is Solana (connected last): the EVM row offers "Use", named after its network.
    const evmName = await rows.locator('li[data-namespace="eip155"] .vb-item-name').innerText()
    expect(
      await rows
        .locator('li[data-namespace="eip155"]')
        .getByRole('button', { name: `Use ${evmName}`, exact: true })
        .count(),
    ).toBe(1)

    await rows
      .locator('li[data-namespace="solana"]')
      .getByRole('button', { name: /^Disconnect/ })
      .click()
    await expect.poll(() => modalRoot().locator('.vb-sr[role="status"]').allInnerTexts()).toContain('Solana disconnected')
    expect(await modalRoot().locator('.vb-sr[role="status"]').allInnerTexts()).not.toContain('Disconnected')
    // Two wallet connections and four layouts: 3 s alone, past 30 s once in a full run on two cores.
  }, 60_000)

  test('Networks names each family by its chain plugin’s label, not its namespace', async () => {
    await connectEvm()
    await modalRoot().getByTestId('network-button').click()
    const hints = modalRoot().locator('[data-testid="networks"] li .vb-item-hint')
    await expect.poll(() => hints.allInnerTexts()).toEqual(['EVM networks · connected', 'EVM networks · connected', 'Solana'])
    expect(sol.address).toBeTruthy()
  })
})

describe('keyboard', () => {
  test('Shift+Tab from the focused heading goes to the dialog’s last control, never to the page', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    await expect.poll(() => focused(page)).toBe('H2:Connect Wallet')
    await page.keyboard.press('Shift+Tab')
    expect(await focused(page)).not.toBe('BODY')
    const last = await modalRoot()
      .locator('button:visible')
      .last()
      .evaluate((b) => `BUTTON:${(b.getAttribute('aria-label') ?? b.textContent ?? '').trim()}`)
    expect(await focused(page)).toBe(last)
  })

  test('Enter in Send’s receiver field moves focus on inside the dialog, not to the page', async () => {
    const { page } = h.browser
    const form = await openSend()
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill('0x67cc000000000000000000000000000000000457')
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d ETH/)
    await form.getByTestId('send-receiver').press('Enter')
    await expect.poll(() => form.getByTestId('send-confirm').count()).toBe(1)
    await expect.poll(() => focused(page)).not.toBe('BODY')
    expect(await focused(page)).toMatch(/^BUTTON:/)
  })
})

describe('layout', () => {
  test('Max is a styled button beside the amount field, 8 px apart, as tall as the field', async () => {
    const { page } = h.browser
    const form = await openSend()
    await everyLayout(page, async (where) => {
      // Measured once the layout has settled (a resize or a theme change may still be animating the card).
      const boxes = () => Promise.all([form.getByLabel('Amount').boundingBox(), form.getByRole('button', { name: 'Max' }).boundingBox()])
      await expect
        .poll(
          async () => {
            const [input, max] = await boxes()
            return Math.abs(max!.y - input!.y) + Math.abs(max!.height - input!.height)
          },
          { message: where },
        )
        .toBeLessThanOrEqual(1)
      const [input, max] = await boxes()
      expect(max!.x - (input!.x + input!.width), where).toBeGreaterThanOrEqual(8)
      const look = await form
        .getByRole('button', { name: 'Max' })
        .evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).borderTopLeftRadius])
      expect(look[0], where).not.toBe('rgba(0, 0, 0, 0)')
      expect(look[1], where).not.toBe('0px')
    })
  })

  test('on a page with a header action the title is centred on the card, and the legal notice is one running paragraph', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}extensions?collapse`)
    await page.getByTestId('open-modal').click()
    const notice = modalRoot().getByTestId('legal-notice')
    await notice.waitFor()
    expect(await modalRoot().locator('header [data-action]').count()).toBeGreaterThan(0)
    await everyLayout(page, async (where) => {
      const offset = await modalRoot()
        .locator('header')
        .evaluate((header) => {
          const title = header.querySelector('h2')!
          const range = document.createRange()
          range.selectNodeContents(title)
          const text = range.getBoundingClientRect()
          const box = header.getBoundingClientRect()
          return text.left + text.width / 2 - (box.left + box.width / 2)
        })
      expect(Math.abs(offset), where).toBeLessThanOrEqual(1)
      // Running text: each part (the sentence, each link) starts on or below the line where the part before it ends,
      // never beside it as a column of its own.
      const columns = await notice.evaluate((p) => {
        const parts = [...p.childNodes].flatMap((node) => {
          const range = document.createRange()
          range.selectNodeContents(node)
          const rects = [...range.getClientRects()].filter((r) => r.width > 0)
          return rects.length && node.textContent!.trim()
            ? [{ text: node.textContent!.trim(), first: rects[0]!.top, last: rects.at(-1)!.top }]
            : []
        })
        return parts.slice(1).flatMap((part, i) => (part.first < parts[i]!.last - 1 ? [`${part.text} beside ${parts[i]!.text}`] : []))
      })
      expect(columns, where).toEqual([])
    })
  })

  test('Activity rows keep their dates and Receive balances the address’s lines, at 360 px and 1280 px in both themes', async () => {
    const { page } = h.browser
    await connectEvm()
    await modalRoot().getByRole('tab', { name: 'Activity' }).click()
    const list = modalRoot().getByTestId('activity')
    await expect.poll(() => list.getByTestId('activity-row').count(), { timeout: 15_000 }).toBeGreaterThan(0)
    await everyLayout(page, async (where) => {
      expect(await cutTexts(list, '[data-testid="activity-row"] .vb-item-name, [data-testid="activity-row"] .vb-item-hint'), where).toEqual(
        [],
      )
      // Each row's hint is drawn whole inside its row, the date at its end included.
      const outside = await list.getByTestId('activity-row').evaluateAll(
        (rows) =>
          rows.filter((row) => {
            const hint = row.querySelector('.vb-item-hint')!.getBoundingClientRect()
            return hint.right > row.getBoundingClientRect().right || hint.width === 0
          }).length,
      )
      expect(outside, where).toBe(0)
    })

    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    const address = modalRoot().getByTestId('receive-address')
    await address.waitFor()
    await everyLayout(page, async (where) => {
      // Lines of the address (its text's boxes by line): a wrapped address has no short last line of a character or two.
      const lines = await address.evaluate((code) => {
        const range = document.createRange()
        range.selectNodeContents(code)
        const widths = new Map<number, number>()
        for (const r of range.getClientRects()) widths.set(Math.round(r.top), (widths.get(Math.round(r.top)) ?? 0) + r.width)
        return [...widths.values()]
      })
      if (lines.length > 1) expect(lines.at(-1)! / lines[0]!, where).toBeGreaterThanOrEqual(0.5)
    })
  })
})
