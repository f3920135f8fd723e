// The embedded wallet's smart account in the browser: the switch in Account moves the account to the smart
// account's address (and back), its signatures verify with the chain's verifyMessage (EIP-6492 before deployment,
// EIP-1271 after), its first send deploys it and lands on anvil, and `defaultAccountTypes` picks the type at login.
import { describe, expect, test } from 'vitest'
import { emailLogin, sendToApproval } from './auth-login.js'
import { useSandboxBrowser } from './harness.js'
import { defineNetwork } from '../../chains/eip155/index.js'
import { verifyMessage } from '../../chains/eip155/verify-message.js'
import { ERC6492_MAGIC } from '../../sandbox/contracts/smart-account.mjs'

const h = useSandboxBrowser({ timeout: 120_000 })
const LONG = 120_000
const RECEIVER = '0x90f79BF6Eb2c4F870365e477e9F9F4c0c2Ab5bA1'

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(h.sandbox.chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: string }).result
}
const network = () =>
  defineNetwork({
    id: 31337,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [h.sandbox.chain.url] } },
  })

/** Signs a message from the page's button, approved in the modal; resolves with the message and signature. */
async function signFromPage() {
  const { page } = h.browser
  const modal = h.modalRoot()
  if ((await page.getByTestId('modal-open').innerText()) === 'open') await page.keyboard.press('Escape')
  await expect.poll(() => page.getByTestId('modal-open').innerText()).toBe('closed')
  await page.getByTestId('sign').click()
  await modal.getByTestId('auth-approve').waitFor()
  await modal.getByTestId('auth-approve-button').click()
  await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 20_000 }).toMatch(/^0x[0-9a-f]+$/)
  return { message: await page.getByTestId('signed-message').innerText(), signature: await page.getByTestId('signature').innerText() }
}

describe('smart account of the embedded wallet', () => {
  test(
    'the switch in Account shows the smart address; it signs with EIP-6492, its first send deploys it, then it signs with EIP-1271; and back to the EOA',
    async () => {
      const { page } = h.browser
      const email = `smart-${Date.now()}@example.com`
      await emailLogin(h, email)
      const eoa = h.sandbox.auth.secureSite.addressOf(email)
      const smart = await h.sandbox.auth.secureSite.smartAddressOf(email)
      expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${eoa}`)
      const modal = h.modalRoot()
      const row = modal.getByTestId('auth-account-type')
      await expect.poll(() => row.getAttribute('data-type')).toBe('eoa')
      await row.getByTestId('auth-account-type-switch').click()
      await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(`eip155:31337:${smart}`)
      expect(await row.getAttribute('data-type')).toBe('smartAccount')
      expect(await modal.getByTestId('account').innerText()).toContain(smart.slice(0, 6))
      await expect.poll(() => row.getByTestId('auth-smart-deployed').getAttribute('data-deployed')).toBe('false')

      // Before deployment: an EIP-6492 signature, valid for the smart account's address; nothing deployed by checking.
      const early = await signFromPage()
      expect(early.signature.endsWith(ERC6492_MAGIC.slice(2))).toBe(true)
      expect(await verifyMessage({ address: smart, message: early.message, signature: early.signature, network: network() })).toBe(true)
      expect(await verifyMessage({ address: eoa, message: early.message, signature: early.signature, network: network() })).toBe(false)
      expect(await rpc('eth_getCode', [smart, 'latest'])).toBe('0x')

      // A send from the smart account: approved, deployed through the factory, executed, on anvil.
      const before = BigInt(await rpc('eth_getBalance', [RECEIVER, 'latest']))
      await page.getByTestId('open-modal').click()
      await sendToApproval(h, { symbol: 'ETH', amount: '0.25', receiver: RECEIVER, feeSymbol: 'ETH' })
      await modal.getByTestId('auth-approve-button').click()
      await expect
        .poll(async () => BigInt(await rpc('eth_getBalance', [RECEIVER, 'latest'])) - before, { timeout: 30_000 })
        .toBe(250_000_000_000_000_000n)
      expect(await rpc('eth_getCode', [smart, 'latest'])).not.toBe('0x')
      expect(BigInt(await rpc('eth_getBalance', [smart, 'latest']))).toBe(10n ** 19n - 250_000_000_000_000_000n)

      // Deployed: the account state says so, and its signature is the owner's, checked by the contract (EIP-1271).
      await page.keyboard.press('Escape')
      await page.getByTestId('open-modal').click()
      await expect.poll(() => modal.getByTestId('auth-smart-deployed').getAttribute('data-deployed'), { timeout: 20_000 }).toBe('true')
      const late = await signFromPage()
      expect(late.signature).toMatch(/^0x[0-9a-f]{130}$/)
      expect(await verifyMessage({ address: smart, message: late.message, signature: late.signature, network: network() })).toBe(true)
      expect(await verifyMessage({ address: smart, message: early.message, signature: late.signature, network: network() })).toBe(false)

      // Back to the EOA.
      await page.getByTestId('open-modal').click()
      await modal.getByTestId('auth-account-type-switch').click()
      await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(`eip155:31337:${eoa}`)
      await expect.poll(() => modal.getByTestId('auth-account-type').getAttribute('data-type')).toBe('eoa')
      expect(await modal.getByTestId('auth-smart-deployed').count()).toBe(0)
    },
    LONG,
  )

  test(
    'defaultAccountTypes smartAccount: the login connects the smart account; a reload keeps it',
    async () => {
      const { page } = h.browser
      const email = `smart-default-${Date.now()}@example.com`
      await emailLogin(h, email, '&accountType=smartAccount')
      const smart = await h.sandbox.auth.secureSite.smartAddressOf(email)
      expect(await page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${smart}`)
      await expect.poll(() => h.modalRoot().getByTestId('auth-account-type').getAttribute('data-type')).toBe('smartAccount')
      // Smart sessions are off by default: no entry.
      expect(await h.modalRoot().getByTestId('auth-smart-sessions').count()).toBe(0)
      await page.reload()
      await expect.poll(() => page.getByTestId('caip-address').innerText(), { timeout: 20_000 }).toBe(`eip155:31337:${smart}`)
    },
    LONG,
  )
})

