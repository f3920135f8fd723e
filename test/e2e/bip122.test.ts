// The bip122 plugin in Chromium against the sandbox: litecoind regtest behind the Esplora-shaped API and the
// Sandbox Bitcoin Wallet (Wallet Standard, real key, approve/reject prompt). Skips only when litecoind is absent.
import { beforeAll, describe, expect, test } from 'vitest'
import { INSTALL_COMMAND, litecoindInstalled, toSats } from '../../sandbox/bip122/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { payments } from 'bitcoinjs-lib'
import { legacyAddressOf } from '../../sandbox/bip122/wallet-core.js'
import { loadFresh, truncatedBalance, useSandboxBrowser } from './harness.js'

type Rpc = (method: string, params?: unknown[]) => Promise<any>
interface Bip122Sandbox {
  rpc: Rpc
  address: string
  esploraUrl: string
  setDown(down: boolean): void
  config: {
    network: { params: { bech32: string; pubKeyHash: number; scriptHash: number; wif: number; messagePrefix: string } }
    wallet: { caipNetworkId: string }
  }
}

const installed = toolAvailable(litecoindInstalled(), 'litecoind', INSTALL_COMMAND)

const h = useSandboxBrowser({ families: ['bip122'], timeout: 90_000 })
const { modalRoot, walletButton, answerWallet } = h
let chain: Bip122Sandbox

/** The node's own answer for an address: the sum of its UTXOs (scantxoutset), in satoshis. */
async function nodeBalance(address: string): Promise<bigint> {
  const scan = await chain.rpc('scantxoutset', ['start', [`addr(${address})`]])
  return (scan.unspents as { amount: number }[]).reduce((sum, u) => sum + (toSats as (a: number) => bigint)(u.amount), 0n)
}
/** What the modal must show: the balance truncated (not rounded) to 3 decimals. */
const display = (sats: bigint) => truncatedBalance(sats, 8, 'LTC')

/** A P2WPKH address of the regtest chain nobody else pays to, and the same with its last character changed. */
const recipientAddress = () => {
  const { bech32, pubKeyHash, scriptHash, wif, messagePrefix } = chain.config.network.params
  return payments.p2wpkh({
    hash: new Uint8Array(20).fill(7),
    network: { bech32, pubKeyHash, scriptHash, wif, messagePrefix, bip32: { public: 0, private: 0 } },
  }).address!
}
const mistyped = (address: string) => address.slice(0, -1) + (address.endsWith('q') ? 'p' : 'q')

const bitcoinWallet = () => walletButton('Sandbox Bitcoin Wallet')

async function connectBitcoin() {
  await h.browser.page.getByTestId('open-modal').click()
  await expect.poll(() => bitcoinWallet().count()).toBe(1)
  expect(await bitcoinWallet().innerText()).toContain('Installed')
  await bitcoinWallet().click()
  await answerWallet(/Sandbox Bitcoin Wallet\s+Connect .* to rltc1q/)
  await expect.poll(() => h.browser.page.getByTestId('status').innerText()).toBe('connected')
}

