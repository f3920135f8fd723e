// Name lookups and the account's identity are kept 5 min in the modal's storage, in the browser over the sandbox's
// provider API: a name resolved in Send before a reload resolves after it without a request; a reload 4 min after
// the identity was read shows the name again without asking the API, a reload past 5 min asks again. The page's
// clock is Playwright's (the time jumps, no timer fires), kept across reloads; it stays installed on the context,
// so that test comes last.
import { afterEach, expect, test } from 'vitest'
import { useSandboxBrowser } from './harness.js'
import { openSendForm } from './send-form.js'

const h = useSandboxBrowser()
const { modalRoot } = h
afterEach(() => h.sandbox.providerApi.reset())
const zone = () => h.sandbox.providerApi.names.zone
const identityCalls = () => h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/identity/')).length
const nameCalls = () => h.sandbox.providerApi.requests.filter((r) => r.path.startsWith('/v1/profile/account/')).length
const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** Types `alice.<zone>` as Send's receiver and waits for the line naming her address. */
async function sendToAlice(form: Awaited<ReturnType<typeof openSendForm>>) {
  await form.getByLabel('Amount').fill('0.01')
  await form.getByTestId('send-receiver').fill(`alice.${zone()}`)
  await expect.poll(() => form.getByTestId('send-name').innerText(), { timeout: 15_000 }).toContain(`alice.${zone()} is ${ALICE}`)
}

/** Reloads the page, waits for the restored connection, and opens Account on the account's name. */
async function reloadAndOpen() {
  const { page } = h.browser
  await page.reload()
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  await page.getByTestId('open-modal').click()
  await expect
    .poll(() => modalRoot().getByTestId('account-profile').getByTestId('account-name').innerText(), { timeout: 15_000 })
    .toBe(`demo.${zone()}`)
}

test('a name resolved before a reload within 5 min is not asked for again', async () => {
  await sendToAlice(await openSendForm(h))
  const asked = nameCalls()
  expect(asked).toBeGreaterThan(0)
  const { page } = h.browser
  await page.reload()
  await expect.poll(() => page.getByTestId('status').innerText(), { timeout: 15_000 }).toBe('connected')
  await page.getByTestId('open-modal').click()
  await modalRoot().getByTestId('account-features').getByRole('button', { name: /Send/ }).click()
  const form = modalRoot().getByTestId('send')
  await form.waitFor()
  await sendToAlice(form)
  expect(nameCalls()).toBe(asked)
})

test('a reload within 5 min makes no identity request; a reload after 5 min makes one', async () => {
  const { page } = h.browser
  await page.clock.install()
  await page.reload()
  await h.connectWallet()
  await expect
    .poll(() => modalRoot().getByTestId('account-profile').getByTestId('account-name').innerText(), { timeout: 15_000 })
    .toBe(`demo.${zone()}`)
  expect(identityCalls()).toBe(1)
  const readAt = await page.evaluate(() => Date.now())

  await page.clock.setSystemTime(readAt + 4 * 60_000)
  await reloadAndOpen()
  // The name came from storage: the page's resources hold no identity request since this load either.
  expect(identityCalls()).toBe(1)
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/v1/identity/')).length)).toBe(0)

  await page.clock.setSystemTime(readAt + 5 * 60_000 + 1_000)
  await reloadAndOpen()
  expect(identityCalls()).toBe(2)
})
