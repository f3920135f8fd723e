/**
 * WalletConnect for solana, polkadot and bip122 in Chromium: the demo host pairs with the Sandbox Mobile Wallet
 * (real @reown/walletkit, its own funded keys) over the loopback relay. Per family: the pairing URI is read from
 * a screenshot of the modal's QR code, the wallet shares only that family, the account appears, a message
 * signature verifies with that chain's own rules, and a transfer signed in the wallet lands on the local chain.
 */
import { createPublicKey, verify } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import bs58 from 'bs58'
import { Keypair } from '@solana/web3.js'
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { payments } from 'bitcoinjs-lib'
import { INSTALL_COMMAND as POLKADOT_INSTALL, chopsticksInstalled } from '../../sandbox/polkadot/chain.mjs'
import { INSTALL_COMMAND as BIP122_INSTALL, litecoindInstalled, toSats } from '../../sandbox/bip122/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { legacyAddressOf } from '../../sandbox/bip122/wallet-core.js'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr, type MobileWallet } from './mobile-wallet.js'

const families = [
  'solana',
  ...(toolAvailable(chopsticksInstalled(), 'chopsticks', POLKADOT_INSTALL) ? ['polkadot'] : []),
  ...(toolAvailable(litecoindInstalled(), 'litecoind', BIP122_INSTALL) ? ['bip122'] : []),
]
const h = useSandboxBrowser({ families, clearStorage: false, timeout: 180_000 })
const { modalRoot } = h
let walletOrigin: string

interface MobileAccounts {
  solana: { address: string; caipNetworkId: string }
  polkadot: { address: string; caipNetworkId: string }
  bip122: {
    address: string
    caipNetworkId: string
    bitcoinjs: { bech32: string; pubKeyHash: number; scriptHash: number; wif: number; messagePrefix: string }
  }
}
const mobile = () => (h.sandbox.walletConnect as unknown as { accounts: MobileAccounts }).accounts

beforeAll(() => {
  walletOrigin = h.sandbox.url.replace('127.0.0.1', 'localhost').replace(/\/$/, '')
})
beforeEach(async () => {
  for (const page of h.browser.context.pages().slice(1)) await page.close()
  await clearOrigin(h.browser.page, h.sandbox.url.replace(/\/$/, ''))
  await h.browser.page.goto(h.sandbox.url)
})
afterAll(() => {
  expect(h.browser?.offLoopback ?? []).toEqual([])
})

/** Opens WalletConnect in the modal, pairs the wallet from the QR code, shares only `namespace`, waits for the account. */
async function pairFamily(namespace: keyof MobileAccounts): Promise<MobileWallet> {
  const { page } = h.browser
  await page.getByTestId('open-modal').click()
  await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
  const uri = await pairingUriFromQr(modalRoot())
  const wallet = await openMobileWallet(h.browser.context, walletOrigin)
  await wallet.pair(uri)
  const { caipNetworkId, address } = mobile()[namespace]
  await wallet.card('proposal', new RegExp(`Vestibule Sandbox .* asks to connect on .*${caipNetworkId}`))
  await wallet.share([namespace])
  await wallet.decide('proposal', true)
  await modalRoot().getByTestId('account').waitFor({ timeout: 20_000 })
  await expect.poll(() => page.getByTestId('caip-address').innerText()).toBe(`${caipNetworkId}:${address}`)
  await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
  // Only the shared family is connected; the session carries nothing else.
  const connected = await page.evaluate(() => {
    const modal = (window as any).modal as {
      getState(): { connectedNamespaces: string[] }
      getAccount(ns: string): { connectorId?: string }
    }
    return modal.getState().connectedNamespaces.map((ns) => `${ns}:${modal.getAccount(ns).connectorId}`)
  })
  expect(connected).toEqual([`${namespace}:walletConnect`])
  return wallet
}

/** Signs the demo app's message through the wallet; returns the message and the signature the app shows. */
async function signInApp(wallet: MobileWallet, caipNetworkId: string) {
  const { page } = h.browser
  await page.keyboard.press('Escape')
  await page.getByTestId('sign').click()
  await wallet.decide('request', true, new RegExp(`Sign this message on ${caipNetworkId}:\\s+Sign in to Vestibule Sandbox`))
  await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 20_000 }).not.toBe('Waiting for the wallet…')
  return { message: await page.getByTestId('signed-message').innerText(), signature: await page.getByTestId('signature').innerText() }
}

/** The chain plugin's sendNative in the page, through the WalletConnect connector (bigint as a string). */
const sendInPage = (namespace: string, to: string, value: bigint) =>
  h.browser.page.evaluate(
    async ([namespace, to, value]) => {
      const modal = (window as any).modal
      const { address } = modal.getAccount()
      try {
        return {
          result: String(
            await (window as any).modalKernel.chains
              .get(namespace)
              .sendNative({ to, value: BigInt(value!), address, network: modal.getNetwork().caipNetwork }),
          ),
        }
      } catch (error) {
        return { error: (error as Error).message }
      }
    },
    [namespace, to, value.toString()],
  )