describe('smart sessions', () => {
  test(
    'with features.smartSessions: the smart account sessions are listed and one is revoked with its signature; a malformed list says so',
    async () => {
      const email = `sessions-${Date.now()}@example.com`
      const smart = await h.sandbox.auth.secureSite.smartAddressOf(email)
      const sessions = h.sandbox.providerApi.sessions
      sessions.add(smart, {
        pci: 'pci-game',
        project: { name: 'Sandbox Game', url: 'https://game.example' },
        expiry: 2_000_000_000,
        permissions: [{ type: 'native-token-recurring-allowance' }, { type: 'contract-call' }],
      })
      sessions.add(smart, { pci: 'pci-shop', project: { name: 'Sandbox Shop' }, permissions: [] })
      await emailLogin(h, email, '&accountType=smartAccount&smartSessions=on')
      const modal = h.modalRoot()
      await modal.getByTestId('auth-smart-sessions').click()
      const view = modal.getByTestId('auth-sessions')
      await expect.poll(() => view.locator('[data-pci]').count()).toBe(2)
      expect(await view.locator('[data-pci="pci-game"]').innerText()).toContain('Sandbox Game')
      expect(await view.locator('[data-pci="pci-game"]').innerText()).toContain('2 permissions')

      await view
        .locator('[data-pci="pci-game"]')
        .getByRole('button', { name: /Revoke/ })
        .click()
      await modal.getByTestId('auth-approve').waitFor()
      expect(await modal.getByTestId('auth-approve-detail').innerText()).toContain('pci-game')
      await modal.getByTestId('auth-approve-button').click()
      await expect.poll(() => sessions.list(smart).map((s: { pci: string }) => s.pci), { timeout: 20_000 }).toEqual(['pci-shop'])
      await expect.poll(() => modal.getByTestId('auth-sessions').locator('[data-pci]').count(), { timeout: 20_000 }).toBe(1)
      expect(await modal.getByTestId('auth-sessions').locator('[data-pci="pci-shop"]').count()).toBe(1)

      // A list that is not one: the view says so and the modal stays usable.
      sessions.pin('list', { status: 200, body: { sessions: 'garbage' } })
      try {
        await modal.getByRole('button', { name: /back/i }).first().click()
        await modal.getByTestId('auth-smart-sessions').click()
        await expect.poll(() => modal.getByTestId('auth-sessions-error').innerText()).toBe('The smart sessions could not be read')
        await modal.getByRole('button', { name: /back/i }).first().click()
        await modal.getByTestId('account').waitFor()
      } finally {
        sessions.pin('list', undefined)
      }
    },
    LONG,
  )
})
