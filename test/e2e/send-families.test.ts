// Send, Tokens and Receive on the Polkadot and Bitcoin families in the browser: a DOT-style (ROC on chopsticks) and an LTC-style
// (litecoind regtest) native transfer through the Send form and the Sandbox Wallets, checked by the balances the
// local nodes report: the receiver gains the amount, the sender loses the amount and the fee. Each family skips
// only when its node is not installed.
import { Keyring } from '@polkadot/keyring'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { INSTALL_COMMAND as CHOPSTICKS, chopsticksInstalled } from '../../sandbox/polkadot/chain.mjs'
import { FEE_ESTIMATES, INSTALL_COMMAND as LITECOIND, litecoindInstalled, toSats } from '../../sandbox/bip122/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { truncatedBalance, useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { fillSendForm, openSendForm } from './send-form.js'

const withPolkadot = toolAvailable(chopsticksInstalled(), 'chopsticks', CHOPSTICKS)
const withBitcoin = toolAvailable(litecoindInstalled(), 'litecoind', LITECOIND)
const families = [...(withPolkadot ? ['polkadot'] : []), ...(withBitcoin ? ['bip122'] : [])]

const h = useSandboxBrowser({ families, timeout: 120_000 })
const { modalRoot, approveInWallet } = h

const ROC = 1_000_000_000_000n

describe.skipIf(!withPolkadot)('send ROC on a Polkadot-family chain', () => {
  let api: import('@polkadot/api').ApiPromise
  let sender: string
  const freeOf = async (address: string): Promise<bigint> =>
    ((await api.query.system!.account!(address)) as unknown as { data: { free: { toBigInt(): bigint } } }).data.free.toBigInt()

  beforeAll(async () => {
    const chain = h.family<{ address: string; node: { ws: string } }>('polkadot')
    sender = chain.address
    const { ApiPromise, WsProvider } = await import('@polkadot/api')
    api = await ApiPromise.create({ provider: new WsProvider(chain.node.ws), noInitWarn: true })
    await cryptoWaitReady()
  }, 60_000)
  afterAll(async () => {
    await api?.disconnect()
  })

  test('the form shows the fee, the wallet signs, the receiver gains 2.5 ROC and the sender 2.5 ROC plus that fee', async () => {
    const receiver = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri(`//send-form-${Date.now()}`).address
    const form = await openSendForm(h, 'Sandbox Polkadot Wallet', /Connect "Vestibule Sandbox"\?/)
    await fillSendForm(form, { symbol: 'ROC', amount: '2.5', receiver, feeSymbol: 'ROC' })
    const amount = 2_500_000_000_000n
    // The node's own price of this transfer, asked independently of the modal.
    const fee = (await api.tx.balances!.transferKeepAlive!(receiver, amount).paymentInfo(sender)).partialFee.toBigInt()
    const before = await freeOf(sender)

    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('2.5 ROC')
    await form.getByTestId('send-confirm').click()
    await approveInWallet(/Sandbox Polkadot Wallet\s+Approve transaction/)
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText(), { timeout: 20_000 }).toContain('Transaction started')
    await expect.poll(() => freeOf(receiver), { timeout: 20_000 }).toBe(amount)
    expect(await freeOf(sender)).toBe(before - amount - fee)
  })

  test('Tokens lists ROC with the free balance the node reports; Receive shows its address', async () => {
    await h.connectWallet('Sandbox Polkadot Wallet', /Connect "Vestibule Sandbox"\?/)
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    const row = modalRoot().getByTestId('tokens').locator('[data-testid="token-row"][data-token="ROC"]')
    await row.waitFor({ timeout: 20_000 })
    expect(await row.innerText()).toContain(truncatedBalance(await freeOf(sender), 12, 'ROC'))
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    await expect.poll(() => modalRoot().getByTestId('receive').getByTestId('receive-address').innerText()).toBe(sender)
  })

  test('a receiver of another SS58 network is refused in the form; the wallet is not asked', async () => {
    const generic = new Keyring({ type: 'sr25519', ss58Format: 42 }).addFromUri('//send-form-generic').address
    const form = await openSendForm(h, 'Sandbox Polkadot Wallet', /Connect "Vestibule Sandbox"\?/)
    await form.getByLabel('Amount').fill('1')
    await form.getByTestId('send-receiver').fill(generic)
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.innerText()).toContain('Not a valid address on Sandbox Asset Hub')
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().count()).toBe(0)
  })

  test('a send that would leave less than the existential deposit is caught in the form; the wallet is not asked', async () => {
    const receiver = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//send-form-deposit').address
    const form = await openSendForm(h, 'Sandbox Polkadot Wallet', /Connect "Vestibule Sandbox"\?/)
    const deposit = BigInt(api.consts.balances!.existentialDeposit!.toString())
    const free = await freeOf(sender)
    const fee = (await api.tx.balances!.transferKeepAlive!(receiver, free / 2n).paymentInfo(sender)).partialFee.toBigInt()
    // Amount and fee fit the balance; what is left is half the deposit.
    await form.getByLabel('Amount').fill(decimal(free - fee - deposit / 2n, 12))
    await form.getByTestId('send-receiver').fill(receiver)
    await expect
      .poll(() => form.getByTestId('send-keep').innerText(), { timeout: 20_000 })
      .toContain(`must keep ${decimal(deposit, 12).replace(/\.?0+$/, '')}`)
    await form.getByTestId('send-review').click()
    // Review is refused on the click itself: two frames later the form shows what it will show.
    await nextFrames(h.browser.page)
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().count()).toBe(0)
  })
})

