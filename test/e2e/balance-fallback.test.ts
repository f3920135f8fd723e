// The Account balance when the network's RPC cannot be reached: the sandbox app's local chain points at a closed
// 127.0.0.1 port, while the Sandbox Wallet still knows the real node. The balance comes from the wallet
// (eth_getBalance through its provider) instead of "Balance unavailable".
import { createServer } from 'node:net'
import { createPublicClient, http } from 'viem'
import { describe, expect, test } from 'vitest'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser()
const { modalRoot } = h

/** A local port nothing listens on: bound once, then released. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

describe('balances that do not depend on one endpoint', () => {
  test("with the app's RPC URL unreachable, Account shows the balance the connected wallet reports", async () => {
    const { page } = h.browser
    const closed = `http://127.0.0.1:${await closedPort()}`
    // The app reads its RPC URL from the sandbox config: it gets the closed port, the wallet keeps its own node.
    await page.addInitScript((url) => {
      let config: unknown
      Object.defineProperty(window, '__SANDBOX__', {
        configurable: true,
        get: () => config,
        set: (value) => void (config = { ...value, rpc: url }),
      })
    }, closed)
    await page.reload()
    expect(await page.evaluate(() => (window as any).modalKernel.chains.get('eip155').networks[0].rpcUrls.default.http[0])).toBe(closed)

    await h.connectWallet('Sandbox Wallet')
    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready')
    const real = await createPublicClient({ transport: http(h.sandbox.chain.url) }).getBalance({ address: h.sandbox.address })
    expect(await balance.innerText()).toBe(truncatedBalance(real, 18, 'ETH'))
  })
})
