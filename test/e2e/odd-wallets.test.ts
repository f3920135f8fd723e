import { beforeAll, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot, walletButton } = h

/** Two more EIP-6963 wallets in the page: one never answers, one fails with a wallet error. */
function announceOddWallets() {
  const announce = (name: string, rdns: string, request: (args: { method: string }) => Promise<unknown>) => {
    const detail = Object.freeze({ info: { uuid: rdns, name, icon: 'javascript:alert(1)', rdns }, provider: { request } })
    const send = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.addEventListener('eip6963:requestProvider', send)
    send()
  }
  // Counts the requests it is sent (window.__vbSilentAsked), answers none.
  announce('Silent Wallet', 'test.silent', ({ method }) => {
    const page = window as unknown as { __vbSilentAsked?: string[] }
    page.__vbSilentAsked = [...(page.__vbSilentAsked ?? []), method]
    return new Promise(() => {})
  })
  announce('Broken Wallet', 'test.broken', ({ method }) =>
    Promise.reject(Object.assign(new Error(`Internal wallet failure on ${method}`), { code: -32000 })),
  )
}

// The two odd wallets announce themselves in every page the browser opens.
beforeAll(async () => {
  await h.browser.context.addInitScript(announceOddWallets)
})

describe('wallets that misbehave leave the modal usable', () => {
  test('every announced wallet is listed once; an unsafe icon is replaced by the generated one', async () => {
    await h.browser.page.getByTestId('open-modal').click()
    // The browser wallets (the injected section); catalog and WalletConnect entries are listed in their own sections.
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"] li[data-section="injected"] button').count()).toBe(3)
    expect(await walletButton('Silent Wallet').locator('img').count()).toBe(0)
    expect(await walletButton('Silent Wallet').locator('.vb-avatar').innerText()).toBe('S')
  })

  test('a wallet that never answers can be cancelled, and another wallet then connects', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await walletButton('Silent Wallet').click()
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('waiting')
    expect(await page.getByTestId('status').innerText()).toBe('connecting')
    await view.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count()).toBe(1)
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')

    await walletButton('Sandbox Wallet').click()
    await page.locator('[data-testid="sandbox-wallet-approve"]').click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
  })

  test('a wallet slow to answer: from 3 s the view says so, from 5 s the request can be sent again', async () => {
    const { page } = h.browser
    const asked = () =>
      page.evaluate(
        () => (window as unknown as { __vbSilentAsked?: string[] }).__vbSilentAsked?.filter((m) => m === 'eth_requestAccounts').length ?? 0,
      )
    await page.getByTestId('open-modal').click()
    await walletButton('Silent Wallet').click()
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-stage')).toBe('waiting')
    expect(await view.innerText()).toContain('Accept the connection request in the wallet')
    await expect.poll(() => view.getAttribute('data-stage')).toBe('slow')
    expect(await view.innerText()).toContain('This is taking longer than expected. Check the wallet for the request.')
    expect(await view.getByTestId('connecting-again').count()).toBe(0)
    await expect.poll(() => view.getAttribute('data-stage')).toBe('askAgain')
    expect(await asked()).toBe(1)
    await view.getByTestId('connecting-again').click()
    // The request goes to the wallet again, with a clock of its own.
    await expect.poll(asked).toBe(2)
    await expect.poll(() => view.getAttribute('data-stage')).toBe('waiting')
    expect(await view.getByTestId('connecting-again').count()).toBe(0)
    expect(await page.getByTestId('status').innerText()).toBe('connecting')
    await view.getByRole('button', { name: 'Cancel' }).click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
  })

  test('a wallet error is shown with its message and retry and back keep working', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await walletButton('Broken Wallet').click()
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('error')
    expect(await view.innerText()).toContain('Internal wallet failure on eth_requestAccounts')
    await view.getByRole('button', { name: 'Try again' }).click()
    await expect.poll(() => view.getAttribute('data-phase')).toBe('error')
    await modalRoot().getByRole('button', { name: 'Back' }).click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')
  })

  test('corrupt stored state is dropped and the modal opens', async () => {
    const { page } = h.browser
    await page.evaluate(() => {
      for (const key of ['connectedNamespaces', 'activeNamespace', 'connectorId:eip155', 'activeCaipNetworkId']) {
        localStorage.setItem(`@vestibule/v1/${key}`, '{not json')
      }
    })
    await page.reload()
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    expect(await page.evaluate(() => localStorage.getItem('@vestibule/v1/connectedNamespaces'))).not.toBe('{not json')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('the shell shows snackbars, alerts and the shake the kernel raises', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletButton('Sandbox Wallet').count()).toBe(1)
    type Feedback = { showSnackbar(v: string, m: string): void; alert(id: string, m: string): void; shake(): void }
    const feedback = (fn: (f: Feedback) => void) => page.evaluate(`(${fn.toString()})(window.modalKernel.feedback)`)

    await feedback((f) => f.showSnackbar('error', 'Token Balance Unavailable'))
    const snackbar = modalRoot().getByTestId('snackbar')
    await expect.poll(() => snackbar.isVisible()).toBe(true)
    expect(await snackbar.innerText()).toBe('Token Balance Unavailable')

    await feedback((f) => f.alert('invalid-app', 'Invalid App Configuration'))
    const alert = modalRoot().locator('[data-alert-id="invalid-app"]')
    await expect.poll(() => alert.innerText()).toContain('Invalid App Configuration')
    await alert.getByRole('button', { name: 'Dismiss' }).click()
    await expect.poll(() => alert.count()).toBe(0)

    await feedback((f) => f.shake())
    await expect.poll(() => modalRoot().locator('.vb-card[data-shake]').count()).toBe(1)
    await expect.poll(() => modalRoot().locator('.vb-card[data-shake]').count(), { timeout: 2000 }).toBe(0)
  })
})

