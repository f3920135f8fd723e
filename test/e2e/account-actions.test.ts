// The Account view's own controls in Chromium, EVM on anvil and Solana on litesvm: "Disconnect all" ends every
// connected chain family in one click, and the feature buttons (Buy, Swap, Receive, Send …) keep their labels
// inside their buttons and the card in the languages with the longest labels.
import { expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ families: ['solana'] })
const { modalRoot, walletButton, approveInWallet } = h

const connectedNamespaces = () =>
  h.browser.page.evaluate(
    () => (window as unknown as { modal: { getState(): { connectedNamespaces: string[] } } }).modal.getState().connectedNamespaces,
  )

async function connectEvm() {
  await h.browser.page.getByTestId('open-modal').click()
  await walletButton('Sandbox Wallet').click()
  await approveInWallet(/Connect/)
  await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
}

test('one click on "Disconnect all" ends both connected chain families and returns to Connect', async () => {
  const { page } = h.browser
  await connectEvm()
  await modalRoot().getByTestId('connect-another').click()
  await modalRoot().locator('[data-testid="connect-families"] button[data-namespace="solana"]').click()
  await walletButton('Sandbox Solana Wallet').click()
  await approveInWallet(/to Solana account/)
  await expect.poll(() => modalRoot().getByTestId('connected-namespaces').count()).toBe(1)
  expect((await connectedNamespaces()).sort()).toEqual(['eip155', 'solana'])

  const all = modalRoot().getByTestId('disconnect-all')
  expect(await all.innerText()).toBe('Disconnect all')
  await all.click()
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 10_000 }).toBe('disconnected')
  expect(await connectedNamespaces()).toEqual([])
  await expect.poll(() => modalRoot().locator('#vb-title').innerText()).toBe('Connect Wallet')
})

/**
 * The feature buttons' boxes and their labels' boxes, measured in the page: each label inside its button and the
 * card, no two buttons overlapping, no label wider than the box that shows it.
 */
const measureFeatures = () =>
  modalRoot()
    .getByTestId('account-features')
    .evaluate((group) => {
      const card = group.closest('.vb-card')!.getBoundingClientRect()
      const buttons = [...group.querySelectorAll('button')]
      const problems: string[] = []
      const boxes = buttons.map((b) => b.getBoundingClientRect())
      buttons.forEach((button, i) => {
        const label = button.querySelector(':scope > span:last-child') as HTMLElement | null
        const text = (label ?? button).textContent ?? ''
        if (!label) return problems.push(`${text}: no label`)
        const l = label.getBoundingClientRect()
        const b = boxes[i]!
        if (l.left < card.left || l.right > card.right || l.top < card.top || l.bottom > card.bottom)
          problems.push(`${text}: label outside the card`)
        if (l.left < b.left - 0.5 || l.right > b.right + 0.5 || l.top < b.top - 0.5 || l.bottom > b.bottom + 0.5)
          problems.push(`${text}: label outside its button`)
        if (label.scrollWidth > label.clientWidth + 1) problems.push(`${text}: label overflows`)
        boxes.forEach((o, j) => {
          if (j > i && b.left < o.right - 0.5 && o.left < b.right - 0.5 && b.top < o.bottom - 0.5 && o.top < b.bottom - 0.5)
            problems.push(`${text}: overlaps ${buttons[j]!.textContent}`)
        })
      })
      return { count: buttons.length, labels: buttons.map((b) => b.querySelector(':scope > span:last-child')?.textContent), problems }
    })

test.each([
  ['es', ['Comprar', 'Intercambiar', 'Recibir', 'Enviar']],
  ['de', ['Kaufen', 'Tauschen', 'Empfangen', 'Senden']],
  ['en', ['Buy', 'Swap', 'Receive', 'Send']],
])('the Account feature buttons in %s fit a 360 px modal: labels inside buttons and card, no overlap', async (locale, labels) => {
  const { page } = h.browser
  await page.setViewportSize({ width: 384, height: 900 })
  await page.goto(`${h.sandbox.url}?locale=${locale}`)
  await connectEvm()
  expect(Math.round((await modalRoot().locator('.vb-card').boundingBox())!.width)).toBe(360)
  await expect.poll(async () => (await measureFeatures()).labels).toEqual(expect.arrayContaining(labels))
  expect((await measureFeatures()).problems).toEqual([])
  // The same at the desktop width, where the modal keeps its width.
  await page.setViewportSize({ width: 1280, height: 900 })
  expect((await measureFeatures()).problems).toEqual([])
  await page.setViewportSize({ width: 1100, height: 800 })
})
