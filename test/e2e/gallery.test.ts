// The gallery page shows every view the plugins register in the dark and the light theme side by side; each is
// compared with a committed screenshot (test/e2e/__screenshots__/gallery-<view>.png), so a styling regression fails.
// One page load for both themes. What changes from run to run is masked: QR codes and pairing links (a new pairing
// each time), transaction dates and months, the embedded wallet's address (its keys come from a secret drawn at each
// start). The views are read from the page's modal: a view without a screenshot fails, and so does a view that does
// not say in English what it is there for (its title and the texts listed below).
// The Sandbox Wallet shows the account views; signing in with email (a code from the sandbox's mailbox) shows the
// embedded wallet's: the code, its Account with the account type, a name to register, a transaction to approve, the
// smart account's sessions.
import { describe, expect, test } from 'vitest'
import type { Locator } from 'playwright-core'
import { mailedCode } from './auth-login.js'
import { fillSendForm } from './send-form.js'
import { compareScreenshot } from './screenshots.js'
import { useSandboxBrowser } from './harness.js'
import { imagesDrawn } from './settle.js'

const h = useSandboxBrowser({ timeout: 120_000 })

type Gallery = { modals: { getAccount(): { address?: string } }[]; views(): string[]; show(view: string, data?: unknown): Promise<void> }

/** Data for views that need some to show (a view not listed here is shown without data). */
const VIEW_DATA: Record<string, unknown> = {
  ConnectingMultiChain: { name: 'Sandbox Wallet', connectors: [{ namespace: 'eip155', connectorId: 'sandbox' }] },
  ConnectingWalletConnect: { wallet: { id: 'c18951708197de3e66371b3b56723bf49e4e9e47266716f105dea28fc7e01c83', name: 'Cobalt Vault' } },
  // A wallet no longer in the browser: the view's error state (a present one would ask the wallet to connect).
  ConnectingExternal: { connectorId: 'gone', namespace: 'eip155' },
  // What the registration form hands over once the zone registered the name.
  RegisterAccountNameSuccess: { name: 'gallery.sandbox.id' },
}
const BEFORE_CONNECT = [
  'Connect',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingMultiChain',
  'ConnectingExternal',
]
/** The views of the email login and of the embedded wallet, shown in their own part of the test. */
const EMBEDDED = [
  'ConnectingSocial',
  'ConnectingFarcaster',
  'EmailVerifyOtp',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'UpdateEmail',
  'ApproveTransaction',
  'SmartSessions',
]
const EMAILS = ['gallery-dark@example.com', 'gallery-light@example.com']
const RECEIVER = '0x90f79BF6Eb2c4F870365e477e9F9F4c0c2Ab5bA1'
/** The title and texts each picture shows in English, in both themes (by screenshot name). */
const TEXTS: Record<string, [title: string, ...texts: string[]]> = {
  connect: [
    'Connect Wallet',
    'Email address',
    'Continue',
    'Continue with Google',
    'Continue with GitHub',
    'Continue with Farcaster',
    'Sandbox Wallet',
  ],
  allwallets: ['All Wallets', 'Cobalt Vault'],
  connectingwalletconnectbasic: ['WalletConnect', 'Copy link'],
  connectingwalletconnect: ['Cobalt Vault', 'Copy link'],
  connectingmultichain: ['Sandbox Wallet', 'Connect Sandbox Wallet on', 'EVM networks'],
  connectingexternal: ['gone', 'Connection failed', 'Wallet "gone" is not available in this browser', 'Try again'],
  siwxsignmessage: [
    'Sign in',
    'Vestibule Gallery asks you to sign a message with 0x9965…A4dc on Localhost to prove you own this account.',
    'Sign in to the Vestibule Gallery',
    'Cancel',
  ],
  connectingsiwe: ['Sign in', 'Vestibule Gallery asks you to sign a message with 0x9965…A4dc on Localhost', 'Cancel'],
  'account-tokens': ['Account', '0x9965…A4dc', 'Buy', 'Swap', 'Receive', 'Send', 'Sign in', 'Tokens'],
  'account-nfts': ['Account', 'Buy', 'Swap', 'NFTs'],
  'account-activity': ['Account', 'Buy', 'Swap', 'Activity'],
  networks: ['Choose Network', 'Localhost', 'Sandbox L2'],
  send: ['Send', 'Amount'],
  receive: ['Receive', '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', 'Copy address'],
  unsupportedchain: ['Switch Network', 'Localhost'],
  onramp: ['Buy crypto', 'Coinbase', 'Meld'],
  swap: ['Swap'],
  connectingsocial: ['Log in', 'Continue in the Google window', 'Cancel'],
  connectingfarcaster: ['Farcaster', 'Scan this QR code with your phone to sign in with Farcaster', 'Open Farcaster link'],
  emailverifyotp: ['Confirm Email', 'Enter the 6-digit code we sent to', 'Resend code'],
  'account-embedded': [
    'Account',
    '@example.com',
    '10 ETH',
    'Buy',
    'Swap',
    'Receive',
    'Send',
    'Name',
    'Account type',
    'Smart account',
    'Deployed with its first transaction',
    'Switch to your EOA',
    'Smart sessions',
  ],
  registeraccountname: ['Choose a name', 'gallery.sandbox.id is available', 'Register'],
  registeraccountnamesuccess: [
    'Name registered',
    'gallery.sandbox.id is yours',
    'It shows on your account and others can send to it.',
    'Done',
  ],
  updateemail: ['Change Email', 'New email address'],
  approvetransaction: ['Approve Transaction', 'Send this transaction?', `To ${RECEIVER}: 0.01 ETH`, 'Reject', 'Approve'],
  smartsessions: ['Smart sessions', 'Sandbox Game', '2 permissions', 'Revoke'],
}