describe('the wallet list on a 360 px screen', () => {
  test('a long unbroken wallet name ellipsizes inside its row; every row and its "Installed" tag stay inside the list', async () => {
    const { page } = h.browser
    await page.setViewportSize({ width: 360, height: 740 })
    try {
      await page.evaluate(() => {
        const info = { uuid: 'test.long', name: `Wallet${'W'.repeat(200)}`, icon: '', rdns: 'test.long' }
        const detail = Object.freeze({ info, provider: { request: () => new Promise(() => {}) } })
        window.addEventListener('eip6963:requestProvider', () =>
          window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail })),
        )
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
      })
      await page.getByTestId('open-modal').click()
      const list = modalRoot().getByTestId('wallet-list')
      await expect.poll(() => list.locator('button', { hasText: 'WalletWWW' }).count()).toBe(1)
      const layout = await list.evaluate((ul) => {
        const box = ul.getBoundingClientRect()
        return {
          listRight: box.right,
          rows: [...ul.querySelectorAll('button')].map((b) => b.getBoundingClientRect().right),
          tags: [...ul.querySelectorAll('.vb-tag')].map((t) => t.getBoundingClientRect().right),
          longName: (() => {
            const name = [...ul.querySelectorAll('.vb-item-name')].find((n) => n.textContent!.startsWith('WalletWWW'))!
            return { clipped: name.scrollWidth > name.clientWidth, overflow: getComputedStyle(name).textOverflow }
          })(),
        }
      })
      expect(
        layout.rows.filter((right) => right > layout.listRight + 0.5),
        JSON.stringify(layout),
      ).toEqual([])
      expect(layout.tags.length).toBeGreaterThan(0)
      expect(layout.tags.every((right) => right <= layout.listRight + 0.5)).toBe(true)
      expect(layout.longName).toEqual({ clipped: true, overflow: 'ellipsis' })
    } finally {
      await page.setViewportSize({ width: 1100, height: 800 })
    }
  })
})
