// Required sign-in when the wallet switches to another account: a page wallet holding two keys (its signatures come
// from real viem accounts through an exposed function, its reads from anvil) announces itself with EIP-6963; the
// first account signs in through the sandbox backend, then the wallet moves to the second account, which has no
// session: the sign view comes back, cannot be closed, and the second account signs in too.
import { describe, expect, test } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ timeout: 90_000 })
const { modalRoot, walletButton } = h
const accounts = [privateKeyToAccount(`0x${'11'.repeat(32)}`), privateKeyToAccount(`0x${'12'.repeat(32)}`)]

/** The page wallet: approves connecting, signs with the selected key, switches account when told. */
function twoKeyWallet({ addresses, rpc }: { addresses: string[]; rpc: string }) {
  let selected = 0
  const listeners: Record<string, Array<(value: unknown) => void>> = {}
  const emit = (event: string, value: unknown) => (listeners[event] ?? []).forEach((l) => l(value))
  const host = window as unknown as { twoKeySign(index: number, message: string): Promise<string>; twoKeySwitch(): void }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [addresses[selected]]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'personal_sign') {
        const data = String(params?.[0])
        const text = data.startsWith('0x')
          ? new TextDecoder().decode(
              new Uint8Array(
                data
                  .slice(2)
                  .match(/../g)!
                  .map((b) => parseInt(b, 16)),
              ),
            )
          : data
        return host.twoKeySign(selected, text)
      }
      if (method === 'wallet_revokePermissions') return null
      const response = await fetch(rpc, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      })
      const body = (await response.json()) as { result?: unknown; error?: { message: string } }
      if (body.error) throw new Error(body.error.message)
      return body.result
    },
    on(event: string, listener: (value: unknown) => void) {
      ;(listeners[event] ??= []).push(listener)
      return provider
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener)
      return provider
    },
  }
  host.twoKeySwitch = () => {
    selected = 1 - selected
    emit('accountsChanged', [addresses[selected]])
  }
  const info = {
    uuid: 'f0a7c1de-2b44-4d57-9a8e-6a1c5d0e2b11',
    name: 'Two Key Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    rdns: 'dev.vestibule.two-key',
  }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

describe('required sign-in and another account', () => {
  test('the second account of the wallet is asked to sign in again, and cannot close the modal until it does', async () => {
    const { page } = h.browser
    await page.exposeFunction('twoKeySign', (index: number, message: string) => accounts[index]!.signMessage({ message }))
    await page.addInitScript(twoKeyWallet, { addresses: accounts.map((a) => a.address), rpc: h.sandbox.chain.url })
    await page.goto(`${h.sandbox.url}?siwx=required`)
    const signView = modalRoot().getByTestId('siwx')
    const signedIn = () => page.getByTestId('signed-in').innerText()

    await page.getByTestId('open-modal').click()
    await walletButton('Two Key Wallet').click()
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    expect((await signView.getByTestId('siwx-message').innerText()).split('\n')[1]).toBe(accounts[0]!.address)
    await signView.getByTestId('siwx-sign').click()
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${accounts[0]!.address} on eip155:31337`)
    await expect.poll(() => modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(false)

    // The wallet moves to its second account: no session covers it, so the demo opens the modal on the sign view.
    await page.evaluate(() => (window as unknown as { twoKeySwitch(): void }).twoKeySwitch())
    await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`eip155:31337:${accounts[1]!.address}`)
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    expect((await signView.getByTestId('siwx-message').innerText()).split('\n')[1]).toBe(accounts[1]!.address)
    await page.keyboard.press('Escape')
    expect(await modalRoot().evaluate((d: HTMLDialogElement) => d.open)).toBe(true)
    await signView.getByTestId('siwx-sign').click()
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${accounts[1]!.address} on eip155:31337`)
  })
})
