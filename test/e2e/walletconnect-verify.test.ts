/**
 * WalletConnect with its Verify step on, as hosts run it: no SDK test flag in the app or the wallet page. Verify's
 * host resolves to a local stand-in (test/e2e/verify-server.ts, HTTPS on 127.0.0.1): the app's SDK fetches an
 * attestation for each proposal and request in a hidden iframe and sends it along, the wallet's SDK checks it with
 * the server's public key and tells the wallet what the origin is worth.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { useSandboxBrowser } from './harness.js'
import { clearOrigin, openMobileWallet, pairingUriFromQr } from './mobile-wallet.js'
import { VERIFY_HOST, startVerifyServer, type VerifyServer } from './verify-server.js'

let verify: VerifyServer
const appOrigin = () => h.sandbox.url.replace(/\/$/, '')
const h = useSandboxBrowser({
  clearStorage: false,
  sandbox: { walletConnectVerify: true },
  browser: async () => {
    verify = await startVerifyServer({ verifiedOrigins: () => [appOrigin()] })
    return { mapHosts: { [VERIFY_HOST]: verify.port }, ignoreCertificateErrors: true }
  },
})
const { modalRoot } = h
let walletOrigin: string

beforeAll(() => {
  walletOrigin = appOrigin().replace('127.0.0.1', 'localhost')
})
beforeEach(async () => {
  for (const page of h.browser.context.pages().slice(1)) await page.close()
  await clearOrigin(h.browser.page, appOrigin())
  await h.browser.page.goto(h.sandbox.url)
  verify.requests.length = 0
  verify.issued.length = 0
  verify.scams.clear()
})
// After the harness closed the browser (after hooks run in reverse).
afterAll(async () => {
  await verify?.stop()
})

/** Opens WalletConnect, reads the QR code, pairs a fresh mobile wallet; returns it with the proposal shown. */
async function propose() {
  const { page } = h.browser
  await page.getByTestId('open-modal').click()
  await modalRoot().locator('[data-wallet-id="walletConnect"]').click()
  const uri = await pairingUriFromQr(modalRoot())
  const wallet = await openMobileWallet(h.browser.context, walletOrigin)
  await wallet.pair(uri)
  await wallet.card('proposal')
  return wallet
}

describe('WalletConnect Verify against a local Verify server', () => {
  test('the SDK test flag is off; the proposal and the request carry an attestation the wallet validates: VALID for the app origin', async () => {
    const { page } = h.browser
    const wallet = await propose()
    // Both SDKs run as in production: the flag that skips Verify is not set in either page.
    expect(await page.evaluate(() => typeof (window as { process?: unknown }).process)).toBe('undefined')
    expect(await wallet.page.evaluate(() => typeof (window as { process?: unknown }).process)).toBe('undefined')

    expect(await wallet.card('proposal')).toContain(`Origin ${appOrigin()}: VALID`)
    expect(await wallet.page.getByTestId('mw-card').getAttribute('data-validation')).toBe('VALID')
    // The app's SDK asked for the attestation from the app page, and the wallet fetched the key to check it.
    const asked = verify.requests.filter((r) => r.path.startsWith('/v3/attestation?'))
    expect(asked).toHaveLength(1)
    expect(new URL(asked[0]!.path, 'https://x').searchParams.get('origin')).toBe(appOrigin())
    expect(asked[0]!.referer).toMatch(new RegExp(`^${appOrigin()}/`))
    expect(verify.issued).toEqual([expect.objectContaining({ origin: appOrigin(), isVerified: true, isScam: false })])
    expect(verify.requests.some((r) => r.path === '/v3/public-key' && r.origin === walletOrigin)).toBe(true)

    await wallet.decide('proposal', true)
    await modalRoot().getByTestId('account').waitFor({ timeout: 20_000 })
    await page.keyboard.press('Escape')
    await page.getByTestId('sign').click()
    // The request was attested too.
    await wallet.card('request', /Sign this message on eip155:31337/)
    expect(await wallet.page.getByTestId('mw-card').getAttribute('data-validation')).toBe('VALID')
    expect(verify.issued).toHaveLength(2)
    await wallet.decide('request', true)
    await expect.poll(() => page.getByTestId('signature').innerText(), { timeout: 20_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const message = await page.getByTestId('signed-message').innerText()
    const signature = (await page.getByTestId('signature').innerText()) as Hex
    expect(await verifyMessage({ address: h.sandbox.walletConnect.address as Hex, message, signature })).toBe(true)
  })

  test('an origin the Verify server reports as a scam is shown as one in the wallet', async () => {
    verify.scams.add(appOrigin())
    const wallet = await propose()
    expect(await wallet.card('proposal')).toContain(`${appOrigin()} is reported as a scam`)
    expect(await wallet.page.getByTestId('mw-card').getAttribute('data-validation')).toBe('SCAM')
    await wallet.decide('proposal', false)
    await expect.poll(() => modalRoot().getByTestId('wc-error').getAttribute('data-kind'), { timeout: 10_000 }).toBe('rejected')
  })
})
