// The polkadot plugin in Chromium against the sandbox: chopsticks on the Rococo Asset Hub genesis (ROC, 12
// decimals, prefix 2) and the Sandbox Polkadot Wallet (a polkadot-js style extension in window.injectedWeb3 with
// a real sr25519 key and an approve/reject prompt). Skips only when chopsticks is not installed.
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { INSTALL_COMMAND, chopsticksInstalled, setBalance } from '../../sandbox/polkadot/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { truncatedBalance, useSandboxBrowser } from './harness.js'

interface PolkadotSandbox {
  address: string
  node: { http: string; ws: string; genesisHash: string }
  config: { network: { name: string } }
}

const installed = toolAvailable(chopsticksInstalled(), 'chopsticks', INSTALL_COMMAND)

const h = useSandboxBrowser({ families: ['polkadot'], timeout: 120_000 })
const { modalRoot, walletButton, walletPrompt, answerWallet } = h
let chain: PolkadotSandbox
let api: import('@polkadot/api').ApiPromise

const ROC = 1_000_000_000_000n
const CAIP_NETWORK = `polkadot:${'45'.repeat(16)}`

/** The node's own answer: the account's free balance in planck. */
const freeOf = async (address: string): Promise<bigint> =>
  ((await api.query.system!.account!(address)) as unknown as { data: { free: { toBigInt(): bigint } } }).data.free.toBigInt()
/** What the modal must show: the balance truncated (not rounded) to 3 decimals. */
const display = (planck: bigint) => truncatedBalance(planck, 12, 'ROC')

const polkadotWallet = () => walletButton('Sandbox Polkadot Wallet')

async function connectPolkadot() {
  await h.browser.page.getByTestId('open-modal').click()
  // The extension injects a moment after the page starts; the modal looks again.
  await expect.poll(() => polkadotWallet().count()).toBe(1)
  expect(await polkadotWallet().innerText()).toContain('Installed')
  await polkadotWallet().click()
  await answerWallet(/Sandbox Polkadot Wallet\s+Connect "Vestibule Sandbox"\?/)
  await expect.poll(() => h.browser.page.getByTestId('status').innerText()).toBe('connected')
}

/** Calls the adapter's sendNative in the page (bigint across the boundary as a string). */
const sendInPage = (to: string, value: bigint) =>
  h.browser.page.evaluate(
    async ([to, value]) => {
      const modal = (window as any).modal
      const adapter = (window as any).modalKernel.chains.get('polkadot')
      const { address, namespace } = modal.getAccount()
      if (namespace !== 'polkadot') throw new Error(`active namespace is ${namespace}`)
      try {
        return { hash: await adapter.sendNative({ to, value: BigInt(value!), address, network: modal.getNetwork().caipNetwork }) }
      } catch (error) {
        return { error: (error as Error).message, code: (error as { code?: string }).code }
      }
    },
    [to, value.toString()],
  )