/** `units` base units as a decimal with `decimals` places. */
const decimal = (units: bigint, decimals: number) =>
  `${units / 10n ** BigInt(decimals)}.${(units % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')}`

describe.skipIf(!withBitcoin)('send LTC on a Bitcoin-family chain', () => {
  type Rpc = (method: string, params?: unknown[]) => Promise<any>
  let chain: {
    rpc: Rpc
    address: string
    config: { network: { params: { bech32: string; pubKeyHash: number; scriptHash: number; wif: number; messagePrefix: string } } }
  }
  const balanceOf = async (address: string): Promise<bigint> => {
    const scan = await chain.rpc('scantxoutset', ['start', [`addr(${address})`]])
    return (scan.unspents as { amount: number }[]).reduce((sum, u) => sum + (toSats as (a: number) => bigint)(u.amount), 0n)
  }
  beforeAll(() => {
    chain = h.family('bip122')
  })

  test('the form shows the fee, the wallet signs the PSBT, the receiver gains 0.75 LTC and the sender 0.75 LTC plus the fee', async () => {
    const { bech32, pubKeyHash, scriptHash, wif, messagePrefix } = chain.config.network.params
    const network = { bech32, pubKeyHash, scriptHash, wif, messagePrefix, bip32: { public: 0, private: 0 } }
    const receiver = payments.p2wpkh({ hash: new Uint8Array(20).fill(Date.now() % 251), network }).address!
    const received = await balanceOf(receiver)
    const form = await openSendForm(h, 'Sandbox Bitcoin Wallet', /Connect .* to rltc1q/)
    await fillSendForm(form, { symbol: 'LTC', amount: '0.75', receiver, feeSymbol: 'LTC' })
    const before = await balanceOf(chain.address)

    await form.getByTestId('send-review').click()
    await expect.poll(() => form.getByTestId('send-preview').innerText()).toContain('0.75 LTC')
    await form.getByTestId('send-confirm').click()
    await approveInWallet(new RegExp(`Sign this transaction\\?[\\s\\S]*${receiver}: 75000000 sat`))
    await expect.poll(() => modalRoot().getByTestId('snackbar').innerText(), { timeout: 20_000 }).toContain('Transaction started')
    await expect.poll(() => balanceOf(receiver), { timeout: 20_000 }).toBe(received + 75_000_000n)

    // The sender paid the amount and the transaction's fee: inputs less outputs, at the API's rate per vbyte.
    const spent = await chain.rpc('scantxoutset', ['start', [`addr(${receiver})`]])
    const txid = (spent.unspents as { txid: string; amount: number }[]).find(
      (u) => (toSats as (a: number) => bigint)(u.amount) === 75_000_000n,
    )!.txid
    const tx = await chain.rpc('getrawtransaction', [txid, true])
    const inputs = await Promise.all(
      (tx.vin as { txid: string; vout: number }[]).map(async (vin) =>
        (toSats as (a: number) => bigint)((await chain.rpc('getrawtransaction', [vin.txid, true])).vout[vin.vout].value),
      ),
    )
    const outputs = (tx.vout as { value: number }[]).map((o) => (toSats as (a: number) => bigint)(o.value))
    const fee = inputs.reduce((a, b) => a + b, 0n) - outputs.reduce((a, b) => a + b, 0n)
    expect(Number(fee) / tx.vsize).toBeGreaterThanOrEqual(FEE_ESTIMATES[6]!)
    expect(Number(fee) / tx.vsize).toBeLessThan(FEE_ESTIMATES[6]! * 1.05)
    expect(await balanceOf(chain.address)).toBe(before - 75_000_000n - fee)
  })

  test('Tokens lists LTC with the balance the node reports; Receive shows its address', async () => {
    await h.connectWallet('Sandbox Bitcoin Wallet', /Connect .* to rltc1q/)
    await modalRoot().getByRole('tab', { name: 'Tokens' }).click()
    const tokens = modalRoot().getByTestId('tokens')
    const row = tokens.locator('[data-testid="token-row"][data-token="LTC"]')
    await row.waitFor({ timeout: 15_000 })
    const held = await balanceOf(chain.address)
    expect(await row.innerText()).toContain(truncatedBalance(held, 8, 'LTC'))
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    const view = modalRoot().getByTestId('receive')
    await expect.poll(() => view.getByTestId('receive-address').innerText()).toBe(chain.address)
  })

  test('more than the balance can pay with its fee is refused in the form; the wallet is not asked', async () => {
    const form = await openSendForm(h, 'Sandbox Bitcoin Wallet', /Connect .* to rltc1q/)
    const { bech32, pubKeyHash, scriptHash, wif, messagePrefix } = chain.config.network.params
    const receiver = payments.p2wpkh({
      hash: new Uint8Array(20).fill(9),
      network: { bech32, pubKeyHash, scriptHash, wif, messagePrefix, bip32: { public: 0, private: 0 } },
    }).address!
    await form.getByLabel('Amount').fill('100000')
    await form.getByTestId('send-receiver').fill(receiver)
    await form.getByTestId('send-review').click()
    await expect.poll(() => form.innerText()).toContain('More than your balance')
    expect(await h.walletPrompt().count()).toBe(0)
  })

  test('the whole balance (nothing left for the fee): the estimate\'s "Insufficient funds" shows beside Review; the wallet is not asked', async () => {
    const form = await openSendForm(h, 'Sandbox Bitcoin Wallet', /Connect .* to rltc1q/)
    const { bech32, pubKeyHash, scriptHash, wif, messagePrefix } = chain.config.network.params
    const receiver = payments.p2wpkh({
      hash: new Uint8Array(20).fill(7),
      network: { bech32, pubKeyHash, scriptHash, wif, messagePrefix, bip32: { public: 0, private: 0 } },
    }).address!
    // The whole balance, typed (Max waits for the fee, and keeps it in the account).
    await form.getByLabel('Amount').fill(decimal(await balanceOf(chain.address), 8))
    await form.getByTestId('send-receiver').fill(receiver)
    await expect.poll(() => form.getByTestId('send-fee').innerText(), { timeout: 20_000 }).toContain('Insufficient funds')
    await form.getByTestId('send-review').click()
    await expect
      .poll(() => form.getByTestId('send-error').textContent(), { timeout: 20_000 })
      .toContain('The network says: Insufficient funds')
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(await h.walletPrompt().count()).toBe(0)
  })
})
