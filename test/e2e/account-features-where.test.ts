/**
 * Account offers a wallet feature only where its plugin says it works: Swap on a swap network, Buy on EVM and
 * Solana accounts. A Polkadot or Bitcoin account sees neither (they could only say "Network not supported").
 */
import { describe, expect, test } from 'vitest'
import { INSTALL_COMMAND, litecoindInstalled } from '../../sandbox/bip122/chain.mjs'
import { toolAvailable } from '../setup/tools.js'
import { useSandboxBrowser } from './harness.js'

const installed = toolAvailable(litecoindInstalled(), 'litecoind', INSTALL_COMMAND)
const h = useSandboxBrowser({ families: ['polkadot', 'bip122'], timeout: 120_000 })
const { modalRoot, walletButton, answerWallet, approveInWallet } = h

/** The labels of the Account view's wallet feature buttons, once it shows them. */
async function featureLabels() {
  const row = modalRoot().getByTestId('account-features')
  await row.waitFor({ timeout: 20_000 })
  return (await row.getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim())
}

async function connectWith(name: string, prompt: RegExp, answer: (text: RegExp) => Promise<unknown>) {
  await h.browser.page.getByTestId('open-modal').click()
  await expect.poll(() => walletButton(name).count()).toBe(1)
  await walletButton(name).click()
  await answer(prompt)
  await expect.poll(() => h.browser.page.getByTestId('status').innerText()).toBe('connected')
}

describe('wallet features where they work', () => {
  test('an EVM account on a swap network is offered Swap and Buy', async () => {
    await connectWith('Sandbox Wallet', /Connect/, approveInWallet)
    const labels = await featureLabels()
    expect(labels.some((l) => /Swap/.test(l))).toBe(true)
    expect(labels.some((l) => /Buy/.test(l))).toBe(true)
  })

  test('a Polkadot account is offered neither Swap nor Buy, and still Send and Receive', async () => {
    await connectWith('Sandbox Polkadot Wallet', /Sandbox Polkadot Wallet\s+Connect "Vestibule Sandbox"\?/, answerWallet)
    const labels = await featureLabels()
    expect(labels.some((l) => /Send/.test(l))).toBe(true)
    expect(labels.some((l) => /Receive/.test(l))).toBe(true)
    expect(labels.filter((l) => /Swap|Buy/.test(l))).toEqual([])
  })

  test.skipIf(!installed)('a Bitcoin account is offered neither Swap nor Buy', async () => {
    await connectWith('Sandbox Bitcoin Wallet', /Sandbox Bitcoin Wallet\s+Connect .* to rltc1q/, answerWallet)
    const labels = await featureLabels()
    expect(labels.some((l) => /Receive/.test(l))).toBe(true)
    expect(labels.filter((l) => /Swap|Buy/.test(l))).toEqual([])
  })
})
