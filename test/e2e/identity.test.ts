// Identity in the browser over the sandbox's provider API and its name registry: the demo account's name and avatar
// in Account; a send to a name shows "name is 0x…" with the receiver's avatar and the transfer lands at the address
// the name stands for; hostile identity answers leave Account whole and usable, showing no part of them.
import { createPublicClient, http, parseEther } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { nextFrames } from './settle.js'
import { openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const BAD = '0xBAd0000000000000000000000000000000000Bad'
const zone = () => h.sandbox.providerApi.names.zone

describe("the account's identity", () => {
  test("Account shows the demo account's name and its avatar, loaded from the provider API", async () => {
    await h.connectWallet()
    const profile = modalRoot().getByTestId('account-profile')
    await expect.poll(() => profile.getByTestId('account-name').innerText()).toBe(`demo.${zone()}`)
    const avatar = profile.locator('.vb-avatar')
    await expect.poll(() => avatar.getAttribute('data-image')).toBe('loaded')
    expect(await avatar.locator('img').getAttribute('src')).toBe(`${h.sandbox.providerApi.url}/avatar/demo.svg`)
    // The address is still there, under the name.
    expect(await modalRoot().getByTestId('account-address').getAttribute('title')).toBe(h.sandbox.address)
    const asked = h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/identity/'))
    expect(asked.map((r) => [r.path, r.query.sender])).toEqual([[`/v1/identity/${h.sandbox.address}`, h.sandbox.address]])
  })

  test.each([
    ['markup in the name and a script avatar', { name: '<img src=x onerror="window.__pwned=1">', avatar: 'javascript:window.__pwned=1' }],
    ['a huge name', { name: `${'a'.repeat(200_000)}.eth`, avatar: null }],
    ['a wrong shape', [{ name: 'evil.eth' }]],
    ['a failure', undefined],
    ['a name shaped like an address', { name: `0x${'1'.repeat(40)}.eth`, avatar: null }],
  ])('%s: Account shows the address alone and stays usable', async (_, body) => {
    const answer = body === undefined ? { status: 500, body: { message: 'down' } } : { body }
    await h.sandbox.providerApi.names.pin(`/v1/identity/${h.sandbox.address}`, answer)
    await h.connectWallet()
    // The identity request follows the connection once the identity code has loaded and the API said it serves the
    // network: 0.1 to 0.6 s on an idle test machine, far longer when it is loaded.
    await expect
      .poll(() => h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/identity/')).length, { timeout: 15_000 })
      .toBe(1)
    // The page has the whole answer, then a moment to handle it (checking it takes microseconds).
    await expect
      .poll(
        () =>
          h.browser.page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((e) => e.name.includes('/v1/identity/') && (e as PerformanceResourceTiming).responseEnd > 0),
          ),
        { timeout: 15_000 },
      )
      .toBe(true)
    await nextFrames(h.browser.page)
    expect(await modalRoot().getByTestId('account-address').isVisible()).toBe(true)
    expect(await modalRoot().getByTestId('account-profile').count()).toBe(0)
    expect(await modalRoot().locator('[data-testid="account"] img[src="x"]').count()).toBe(0)
    expect(await h.browser.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    // Still usable: Receive opens and comes back, and the wallet disconnects.
    await modalRoot()
      .getByTestId('account-features')
      .getByRole('button', { name: /Receive/ })
      .click()
    await modalRoot().getByTestId('receive').waitFor()
    await modalRoot().getByRole('button', { name: /back/i }).click()
    await modalRoot().getByTestId('disconnect').click()
    await expect.poll(() => h.browser.page.getByTestId('status').innerText()).toBe('disconnected')
  })
})

describe('a send to a name', () => {
  test('"alice.<zone> is 0x…" with her avatar; the transfer lands at that address on chain', async () => {
    const client = createPublicClient({ transport: http(h.sandbox.chain.url) })
    const before = await client.getBalance({ address: ALICE })
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('0.25')
    await form.getByTestId('send-receiver').fill(`alice.${zone()}`)
    const line = form.getByTestId('send-name')
    await expect.poll(() => line.innerText()).toContain(`alice.${zone()} is ${ALICE}`)
    await expect.poll(() => line.locator('.vb-avatar').getAttribute('data-image')).toBe('loaded')
    expect(await line.locator('img').getAttribute('src')).toBe(`${h.sandbox.providerApi.url}/avatar/alice.svg`)
    // The receiver's profile is in the public send state too.
    expect(
      await h.browser.page.evaluate(() => {
        const send = (window as unknown as { modal: { getPlugin(name: string): { $send: { get(): Record<string, unknown> } } } }).modal
          .getPlugin('send')
          .$send.get()
        return [send.receiverAddress, send.receiverProfileName, send.receiverProfileImageUrl]
      }),
    ).toEqual([ALICE, `alice.${zone()}`, `${h.sandbox.providerApi.url}/avatar/alice.svg`])
    await expect.poll(() => form.getByTestId('send-fee').innerText()).toMatch(/\d ETH/)
    await form.getByTestId('send-review').click()
    // The review shows the address the name stands for in full, inside the card.
    const preview = form.getByTestId('send-preview')
    await expect.poll(() => preview.innerText()).toContain(`You send 0.25 ETH to alice.${zone()} (${ALICE}) on `)
    expect(
      await preview.evaluate(
        (p) => p.scrollWidth <= p.clientWidth && p.getBoundingClientRect().right <= p.closest('dialog')!.getBoundingClientRect().right,
      ),
    ).toBe(true)
    await form.getByTestId('send-confirm').click()
    await h.approveInWallet(new RegExp(`Send 250000000000000000 wei to ${ALICE}`, 'i'))
    await expect.poll(() => client.getBalance({ address: ALICE })).toBe(before + parseEther('0.25'))
    // The confirmation names the receiver as it was typed, and the address the name stood for.
    await expect
      .poll(() => h.modalRoot().getByTestId('send-sent-summary').innerText())
      .toBe(`Sent 0.25 ETH to alice.${zone()} (${ALICE.slice(0, 6)}…${ALICE.slice(-4)})`)
  })

  test('a name nobody holds is refused, and a name whose lookup fails says so', async () => {
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('0.01')
    const receiver = form.getByTestId('send-receiver')
    await receiver.fill(`nobody.${zone()}`)
    await receiver.blur()
    await expect.poll(() => form.innerText()).toContain(`No address found for nobody.${zone()}`)
    await h.sandbox.providerApi.names.pin(`/v1/profile/account/bobby.${zone()}`, { body: '<html>oops</html>', type: 'text/html' })
    await receiver.fill(`bobby.${zone()}`)
    await receiver.blur()
    await expect.poll(() => form.innerText()).toContain(`Could not look up bobby.${zone()}`)
    await form.getByTestId('send-review').click()
    expect(await form.getByTestId('send-preview').count()).toBe(0)
  })

  test.each([
    [
      'an address as its label',
      `0x${'1'.repeat(40)}.eth`,
      `0x${'1'.repeat(40)}.eth is refused: a name may not look like an address. Enter the address itself`,
    ],
    [
      'sixty combining marks on a letter',
      `a${'\u0301'.repeat(60)}.eth`,
      'This name is refused: a name may carry at most two accents on a letter',
    ],
  ])('a name with %s is refused with its reason: nothing looked up, no review', async (_, name, reason) => {
    // The API would answer the name with another address: it is never asked.
    await h.sandbox.providerApi.names.pin(`/v1/profile/account/${encodeURIComponent(name)}`, {
      body: { name, addresses: { 60: { address: BAD } }, attributes: [] },
    })
    const form = await openSendForm(h)
    await form.getByLabel('Amount').fill('0.01')
    await form.getByTestId('send-receiver').fill(name)
    await expect.poll(() => form.getByRole('alert').allInnerTexts()).toContain(reason)
    expect(await form.innerText()).not.toMatch(/0xBAd0/i)
    await form.getByTestId('send-review').click()
    expect(await form.getByTestId('send-preview').count()).toBe(0)
    expect(h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/profile/account/'))).toEqual([])
  })
})
