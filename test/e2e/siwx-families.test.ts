// Sign-in with the Sandbox wallets of the other families: the message is CAIP-122 text naming the family's
// account, its address and network; the wallet signs it with its real key (checked here with the family's own
// rules) and the sandbox backend verifies it with the chain plugin's verifier where that family ships one, and
// says plainly that it cannot otherwise (the account stays connected, signed out, with that reason).
import { createPublicKey, verify } from 'node:crypto'
import { beforeEach, describe, expect, test } from 'vitest'
import { PublicKey } from '@solana/web3.js'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { decodeBase58 } from '../../chains/solana/base58.js'
import { legacyAddressOf } from '../../sandbox/bip122/wallet-core.js'
import { useSandboxBrowser } from './harness.js'

const h = useSandboxBrowser({ families: ['solana', 'polkadot', 'bip122'], timeout: 120_000 })
const { modalRoot, walletButton, answerWallet } = h

beforeEach(async () => {
  h.sandbox.siwx.reset()
  await h.browser.page.context().clearCookies()
})

const ed25519 = (message: string, signature: string, address: string) => {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), new PublicKey(address).toBytes()]),
    format: 'der',
    type: 'spki',
  })
  return verify(null, Buffer.from(message, 'utf8'), key, decodeBase58(signature)!)
}

interface Bip122Sandbox {
  config: { network: { params: Parameters<typeof legacyAddressOf>[1] } }
  rpc(method: string, params: unknown[]): Promise<unknown>
}
async function bitcoinNodeVerifies(message: string, signature: string, address: string) {
  const chain = h.family<Bip122Sandbox>('bip122')
  const legacy = legacyAddressOf(address, { ...chain.config.network.params, bip32: { public: 0, private: 0 } })
  return (
    (await chain.rpc('verifymessage', [legacy, signature, message])) === true &&
    (await chain.rpc('verifymessage', [legacy, signature, `${message}.`])) === false
  )
}

const FAMILIES = [
  {
    family: 'solana',
    wallet: 'Sandbox Solana Wallet',
    account: 'Solana',
    check: async (m: string, s: string, a: string) => ed25519(m, s, a),
  },
  {
    family: 'polkadot',
    wallet: 'Sandbox Polkadot Wallet',
    account: 'Polkadot',
    check: async (m: string, s: string, a: string) => (await cryptoWaitReady(), signatureVerify(m, s, a).isValid),
  },
  // The node itself checks the legacy signed-message format on the same key hash.
  {
    family: 'bip122',
    wallet: 'Sandbox Bitcoin Wallet',
    account: 'Litecoin',
    check: (m: string, s: string, a: string) => bitcoinNodeVerifies(m, s, a),
  },
] as const

describe.each(FAMILIES)('sign-in with the $wallet', ({ family, wallet, account, check }) => {
  test('a CAIP-122 message for the account, signed by the wallet, answered by the backend', async () => {
    const { page } = h.browser
    await page.goto(`${h.sandbox.url}?siwx=optional`)
    await page.getByTestId('open-modal').click()
    await expect.poll(() => walletButton(wallet).count(), { timeout: 15_000 }).toBe(1)
    await walletButton(wallet).click()
    await answerWallet(/Connect/)
    await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 20_000 }).toBe('connected')
    const caipAddress = await page.getByTestId('caip-address').innerText()
    const [namespace, reference, address] = caipAddress.split(':') as [string, string, string]
    expect(namespace).toBe(family)

    const signView = modalRoot().getByTestId('siwx')
    await expect.poll(() => signView.getAttribute('data-phase'), { timeout: 15_000 }).toBe('ready')
    const message = await signView.getByTestId('siwx-message').innerText()
    const host = new URL(h.sandbox.url).host
    expect(message.split('\n').slice(0, 2)).toEqual([`${host} wants you to sign in with your ${account} account:`, address])
    expect(message).toContain(`\nChain ID: ${reference}\n`)
    // Lines wrap between words at any width the box may take: only a token too long for a line (an address) is
    // broken, and nothing overflows.
    const box = signView.getByTestId('siwx-message')
    const split = await box.evaluate((element) => {
      const box = element as HTMLElement
      const broken = new Set<string>()
      const rangeOf = (node: Node, at: number, length: number) => {
        const range = document.createRange()
        range.setStart(node, at)
        range.setEnd(node, at + length)
        return range
      }
      // Each word (a hyphen ends one, as it may end a line) with its width on one line (the box not wrapping), to
      // know which words fit a line at all.
      const nodes: Text[] = []
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text)
      box.style.whiteSpace = 'pre'
      const words = nodes.flatMap((node) =>
        [...(node.textContent ?? '').matchAll(/[^\s-]+/g)].map((w) => ({
          node,
          at: w.index!,
          text: w[0],
          width: rangeOf(node, w.index!, w[0].length).getBoundingClientRect().width,
        })),
      )
      box.style.whiteSpace = ''
      const padding = Number.parseFloat(getComputedStyle(box).paddingLeft) + Number.parseFloat(getComputedStyle(box).paddingRight)
      for (let width = 240; width <= 360; width += 3) {
        box.style.width = `${width}px`
        const line = box.clientWidth - padding
        for (const word of words) {
          if (word.width >= line) continue
          const tops = new Set(
            [...rangeOf(word.node, word.at, word.text.length).getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          )
          if (tops.size > 1) broken.add(word.text)
        }
      }
      box.style.width = ''
      return [...broken]
    })
    expect(split).toEqual([])
    expect(await box.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)

    await signView.getByTestId('siwx-sign').click()
    await answerWallet(/Sign this message/)
    await expect.poll(() => h.sandbox.siwx.attempts.length, { timeout: 15_000 }).toBe(1)
    const [attempt] = h.sandbox.siwx.attempts
    expect(attempt).toMatchObject({ chainId: `${namespace}:${reference}`, address, message })
    expect(await check(attempt.message, attempt.signature, address)).toBe(true)

    const signedIn = () => page.getByTestId('signed-in').innerText()
    await expect.poll(signedIn, { timeout: 15_000 }).toBe(`signed in as ${address} on ${namespace}:${reference}`)
  })
})