describe('WalletConnect per chain family with the Sandbox Mobile Wallet', () => {
  test('solana: pairs from the QR code, signs a message that verifies (ed25519), signs and sends a transfer', async () => {
    const sol = h.family<{ chain: { balance(address: string): bigint } }>('solana')
    const { address, caipNetworkId } = mobile().solana
    const wallet = await pairFamily('solana')

    const { message, signature } = await signInApp(wallet, caipNetworkId)
    const key = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(bs58.decode(address))]),
      format: 'der',
      type: 'spki',
    })
    const bytes = Buffer.from(bs58.decode(signature))
    expect(bytes).toHaveLength(64)
    expect(verify(null, Buffer.from(message), key, bytes)).toBe(true)
    expect(verify(null, Buffer.from(`${message}.`), key, bytes)).toBe(false)

    const to = Keypair.generate().publicKey.toBase58()
    const before = sol.chain.balance(address)
    const sending = sendInPage('solana', to, 250_000_000n)
    await wallet.decide('request', true, new RegExp(`Sign and send a transaction on ${caipNetworkId}:\\s+Send 0\\.25 SOL to ${to}`))
    const sent = await sending
    expect(sent.error).toBeUndefined()
    expect(bs58.decode(sent.result!)).toHaveLength(64)
    expect(sol.chain.balance(to)).toBe(250_000_000n)
    expect(sol.chain.balance(address)).toBe(before - 250_000_000n - 5000n)
    expect(h.browser.offLoopback).toEqual([])
  })

  test.skipIf(!families.includes('polkadot'))(
    'polkadot: pairs from the QR code, signs a message that verifies (sr25519), signs a transfer the chain executes',
    async () => {
      const node = h.family<{ node: { ws: string } }>('polkadot').node
      const { address, caipNetworkId } = mobile().polkadot
      const wallet = await pairFamily('polkadot')

      const { message, signature } = await signInApp(wallet, caipNetworkId)
      await cryptoWaitReady()
      expect(signature).toMatch(/^0x[0-9a-f]{128}$/)
      expect(signatureVerify(message, signature, address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
      expect(signatureVerify(`${message}!`, signature, address).isValid).toBe(false)

      const { ApiPromise, WsProvider } = await import('@polkadot/api')
      const api = await ApiPromise.create({ provider: new WsProvider(node.ws), noInitWarn: true })
      try {
        const free = async (who: string) =>
          ((await api.query.system!.account!(who)) as unknown as { data: { free: { toBigInt(): bigint } } }).data.free.toBigInt()
        const recipient = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri(`//wc-e2e-${Date.now()}`).address
        const before = await free(address)
        const sending = sendInPage('polkadot', recipient, 2_000_000_000_000n)
        await wallet.decide('request', true, new RegExp(`Approve a transaction on ${caipNetworkId}:\\s+call 0x`))
        const sent = await sending
        expect(sent).toEqual({ result: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
        expect(await free(recipient)).toBe(2_000_000_000_000n)
        const after = await free(address)
        expect(after).toBeLessThan(before - 2_000_000_000_000n)
        expect(after).toBeGreaterThan(before - 2_100_000_000_000n)
      } finally {
        await api.disconnect()
      }
      expect(h.browser.offLoopback).toEqual([])
    },
  )

  test.skipIf(!families.includes('bip122'))(
    'bip122: pairs from the QR code, signs a message the node verifies, signs a PSBT the modal broadcasts, and sends a transfer itself',
    async () => {
      const chain = h.family<{ rpc: (method: string, params?: unknown[]) => Promise<any> }>('bip122')
      const { address, caipNetworkId, bitcoinjs } = mobile().bip122
      const network = { ...bitcoinjs, bip32: { public: 0, private: 0 } }
      const balance = async (who: string) =>
        ((await chain.rpc('scantxoutset', ['start', [`addr(${who})`]])).unspents as { amount: number }[]).reduce(
          (sum, u) => sum + (toSats as (a: number) => bigint)(u.amount),
          0n,
        )
      const wallet = await pairFamily('bip122')

      const { message, signature } = await signInApp(wallet, caipNetworkId)
      expect(signature).toMatch(/^[A-Za-z0-9+/]{87}=$/)
      const legacy = legacyAddressOf(address, network)
      expect(await chain.rpc('verifymessage', [legacy, signature, message])).toBe(true)
      expect(await chain.rpc('verifymessage', [legacy, signature, `${message}.`])).toBe(false)

      // The modal builds the PSBT, the wallet signs it (signPsbt, no broadcast), the modal finalizes and broadcasts.
      const recipient = payments.p2wpkh({ hash: new Uint8Array(20).fill(9), network }).address!
      const before = await balance(recipient)
      const sending = sendInPage('bip122', recipient, 40_000_000n)
      await wallet.decide('request', true, new RegExp(`Sign a transaction on ${caipNetworkId}:[\\s\\S]*${recipient}: 40000000 sat`))
      const sent = await sending
      expect(sent).toEqual({ result: expect.stringMatching(/^[0-9a-f]{64}$/) })
      expect((await chain.rpc('getrawtransaction', [sent.result, true])).confirmations).toBe(1)
      expect(await balance(recipient)).toBe(before + 40_000_000n)

      // sendTransfer: the wallet builds, signs and broadcasts the transfer itself.
      const transfer = h.browser.page.evaluate(
        async ([caipNetworkId, account, recipient]) => {
          const provider = await (window as any).modal.getPlugin('walletConnect').getProvider()
          return provider.request(
            { method: 'sendTransfer', params: { account, recipientAddress: recipient, amount: '1250000' } },
            caipNetworkId,
          )
        },
        [caipNetworkId, address, recipient],
      )
      await wallet.decide('request', true, new RegExp(`Send 1250000 sat to ${recipient} on ${caipNetworkId}`))
      const { txid } = (await transfer) as { txid: string }
      const tx = await chain.rpc('getrawtransaction', [txid, true])
      // Litecoin Core 0.21 lists an output's addresses (later versions have one `address`).
      const paid = (tx.vout as { value: number; scriptPubKey: { address?: string; addresses?: string[] } }[]).filter((o) =>
        [o.scriptPubKey.address, ...(o.scriptPubKey.addresses ?? [])].includes(recipient),
      )
      expect(paid.map((o) => o.value)).toEqual([0.0125])
      expect(h.browser.offLoopback).toEqual([])
    },
  )
})