describe.skipIf(!installed)('polkadot in Chromium against chopsticks', () => {
  beforeAll(async () => {
    chain = h.family<PolkadotSandbox>('polkadot')
    const { ApiPromise, WsProvider } = await import('@polkadot/api')
    api = await ApiPromise.create({ provider: new WsProvider(chain.node.ws), noInitWarn: true })
    await cryptoWaitReady()
  }, 60_000)

  // Runs before the harness's afterAll (after hooks run in reverse), so the chain is still up.
  afterAll(async () => {
    await api?.disconnect()
  })

  test('connect, the exact balance of the chain, sign and verify, send and see the recipient receive it', async () => {
    const { page } = h.browser
    await connectPolkadot()
    expect(await page.getByTestId('caip-address').innerText()).toBe(`${CAIP_NETWORK}:${chain.address}`)
    expect(await page.getByTestId('network').innerText()).toBe(`Sandbox Asset Hub (${CAIP_NETWORK})`)

    // The balance the node reports, truncated to 3 decimals.
    const balance = modalRoot().getByTestId('account-balance')
    await expect.poll(() => balance.getAttribute('data-status'), { timeout: 20_000 }).toBe('ready')
    const before = await freeOf(chain.address)
    expect(display(before)).toBe('1234.567 ROC')
    expect(await balance.innerText()).toBe(display(before))

    // Sign through the modal's handle; the signature verifies against the address (sr25519 over <Bytes>…</Bytes>).
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await answerWallet(/Sandbox Polkadot Wallet\s+Sign this message\s+Sign in to Vestibule Sandbox/)
    await expect.poll(() => page.getByTestId('signature').innerText()).toMatch(/^0x[0-9a-f]{128}$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = await page.getByTestId('signature').innerText()
    expect(signatureVerify(message, signature, chain.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    expect(signatureVerify(`${message}!`, signature, chain.address).isValid).toBe(false)

    // Send 1.5 ROC to a fresh account with balances.transferKeepAlive, signed in the wallet.
    const recipient = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri(`//e2e-${Date.now()}`).address
    expect(await freeOf(recipient)).toBe(0n)
    const sent = sendInPage(recipient, 1_500_000_000_000n)
    // The wallet shows the decoded call, not its hex.
    await answerWallet(
      new RegExp(
        `Sandbox Polkadot Wallet\\s+Approve transaction\\s+balances\\.transferKeepAlive: 1\\.5 \\(1500000000000 planck\\) to ${recipient}`,
      ),
    )
    const result = await sent
    expect(result).toEqual({ hash: expect.stringMatching(/^0x[0-9a-f]{64}$/) })
    expect(await freeOf(recipient)).toBe(1_500_000_000_000n)
    const after = await freeOf(chain.address)
    expect(after).toBeLessThan(before - 1_500_000_000_000n) // amount and fee
    expect(after).toBeGreaterThan(before - 1_600_000_000_000n)
    expect(h.browser.offLoopback).toEqual([])
  })

  test('the wallet list shows "Sandbox Polkadot Wallet" whole beside its tag, at 1280 px', async () => {
    const { page } = h.browser
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByTestId('open-modal').click()
    await expect.poll(() => polkadotWallet().count()).toBe(1)
    const name = polkadotWallet().locator('.vb-item-name')
    expect(await name.innerText()).toBe('Sandbox Polkadot Wallet')
    expect(await name.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
    expect(await polkadotWallet().innerText()).toContain('Installed')
  })

  test('Receive names the network under the QR code of the bare address', async () => {
    await connectPolkadot()
    const address = (await modalRoot().getByTestId('account-address').getAttribute('title'))!
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    const view = modalRoot().getByTestId('receive')
    await view.waitFor()
    // The QR code holds the address alone (no payment URI scheme names Polkadot networks): the network is written with it.
    expect(await view.getByTestId('receive-qr').getAttribute('data-uri')).toBe(address)
    expect(await view.getByTestId('receive-network').innerText()).toBe('Sandbox Asset Hub')
    expect(await view.getByRole('img', { name: 'Your address on Sandbox Asset Hub as a QR code' }).count()).toBe(1)
    const [qr, name] = await Promise.all([view.getByTestId('receive-qr').boundingBox(), view.getByTestId('receive-network').boundingBox()])
    expect(name!.y).toBeGreaterThan(qr!.y + qr!.height - 1)
  })

  test('bad input: wrong addresses get Polkadot messages, declines are declines, nothing is sent', async () => {
    const { page } = h.browser
    await connectPolkadot()
    await page.keyboard.press('Escape')
    const generic = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri('//e2e-generic').address
    expect(await sendInPage('0x0000000000000000000000000000000000000001', ROC)).toEqual({
      error: 'Invalid Polkadot address (SS58 with a valid checksum expected): 0x0000000000000000000000000000000000000001',
      code: 'NOT_SUPPORTED',
    })
    expect(await sendInPage(generic, ROC)).toEqual({
      error: `Not a Sandbox Asset Hub address (SS58 prefix 42, expected 2): ${generic}`,
      code: 'NOT_SUPPORTED',
    })
    expect(await walletPrompt().count()).toBe(0)

    // The user rejects the transaction: nothing moves.
    const recipient = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//e2e-declined').address
    await setBalance(chain.node.http, recipient, 2n * ROC)
    const sent = sendInPage(recipient, ROC)
    await answerWallet(/Approve transaction/, false)
    expect(await sent).toEqual({ error: 'Cancelled', code: 'USER_REJECTED' })
    expect(await freeOf(recipient)).toBe(2n * ROC)

    // The user rejects the signature.
    await page.getByTestId('sign').click()
    await answerWallet(/Sign this message/, false)
    await expect.poll(() => page.getByTestId('signature').innerText()).toBe('Signature declined')
    expect(h.browser.offLoopback).toEqual([])
  })

  test('a declined connection says "Connection declined"; an extension without signRaw is "not supported by this wallet"', async () => {
    const { page } = h.browser
    await page.getByTestId('open-modal').click()
    await expect.poll(() => polkadotWallet().count()).toBe(1)
    await polkadotWallet().click()
    await answerWallet(/Connect/, false)
    const view = modalRoot().getByTestId('connecting-external')
    await expect.poll(() => view.getAttribute('data-phase')).toBe('declined')
    expect(await view.getByRole('alert').innerText()).toBe('Connection declined')

    // An extension that shares an account but has no signRaw (injected like a content script would).
    await page.addInitScript((address) => {
      const w = window as any
      w.injectedWeb3 = w.injectedWeb3 ?? {}
      w.injectedWeb3['limited-wallet'] = {
        version: '1',
        enable: async () => ({ accounts: { get: async () => [{ address }] }, signer: {} }),
      }
    }, chain.address)
    await page.reload()
    await page.getByTestId('open-modal').click()
    const limited = walletButton('Limited Wallet')
    await expect.poll(() => limited.count()).toBe(1)
    await limited.click()
    await expect.poll(() => page.getByTestId('status').innerText()).toBe('connected')
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    await expect.poll(() => page.getByTestId('signature').innerText()).toBe('Signing messages is not supported by this wallet')
    expect(await sendInPage(chain.address, 1n)).toEqual({
      error: 'Sending transactions is not supported by this wallet',
      code: 'NOT_SUPPORTED',
    })
    expect(h.browser.offLoopback).toEqual([])
  })
})