describe.skipIf(!installed)('bip122 in Chromium against litecoind regtest', () => {
  beforeAll(() => {
    chain = h.family<Bip122Sandbox>('bip122')
  })

  test('connect, the exact balance of the chain, sign and verify, send and see the recipient receive it', async () => {
    const { page } = h.browser
    await connectBitcoin()
    const caipNetworkId = chain.config.wallet.caipNetworkId
    expect(caipNetworkId).toBe('bip122:530827f38f93b43ed12af0b3ad25a288')
    expect(await page.getByTestId('caip-address').innerText()).toBe(`${caipNetworkId}:${chain.address}`)

    // The balance: the node's sum of the demo address's UTXOs, truncated to 3 decimals.
    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('ready')
    const onChain = await nodeBalance(chain.address)
    expect(display(onChain)).toBe('12.345 LTC')
    expect(await balance.innerText()).toBe(display(onChain))
    await page.keyboard.press('Escape')

    // Sign through the modal's handle; the node verifies the signature (legacy signmessage on the same key hash).
    await page.getByTestId('sign').click()
    await answerWallet(/Sign this message\?/)
    await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^[A-Za-z0-9+/]{87}=$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = await page.getByTestId('signature').innerText()
    const legacy = legacyAddressOf(chain.address, { ...chain.config.network.params, bip32: { public: 0, private: 0 } })
    expect(await chain.rpc('verifymessage', [legacy, signature, message])).toBe(true)
    expect(await chain.rpc('verifymessage', [legacy, signature, `${message}.`])).toBe(false)

    // Send 1.5 LTC to another address: the PSBT is signed in the wallet's prompt, broadcast and mined.
    const recipient = recipientAddress()
    const before = await nodeBalance(recipient)
    const sending = page.evaluate(
      ([to, address]) => {
        const modal = (window as unknown as { modal: { getNetwork(): { caipNetwork?: unknown } } }).modal
        return (window as unknown as { modalKernel: { chains: { get(ns: string): any } } }).modalKernel.chains
          .get('bip122')
          .sendNative({ to, value: 150_000_000n, address, network: modal.getNetwork().caipNetwork })
      },
      [recipient, chain.address] as const,
    )
    await answerWallet(new RegExp(`Sign this transaction\\?[\\s\\S]*${recipient}: 150000000 sat`))
    const txid = await sending
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await nodeBalance(recipient)).toBe(before + 150_000_000n)
    expect((await chain.rpc('getrawtransaction', [txid, true])).confirmations).toBe(1)
    expect(await nodeBalance(chain.address)).toBeLessThan(onChain - 150_000_000n)
    expect(h.browser.offLoopback).toEqual([])
  })

  test('bad input: a declined connection, a wrong-network address, a declined PSBT, an API that is down', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await bitcoinWallet().click()
    await answerWallet(/Connect/, false)
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('declined')
    expect(await view.getByRole('alert').innerText()).toBe('Connection declined')
    await view.getByRole('button', { name: 'Try again' }).click()
    await answerWallet(/Connect/)
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')

    const send = (to: string) =>
      page.evaluate(
        async ([to, address]) => {
          const modal = (window as unknown as { modal: { getNetwork(): { caipNetwork?: unknown } } }).modal
          const adapter = (window as unknown as { modalKernel: { chains: { get(ns: string): any } } }).modalKernel.chains.get('bip122')
          if (adapter.isAddress(to)) return 'valid'
          return adapter.sendNative({ to, value: 100_000n, address, network: modal.getNetwork().caipNetwork }).then(
            () => 'sent',
            (e: Error) => e.message,
          )
        },
        [to, chain.address] as const,
      )
    expect(await send('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      '"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" is an address of another network, not Litecoin Regtest',
    )
    const typo = mistyped(recipientAddress())
    expect(await send(typo)).toBe(`"${typo}" is not a valid Litecoin Regtest address: bad checksum`)

    // A declined PSBT: nothing is broadcast.
    const before = await nodeBalance(chain.address)
    const declined = page.evaluate(
      ([to, address]) => {
        const modal = (window as unknown as { modal: { getNetwork(): { caipNetwork?: unknown } } }).modal
        return (window as unknown as { modalKernel: { chains: { get(ns: string): any } } }).modalKernel.chains
          .get('bip122')
          .sendNative({ to, value: 100_000n, address, network: modal.getNetwork().caipNetwork })
          .then(
            () => 'sent',
            (e: { code?: string }) => e.code,
          )
      },
      [recipientAddress(), chain.address] as const,
    )
    await answerWallet(/Sign this transaction/, false)
    expect(await declined).toBe('USER_REJECTED')
    expect(await nodeBalance(chain.address)).toBe(before)

    // The Esplora API goes down: after a reload the balance shows as unavailable and the modal stays usable.
    chain.setDown(true)
    try {
      await loadFresh(page, page.url())
      await connectBitcoin()
      const balance = modalRoot().getByTestId('account-balance')
      await expect.poll(() => balance.getAttribute('data-status'), { timeout: 10_000 }).toBe('unavailable')
      await modalRoot().getByTestId('disconnect').click()
      await expect.poll(() => page.getByTestId('status').innerText()).toBe('disconnected')
    } finally {
      chain.setDown(false)
    }
    expect(h.browser.offLoopback).toEqual([])
  })
})
