// The embedded wallet's account type in Account sits on the card's grid: its field spans the column as the Network
// field and the feature buttons do (same left edge, same width), its label starts where the Network label starts,
// and the type in use is a row as wide as the network's row.
import { describe, expect, test } from 'vitest'
import { emailLogin } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 120_000 })

type Box = { left: number; width: number }

describe('account type in Account', () => {
  test('its field, label and row line up with the Network field and the feature buttons', async () => {
    await emailLogin(h, `grid-${Date.now()}@example.com`)
    const modal = h.modalRoot()
    const block = modal.getByTestId('auth-account-type')
    await expect.poll(() => block.getAttribute('data-type'), { timeout: 20_000 }).toBe('eoa')
    expect(await block.innerText()).toContain('Account type')
    const box = async (selector: string): Promise<Box> => {
      const b = (await modal.locator(selector).first().boundingBox())!
      return { left: Math.round(b.x), width: Math.round(b.width) }
    }
    const network = await box('.vb-field:has([data-testid="network-button"])')
    const features = await box('[data-testid="account-features"]')
    const type = await box('[data-testid="auth-account-type"]')
    expect(features).toEqual(network)
    expect(type).toEqual(network)
    expect(await box('[data-testid="auth-account-type"] > .vb-label')).toEqual(
      await box('.vb-field:has([data-testid="network-button"]) > .vb-label'),
    )
    const row = await box('[data-testid="auth-account-type"] > .vb-item')
    expect(row).toEqual(await box('[data-testid="network-button"]'))
    expect(await modal.locator('[data-testid="auth-account-type"] > .vb-item').innerText()).toBe('EOA')
  })
})