describe('gallery', () => {
  test('every view in both themes looks as its committed screenshot', { timeout: 240_000 }, async () => {
    const { page } = h.browser
    await page.goto(new URL('gallery', h.sandbox.url).href)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const gallery = page.locator('#gallery')
    const dialogs = gallery.locator('div[data-vestibule] dialog')
    await expect.poll(() => dialogs.count()).toBe(2)
    const both = (selector: string) => expect.poll(() => dialogs.locator(selector).count(), { timeout: 20_000 }).toBe(2)
    const show = (view: string) =>
      page.evaluate(([v, d]) => (window as unknown as { gallery: Gallery }).gallery.show(v as string, d), [view, VIEW_DATA[view]] as const)
    const failures: string[] = []
    const shown = new Set<string>()
    // The embedded wallet's address changes from run to run: masked once it is connected.
    let embedded = false
    const shoot = async (name: string, view: string) => {
      shown.add(view)
      for (const dialog of await dialogs.all()) {
        await expect
          .poll(() =>
            dialog.evaluate((d) => (d.getRootNode() as ShadowRoot).host.parentElement?.id && d.querySelector('#vb-title')?.textContent),
          )
          .toBeTruthy()
        // Images in, no loading frame, nothing still busy.
        await expect
          .poll(() => dialog.locator('.vb-body > .vb-center > .vb-spinner:only-child, [aria-busy="true"], .vb-skeleton').count(), {
            timeout: 20_000,
          })
          .toBe(0)
        await expect.poll(() => dialog.locator('.vb-avatar[data-image="loading"]').count(), { timeout: 20_000 }).toBe(0)
      }
      await imagesDrawn(dialogs)
      const texts = TEXTS[name]
      if (!texts) failures.push(`${name}: no English texts listed for it`)
      for (const [i, dialog] of (await dialogs.all()).entries()) {
        const said = await dialog.innerText()
        const [title, ...rest] = texts ?? ['']
        const header = (await dialog.locator('#vb-title').textContent())?.trim()
        if (texts && header !== title) failures.push(`${name} (${i ? 'light' : 'dark'}): title "${header}", expected "${title}"`)
        for (const text of rest) if (!said.includes(text)) failures.push(`${name} (${i ? 'light' : 'dark'}): "${text}" not shown`)
      }
      const mask: Locator[] = [
        dialogs.locator('svg[role="img"]'),
        dialogs.locator('.vb-qr-text'),
        dialogs.locator('[data-testid="activity-row"] .vb-item-hint'),
        dialogs.locator('.vb-activity-month'),
        dialogs.locator('[data-testid="siwx-message"]'),
        ...(embedded ? [dialogs.locator('.vb-address')] : []),
      ]
      const image = await gallery.screenshot({ animations: 'disabled', mask, maskColor: '#888888' })
      const problem = compareScreenshot(`gallery-${name}`, image, { maxDiffRatio: 0.004 })
      if (problem) failures.push(problem)
    }

    await both('[data-testid="wallet-list"]')
    await shoot('connect', 'Connect')
    for (const view of BEFORE_CONNECT.slice(1)) {
      await show(view)
      if (view === 'AllWallets') await both('[data-testid="all-wallets-count"]')
      if (view.startsWith('ConnectingWalletConnect')) await both('svg[role="img"]')
      await shoot(view.toLowerCase(), view)
    }

    // Connect the Sandbox Wallet in each modal: the optional sign-in asks next.
    await show('Connect')
    for (const dialog of await dialogs.all()) {
      await dialog.locator('[data-testid="wallet-list"] button', { hasText: 'Sandbox Wallet' }).click()
      // The wallet asks once per page; the second modal's request is granted without a prompt.
      await expect
        .poll(
          async () => {
            if (await h.walletPrompt().isVisible()) await page.getByTestId('sandbox-wallet-approve').click()
            return dialog.getByTestId('siwx-sign').count()
          },
          { timeout: 20_000 },
        )
        .toBe(1)
    }
    await both('[data-testid="siwx-message"]')
    await shoot('siwxsignmessage', 'SIWXSignMessage')
    await show('ConnectingSiwe')
    await both('[data-testid="siwx-message"]')
    await shoot('connectingsiwe', 'ConnectingSiwe')
    // Declined: Account offers the sign-in among the wallet's features.
    for (const dialog of await dialogs.all()) await dialog.getByTestId('siwx-cancel').click()
    await show('Account')
    await both('[data-testid="account-balance"][data-status="ready"]')
    await both('[data-testid="account-features"] [data-feature="siwx"]')
    for (const tab of ['Tokens', 'NFTs', 'Activity']) {
      for (const dialog of await dialogs.all()) await dialog.getByRole('tab', { name: tab }).click()
      await shoot(`account-${tab.toLowerCase()}`, 'Account')
    }
    for (const view of ['Networks', 'Send', 'Receive', 'UnsupportedChain']) {
      await show(view)
      await shoot(view.toLowerCase(), view)
    }
    // Whatever else a plugin registers.
    const views = await page.evaluate(() => (window as unknown as { gallery: Gallery }).gallery.views())
    for (const view of views.filter((v) => !shown.has(v) && !EMBEDDED.includes(v))) {
      await show(view)
      await shoot(view.toLowerCase(), view)
    }

    // The email and social login, from Connect once the Sandbox Wallet is gone.
    await show('Account')
    for (const dialog of await dialogs.all()) await dialog.getByTestId('disconnect').click()
    await both('[data-testid="auth-email-input"]')
    // The provider's page opens in one named window: the second modal's login takes over the window the first opened.
    const [dark, light] = await dialogs.all()
    const [popup] = await Promise.all([page.context().waitForEvent('page'), dark!.locator('[data-social="google"]').click()])
    await popup.getByTestId('oauth-title').waitFor()
    await light!.locator('[data-social="google"]').click()
    await both('[data-testid="auth-social-waiting"]')
    await shoot('connectingsocial', 'ConnectingSocial')
    // The provider's window closed: back to the form.
    await popup.close()
    await both('[data-testid="auth-email-input"]')
    for (const dialog of await dialogs.all()) await dialog.locator('[data-social="farcaster"]').click()
    await both('[data-testid="auth-farcaster-link"]')
    await shoot('connectingfarcaster', 'ConnectingFarcaster')
    for (const dialog of await dialogs.all()) await dialog.getByRole('button', { name: /back/i }).first().click()
    await both('[data-testid="auth-email-input"]')
    for (const [i, dialog] of (await dialogs.all()).entries()) {
      await dialog.getByTestId('auth-email-input').fill(EMAILS[i]!)
      await dialog.getByTestId('auth-email-submit').click()
    }
    await both('[data-testid="auth-otp"]')
    await shoot('emailverifyotp', 'EmailVerifyOtp')
    for (const [i, dialog] of (await dialogs.all()).entries()) {
      const code = await mailedCode(h, EMAILS[i]!)
      for (const [n, digit] of [...code].entries()) await dialog.getByTestId(`auth-otp-${n}`).fill(digit)
      // Signed in: the optional sign-in asks again; declined, Account shows.
      await expect
        .poll(
          async () => {
            if (await dialog.getByTestId('siwx-cancel').isVisible()) await dialog.getByTestId('siwx-cancel').click()
            return dialog.getByTestId('auth-account-type').count()
          },
          { timeout: 30_000 },
        )
        .toBe(1)
    }
    embedded = true
    await both('[data-testid="account-balance"][data-status="ready"]')
    await both('[data-testid="account-features"] [data-feature="names"]')
    for (const dialog of await dialogs.all()) await dialog.getByRole('tab', { name: 'Tokens' }).click()
    await shoot('account-embedded', 'Account')

    // A name to register: the label typed, the zone's answer shown.
    for (const dialog of await dialogs.all()) {
      await dialog.getByTestId('account-features').locator('[data-feature="names"]').click()
      await dialog.getByTestId('names-input').fill('gallery')
    }
    await both('[data-testid="names-availability"][data-availability="available"]')
    await shoot('registeraccountname', 'RegisterAccountName')
    for (const view of ['RegisterAccountNameSuccess', 'UpdateEmail']) {
      await show(view)
      await shoot(view.toLowerCase(), view)
    }

    // A transaction the embedded wallet asks to approve: Send from Account, reviewed and confirmed.
    await show('Account')
    for (const dialog of await dialogs.all()) {
      await dialog.getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
      const form = dialog.getByTestId('send')
      await fillSendForm(form, { symbol: 'ETH', amount: '0.01', receiver: RECEIVER, feeSymbol: 'ETH' })
      await form.getByTestId('send-review').click()
      await form.getByTestId('send-confirm').click()
    }
    await both('[data-testid="auth-approve"]')
    await shoot('approvetransaction', 'ApproveTransaction')
    for (const dialog of await dialogs.all()) await dialog.getByTestId('auth-reject').click()

    // The sessions the account granted to apps, as the provider's API lists them.
    const addresses = await page.evaluate(() =>
      (window as unknown as { gallery: Gallery }).gallery.modals.map((m) => m.getAccount().address),
    )
    for (const address of new Set(addresses)) {
      h.sandbox.providerApi.sessions.add(address, {
        pci: 'pci-game',
        project: { name: 'Sandbox Game', url: 'https://game.example' },
        expiry: 2_000_000_000,
        permissions: [{ type: 'native-token-recurring-allowance' }, { type: 'contract-call' }],
      })
    }
    await show('SmartSessions')
    await both('[data-testid="auth-sessions"] [data-pci]')
    await shoot('smartsessions', 'SmartSessions')

    expect([...shown].sort()).toEqual([...views].sort())
    expect(failures).toEqual([])
  })
})
