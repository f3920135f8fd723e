import { describe, expect, test } from 'vitest'
import { createPublicClient, http, verifyMessage } from 'viem'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

// Each test starts from a fresh origin state: no stored session, wallet permissions revoked.
const h = useSandboxBrowser()
const { modalRoot, walletButton, walletPrompt, approveInWallet } = h

/** The balance the modal must show: the node's own answer, truncated (not rounded) to 3 decimals. */
async function expectedBalance(rpcUrl: string, address: `0x${string}`) {
  return truncatedBalance(await createPublicClient({ transport: http(rpcUrl) }).getBalance({ address }), 18, 'ETH')
}

describe('walking skeleton in Chromium against the sandbox', () => {
  test('open, connect, exact balance, sign and verify, switch network (adding it), disconnect', async () => {
    const { page } = h.browser
    const opener = page.getByTestId('open-modal')
    await opener.click()
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(true)

    // The dialog is labelled by the view heading.
    const labelledBy = await modalRoot().getAttribute('aria-labelledby')
    await expect.poll(() => modalRoot().locator(`[id="${labelledBy}"]`).innerText()).toBe('Connect Wallet')

    const wallet = walletButton('Sandbox Wallet')
    await expect.poll(() => wallet.count()).toBe(1)
    await expect.poll(() => wallet.innerText()).toContain('Installed')
    await wallet.click()
    await expect.poll(() => modalRoot().locator('[data-testid="connecting-external"]').getAttribute('data-phase')).toBe('waiting')
    await approveInWallet(/Connect/)

    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
    const expected = await expectedBalance(h.sandbox.chain.url, h.sandbox.address)
    expect(expected).toBe('1234.567 ETH')
    expect(await balance.innerText()).toBe(expected)
    expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.address}`)

    // The copy button puts the whole address on the clipboard.
    await modalRoot().getByRole('button', { name: 'Copy address' }).click()
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(h.sandbox.address)

    // Escape closes and focus returns to the opener.
    await page.keyboard.press('Escape')
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true)

    // Sign through the modal's handle and verify the signature against the address.
    await page.getByTestId('sign').click()
    await approveInWallet(/Sign this message/)
    await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^0x[0-9a-f]{130}$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = (await page.getByTestId('signature').innerText()) as `0x${string}`
    expect(await verifyMessage({ address: h.sandbox.address, message, signature })).toBe(true)

    // Switch to a network the wallet does not know: it answers 4902, the modal adds the chain, then switches.
    await opener.click()
    await modalRoot().getByTestId('network-button').click()
    await modalRoot().locator('[data-testid="networks"] button', { hasText: 'Sandbox L2' }).click()
    await approveInWallet(/Add network "Sandbox L2"/)
    await expect.poll(() => page.getByTestId('network').innerText()).toBe('Sandbox L2 (eip155:31338)')
    await expect.poll(() => balance.getAttribute('data-status')).toBe('ready')
    expect(await balance.innerText()).toBe(await expectedBalance(h.sandbox.l2.url, h.sandbox.address))
    expect(await balance.innerText()).toBe('42.123 ETH')

    // Disconnect brings Connect back.
    await modalRoot().getByTestId('disconnect').click()
    await expect.poll(() => modalRoot().locator('[data-testid="wallet-list"]').count()).toBe(1)
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('a rejected connection says "Connection declined" and retry connects', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await walletButton('Sandbox Wallet').click()
    await walletPrompt().waitFor({ state: 'visible' })
    await page.locator('[data-testid="sandbox-wallet-reject"]').click()

    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('declined')
    expect(await view.getByRole('alert').innerText()).toBe('Connection declined')
    // The user said no: the hint says so (no talk of "a previous request"), and the live region no longer says
    // "Connecting…".
    expect(await view.innerText()).toContain('You declined the request in the wallet')
    expect(await view.innerText()).not.toContain('previous request')
    await expect.poll(() => modalRoot().locator('.vb-sr[role="status"]').allInnerTexts()).toContain('Connection declined')
    expect(await page.getByTestId('status').innerText()).toBe('disconnected')

    await view.getByRole('button', { name: 'Try again' }).click()
    await approveInWallet(/Connect/)
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await page.getByTestId('status').innerText()).toBe('connected')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('keyboard: Tab and Shift+Tab stay inside the dialog; the focused heading shows no ring; arrows move in lists', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    // The wallet list: Down, Up, End and Home move between its rows.
    const list = modalRoot().getByTestId('wallet-list')
    const rows = list.locator('button')
    // The featured wallets arrive from the API after the first rows: wait for them so the rows stop moving.
    await expect.poll(() => list.locator('button', { hasText: 'Cedar Vault' }).count()).toBe(1)
    await rows.first().focus()
    const focused = () => page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.textContent ?? '')
    const count = await rows.count()
    expect(count).toBeGreaterThan(1)
    await page.keyboard.press('ArrowDown')
    expect(await focused()).toBe(await rows.nth(1).textContent())
    await page.keyboard.press('ArrowUp')
    expect(await focused()).toBe(await rows.nth(0).textContent())
    await page.keyboard.press('End')
    expect(await focused()).toBe(await rows.nth(count - 1).textContent())
    await page.keyboard.press('Home')
    expect(await focused()).toBe(await rows.nth(0).textContent())
    await walletButton('Sandbox Wallet').click()
    await approveInWallet(/Connect/)
    await modalRoot().getByTestId('account').waitFor()
    const inside = () =>
      page.evaluate(() => {
        const host = document.activeElement
        const active = host?.shadowRoot?.activeElement
        return Boolean(host?.hasAttribute('data-vestibule') && active && active.closest('dialog'))
      })
    const heading = modalRoot().locator('#vb-title')
    await heading.focus()
    expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('none')
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      expect(await inside(), `after ${i + 1} Tab presses`).toBe(true)
    }
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inside(), `after ${i + 1} Shift+Tab presses`).toBe(true)
    }
  })

  test('the session survives a reload and backdrop click closes the modal', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await walletButton('Sandbox Wallet').click()
    await approveInWallet(/Connect/)
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')

    await page.reload()
    // The demo restores the session on load: the page shows the account before the modal is opened.
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
    expect(await page.getByTestId('open-modal').innerText()).not.toBe('Connect wallet')
    expect(await page.getByTestId('modal-open').innerText()).toBe('closed')
    await page.getByTestId('open-modal').click()
    await expect.poll(() => modalRoot().getByTestId('account').count()).toBe(1)
    expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${h.sandbox.address}`)

    // A click on the backdrop (outside the card) closes.
    await page.mouse.click(10, 10)
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)
    expect(h.browser.offLoopback).toEqual([])
  })

  test('the modal is 360 px wide, dark by default, and light when the host asks for it', async () => {
    const { page } = h.browser
    const look = async () => {
      await page.getByTestId('open-modal').click()
      await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
      return modalRoot().evaluate((dialog) => {
        const host = (dialog.getRootNode() as ShadowRoot).host
        const card = dialog.querySelector('.vb-card')!
        return {
          theme: host.getAttribute('data-theme'),
          width: dialog.getBoundingClientRect().width,
          background: getComputedStyle(card).backgroundColor,
        }
      })
    }
    const dark = await look()
    expect(dark).toMatchObject({ theme: 'dark', width: 360 })
    await page.goto(`${h.sandbox.url}?theme=light`)
    const light = await look()
    expect(light).toMatchObject({ theme: 'light', width: 360, background: 'rgb(255, 255, 255)' })
    expect(dark.background).not.toBe(light.background)
  })

  test("motion: a following view fades in over 150 ms, its title over 120 ms, the card's height moves over 150 ms; none with reduced motion", async () => {
    const { page } = h.browser
    // Every animation the page starts with element.animate(): [element class, property, from, to, ms].
    await page.evaluate(() => {
      const w = window as unknown as { __animations: unknown[] }
      w.__animations = []
      const animate = Element.prototype.animate
      Element.prototype.animate = function (
        this: Element,
        keyframes: Keyframe[] | PropertyIndexedKeyframes | null,
        options?: number | KeyframeAnimationOptions,
      ) {
        const [from, to] = keyframes as Keyframe[]
        const property = 'opacity' in from! ? 'opacity' : 'height'
        w.__animations.push([
          this.className.split(' ')[0],
          property,
          String(from![property]),
          String(to![property]),
          typeof options === 'number' ? options : options?.duration,
        ])
        return animate.call(this, keyframes, options)
      }
    })
    const running = () =>
      page.evaluate(() => (window as unknown as { __animations: Array<[string, string, string, string, number]> }).__animations.splice(0))
    const viewAllWallets = async () => {
      await page.getByTestId('open-modal').click()
      await walletButton('Sandbox Wallet').waitFor()
      // The first view appears with the modal: nothing fades in.
      expect((await running()).filter((a) => a[1] === 'opacity')).toEqual([])
      await h.listSettled()
      await running()
      await modalRoot().getByTestId('footer-allWallets').click()
      await modalRoot().getByRole('searchbox').waitFor()
      return running()
    }
    const moved = await viewAllWallets()
    expect(moved).toContainEqual(['vb-body', 'opacity', '0', '1', 150])
    expect(moved).toContainEqual(['vb-title', 'opacity', '0', '1', 120])
    const height = moved.find((a) => a[1] === 'height')
    expect(height?.[0]).toBe('vb-card')
    expect(height?.[4]).toBe(150)
    expect(height?.[2]).not.toBe(height?.[3])

    // With reduced motion asked for, nothing is animated.
    await page.keyboard.press('Escape')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await viewAllWallets()).toEqual([])
    await page.emulateMedia({ reducedMotion: null })
  })
})
