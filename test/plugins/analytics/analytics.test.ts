/**
 * The analytics plugin against a real local HTTP server speaking the provider contract.
 */
import { auth } from '../../../plugins/auth/index.js'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal, type ModalOptions, type Plugin, type PluginContext } from '../../../kernel/index.js'
import { ANALYTICS_EVENTS, analytics, type AnalyticsOptions } from '../../../plugins/analytics/index.js'
import { ADDRESS, fakeAdapter, flush } from '../../kernel/helpers.js'
import { chainPlugin, desktop, shellViews } from '../../kernel/kernel-fixtures.js'
import { startAnalyticsServer, type AnalyticsServer } from './server.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

let server: AnalyticsServer
const modals: Modal[] = []

beforeAll(async () => {
  server = await startAnalyticsServer()
})
afterAll(() => server.close())
afterEach(async () => {
  modals.splice(0).forEach((m) => m.destroy())
  // What a test's modals still had in flight arrives before the next test starts counting.
  await quiet()
  server.requests.length = 0
  server.config = 'enabled'
  server.events = 'ok'
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

async function waitFor(check: () => boolean, what: string, ms = 3000) {
  await vi.waitFor(() => expect(check(), `waiting for ${what}`).toBe(true), { timeout: ms, interval: 5 })
}
/**
 * Requests the modal started to the local server (every fetch goes through `counted`, installed before each test;
 * a fetch elsewhere in the process, by another file's modal, is not this test's).
 */
let started = 0
const realFetch = globalThis.fetch
const counted: typeof fetch = (...args) => {
  const [input] = args
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  if (url.startsWith(server.url)) started++
  return realFetch(...args)
}
beforeEach(() => {
  started = 0
  vi.stubGlobal('fetch', counted)
})
/**
 * Resolves once every request the modal started has reached the local server and a turn of the event loop started
 * none: any request the plugin would still make (it sends one event after the other) has arrived by then.
 */
async function quiet() {
  for (;;) {
    await flush()
    const now = started
    await vi.waitFor(() => expect(server.requests.length).toBeGreaterThanOrEqual(now), { timeout: 3_000, interval: 5 })
    await flush()
    if (started === now) return
  }
}

const events = () => server.posted().map((r) => r.body.props.event as string)

function setup(input: { analytics?: AnalyticsOptions; options?: Partial<ModalOptions>; plugins?: Plugin[] } = {}) {
  const fake = fakeAdapter()
  const modal = createKernel(
    {
      projectId: 'project-1',
      apiUrl: server.url,
      storage: null,
      sdkType: 'vestibule',
      sdkVersion: 'html-test-1.0.0',
      ...input.options,
      plugins: [chainPlugin(fake), analytics(input.analytics), ...(input.plugins ?? [])],
    },
    { platform: desktop, views: shellViews },
  )
  modals.push(modal)
  return { modal, fake, api: modal.getPlugin('analytics') }
}

/** Opens and waits until the config answered and MODAL_OPEN went out. */
async function openAndSend(modal: Modal) {
  await modal.open()
  await waitFor(() => events().includes('MODAL_OPEN'), 'MODAL_OPEN')
}

describe('analytics: no request before the first open', () => {
  it('no request before the first open, even with events tracked and a wallet connected', async () => {
    const { modal, api } = setup()
    api.track('SEARCH_WALLET', { search: 'meta' })
    await modal.reconnect()
    await modal.connect('io.fake')
    await quiet()
    expect(server.requests).toEqual([])

    await modal.open()
    await waitFor(() => server.configCalls().length === 1, 'the config call')
  })

  it('GET /getAnalyticsConfig is asked once, on first open, with projectId, st and sv', async () => {
    const { modal } = setup()
    await openAndSend(modal)
    modal.close()
    await modal.open()
    await waitFor(() => events().filter((e) => e === 'MODAL_OPEN').length === 2, 'the second MODAL_OPEN')
    expect(server.configCalls()).toHaveLength(1)
    expect(server.configCalls()[0]).toMatchObject({
      method: 'GET',
      query: { projectId: 'project-1', st: 'vestibule', sv: 'html-test-1.0.0' },
    })
    // The config call comes before any event.
    expect(server.requests[0]?.path).toBe('/getAnalyticsConfig')
  })
})

describe('analytics: POST /e', () => {
  it('POST /e carries query projectId, st, sv and a body of eventId, url, domain, timestamp, props', async () => {
    vi.stubGlobal('location', new URL('https://app.example.com/shop?item=1'))
    const { modal } = setup()
    const before = Date.now()
    await openAndSend(modal)
    const [sent] = server.posted()
    expect(sent?.query).toEqual({ projectId: 'project-1', st: 'vestibule', sv: 'html-test-1.0.0' })
    expect(Object.keys(sent?.body).sort()).toEqual(['domain', 'eventId', 'props', 'timestamp', 'url'])
    expect(sent?.body).toMatchObject({
      url: 'https://app.example.com/shop?item=1',
      domain: 'app.example.com',
      props: { type: 'track', event: 'MODAL_OPEN', properties: { connected: false } },
    })
    expect(sent?.body.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(sent?.body.timestamp).toBeGreaterThanOrEqual(before)
    expect(sent?.body.timestamp).toBeLessThanOrEqual(Date.now())
  })

  it('eventId is a fresh uuid per event', async () => {
    const { modal, api } = setup()
    await openAndSend(modal)
    api.track('SEARCH_WALLET', { search: 'a' })
    api.track('SEARCH_WALLET', { search: 'a' })
    await waitFor(() => server.posted().length === 3, 'three events')
    const ids = server.posted().map((r) => r.body.eventId)
    expect(new Set(ids).size).toBe(3)
  })

  it('clientId is sent when the option sets it', async () => {
    const { modal } = setup({ analytics: { clientId: 'client-42' } })
    await openAndSend(modal)
    expect(server.posted()[0]?.query.clientId).toBe('client-42')
  })

  it('clientId falls back to the stored id given to setClientId', async () => {
    const { modal, api } = setup()
    api.setClientId('stored-7')
    await openAndSend(modal)
    expect(server.posted()[0]?.query.clientId).toBe('stored-7')
  })

  it('a stored client id that is not a short string is not sent, and is removed', async () => {
    const { modal } = setup()
    kernelOf(modal).storage.set('analytics/clientId', { id: 'planted' })
    await openAndSend(modal)
    expect(server.posted()[0]?.query.clientId).toBeUndefined()
    expect(kernelOf(modal).storage.get('analytics/clientId')).toBeUndefined()
  })

  it('falsy query values are skipped: no clientId and no empty projectId parameter', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { modal } = setup({ options: { projectId: '' } })
    await openAndSend(modal)
    const [sent] = server.posted()
    expect(sent?.query).toEqual({ st: 'vestibule', sv: 'html-test-1.0.0' })
    expect(server.configCalls()[0]?.query).toEqual({ st: 'vestibule', sv: 'html-test-1.0.0' })
  })

  it('props carry the event data plus the connected address', async () => {
    const { modal } = setup()
    await openAndSend(modal)
    await modal.connect('io.fake')
    await waitFor(() => events().includes('CONNECT_SUCCESS'), 'CONNECT_SUCCESS')
    const sent = server.posted().find((r) => r.body.props.event === 'CONNECT_SUCCESS')
    expect(sent?.body.props).toEqual({
      type: 'track',
      event: 'CONNECT_SUCCESS',
      properties: { namespace: 'eip155', connectorId: 'io.fake', name: 'Wallet io.fake' },
      address: ADDRESS,
    })
    // Before the connection there was no address.
    expect(server.posted()[0]?.body.props.address).toBeUndefined()
  })
})

describe('analytics: the spec event list', () => {
  it('kernel events map to MODAL_OPEN, CONNECT_SUCCESS, SWITCH_NETWORK, DISCONNECT_SUCCESS and MODAL_CLOSE', async () => {
    const { modal } = setup()
    await openAndSend(modal)
    await modal.connect('io.fake')
    await modal.switchNetwork('eip155:10')
    await modal.disconnect()
    modal.close()
    await waitFor(() => events().length === 5, 'five events')
    expect(events()).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'SWITCH_NETWORK', 'DISCONNECT_SUCCESS', 'MODAL_CLOSE'])
    const byEvent = Object.fromEntries(server.posted().map((r) => [r.body.props.event, r.body.props]))
    expect(byEvent.SWITCH_NETWORK).toMatchObject({ properties: { namespace: 'eip155', network: 'eip155:10' }, address: ADDRESS })
    // The disconnect event names the account that left.
    expect(byEvent.DISCONNECT_SUCCESS).toMatchObject({ properties: { namespace: 'eip155' }, address: ADDRESS })
    expect(byEvent.MODAL_CLOSE).toMatchObject({ properties: { connected: false } })
  })

  it('SWITCH_NETWORK only for a switch the user asked for (not the wallet moving, not a removal); SET_PREFERRED_ACCOUNT_TYPE when the type changes', async () => {
    const { modal, fake } = setup({ plugins: [auth()] })
    await openAndSend(modal)
    await modal.connect('io.fake')
    fake.wallet.networkChanged('eip155:10')
    await kernelOf(modal).connection.removeNetwork('eip155:10')
    modal.getPlugin('auth').setPreferredAccountType('eip155', 'smartAccount')
    modal.close()
    await waitFor(() => events().includes('MODAL_CLOSE'), 'the close')
    expect(events()).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'SET_PREFERRED_ACCOUNT_TYPE', 'MODAL_CLOSE'])
    const byEvent = Object.fromEntries(server.posted().map((r) => [r.body.props.event, r.body.props]))
    expect(byEvent.SET_PREFERRED_ACCOUNT_TYPE).toMatchObject({ properties: { namespace: 'eip155', accountType: 'smartAccount' } })
  })

  it('a failed disconnect sends DISCONNECT_ERROR and no DISCONNECT_SUCCESS', async () => {
    const { modal, fake } = setup()
    await openAndSend(modal)
    await modal.connect('io.fake')
    fake.adapter.disconnect.mockRejectedValueOnce(new Error('wallet unreachable'))
    await expect(modal.disconnect()).rejects.toThrow('Failed to disconnect')
    await waitFor(() => events().includes('DISCONNECT_ERROR'), 'DISCONNECT_ERROR')
    await quiet()
    expect(events()).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'DISCONNECT_ERROR'])
    expect(server.posted()[2]?.body.props).toMatchObject({
      properties: { namespace: 'eip155', message: 'wallet unreachable' },
      address: ADDRESS,
    })
  })

  it('track() lets other plugins send events of the spec list (send, siwx, history)', async () => {
    let ctxOfSend: PluginContext | undefined
    const send: Plugin = { name: 'send', requires: ['analytics'], setup: (ctx) => void (ctxOfSend = ctx) }
    const { modal } = setup({ plugins: [send] })
    await openAndSend(modal)
    ctxOfSend!.getPlugin('analytics').track('SEND_SUCCESS', { network: 'eip155:1', amount: '1.5' })
    ctxOfSend!.getPlugin('analytics').track('SIWX_AUTH_ERROR')
    await waitFor(() => events().length === 3, 'three events')
    expect(server.posted()[1]?.body.props).toMatchObject({ event: 'SEND_SUCCESS', properties: { network: 'eip155:1', amount: '1.5' } })
    expect(server.posted()[2]?.body.props).toMatchObject({ event: 'SIWX_AUTH_ERROR', properties: {} })
  })

  it('a feature that does not know this plugin reports through the bus: "track" events of the list are sent, others not', async () => {
    const { modal } = setup()
    await openAndSend(modal)
    kernelOf(modal).events.emit('track', { event: 'SEND_INITIATED', properties: { network: 'eip155:1' } })
    kernelOf(modal).events.emit('track', { event: 'NOT_AN_EVENT' })
    kernelOf(modal).events.emit('track', { event: 'ERROR_FETCH_TRANSACTIONS' })
    await waitFor(() => events().length === 3, 'three events')
    await quiet()
    expect(events()).toEqual(['MODAL_OPEN', 'SEND_INITIATED', 'ERROR_FETCH_TRANSACTIONS'])
    expect(server.posted()[1]?.body.props).toMatchObject({ event: 'SEND_INITIATED', properties: { network: 'eip155:1' } })
  })

  it('the event list is exactly the spec list, plus the swap events the swap plugin tracks', () => {
    expect([...ANALYTICS_EVENTS].sort()).toEqual(
      [
        'MODAL_OPEN',
        'MODAL_CLOSE',
        'SEARCH_WALLET',
        'SWITCH_NETWORK',
        'SET_PREFERRED_ACCOUNT_TYPE',
        'CONNECT_SUCCESS',
        'DISCONNECT_SUCCESS',
        'DISCONNECT_ERROR',
        'SEND_INITIATED',
        'SEND_SUCCESS',
        'SEND_ERROR',
        'ERROR_FETCH_TRANSACTIONS',
        'SIWX_AUTH_SUCCESS',
        'SIWX_AUTH_ERROR',
        'CLICK_CANCEL_SIWX',
        'SWAP_INITIATED',
        'SWAP_SUCCESS',
        'SWAP_ERROR',
      ].sort(),
    )
  })

  it('a swap tracked on the event bus is sent with its properties', async () => {
    const { modal } = setup()
    await openAndSend(modal)
    kernelOf(modal).events.emit('track', { event: 'SWAP_SUCCESS', properties: { network: 'eip155:1', swapFromToken: 'ETH' } })
    await waitFor(() => events().includes('SWAP_SUCCESS'), 'SWAP_SUCCESS')
    expect(server.posted().find((p) => p.body.props?.event === 'SWAP_SUCCESS')?.body.props).toMatchObject({
      properties: { swapFromToken: 'ETH' },
    })
  })

  it('MODAL_CREATED is never sent, nor any name outside the list', async () => {
    const { modal, api } = setup()
    api.track('MODAL_CREATED' as never)
    await openAndSend(modal)
    api.track('MODAL_CREATED' as never, { x: 1 })
    api.track('SOMETHING_ELSE' as never)
    api.track('SEARCH_WALLET', { search: 'x' })
    await waitFor(() => events().includes('SEARCH_WALLET'), 'SEARCH_WALLET')
    await quiet()
    expect(events()).toEqual(['MODAL_OPEN', 'SEARCH_WALLET'])
  })
})

describe('analytics: getAnalyticsConfig decides', () => {
  it.each([
    ['isAnalyticsEnabled false', 'disabled'],
    ['an answer without isAnalyticsEnabled', 'missing-field'],
    ['a failed call (500)', '500'],
    ['a body that is not JSON', 'not-json'],
  ] as const)('%s → nothing is sent', async (_what, mode) => {
    server.config = mode
    const warn = vi.spyOn(console, 'warn')
    const { modal, api } = setup()
    await modal.open()
    await waitFor(() => server.configCalls().length === 1, 'the config call')
    api.track('SEARCH_WALLET', { search: 'x' })
    await modal.connect('io.fake')
    modal.close()
    await quiet()
    expect(server.posted()).toEqual([])
    // Config failures are swallowed: no alert, no log.
    expect(warn).not.toHaveBeenCalled()
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([])
  })

  it('features.analytics false → no request at all, not even the config', async () => {
    const { modal, api } = setup({ options: { features: { analytics: false } } })
    await modal.open()
    api.track('SEARCH_WALLET', { search: 'x' })
    await modal.connect('io.fake')
    modal.close()
    await modal.open()
    await quiet()
    expect(server.requests).toEqual([])
  })

  it('events queued before the config answer are sent, in order, after it says yes', async () => {
    const release = server.holdConfig()
    const { modal, api } = setup()
    await modal.reconnect()
    await modal.connect('io.fake') // before the first open
    await modal.open()
    api.track('SEARCH_WALLET', { search: 'rain' })
    await waitFor(() => server.configCalls().length === 1, 'the config call')
    await quiet()
    expect(server.posted()).toEqual([])

    release()
    await waitFor(() => server.posted().length === 3, 'the queued events')
    expect(events()).toEqual(['CONNECT_SUCCESS', 'MODAL_OPEN', 'SEARCH_WALLET'])
    // Each keeps the address it was recorded with.
    expect(server.posted().map((r) => r.body.props.address)).toEqual([ADDRESS, ADDRESS, ADDRESS])
  })

  it('events queued before the config answer are dropped when it says no', async () => {
    const release = server.holdConfig()
    server.config = 'disabled'
    const { modal, api } = setup()
    await modal.open()
    api.track('SEARCH_WALLET', { search: 'rain' })
    await waitFor(() => server.configCalls().length === 1, 'the config call')
    release()
    await quiet()
    api.track('SEARCH_WALLET', { search: 'later' })
    await quiet()
    expect(server.posted()).toEqual([])
  })
})

describe('analytics: errors', () => {
  it('a 403 from POST /e shows the "Invalid App Configuration" alert naming the origin allowlist, logged once', async () => {
    vi.stubGlobal('location', new URL('https://shop.example.org/'))
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.events = '403'
    const { modal, api } = setup()
    await modal.open()
    await waitFor(() => kernelOf(modal).feedback.$alerts.get().length > 0, 'the alert')
    api.track('SEARCH_WALLET', { search: 'x' })
    modal.close()
    await modal.open()
    await quiet()

    const message = 'Invalid App Configuration: origin https://shop.example.org not found on the allowlist'
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([{ id: 'invalid-app-configuration', message }])
    expect(warn.mock.calls.filter(([text]) => String(text).includes('Invalid App Configuration'))).toEqual([[`[vestibule] ${message}`]])
    // The origin is refused: after the first 403 no further event is attempted.
    expect(server.posted()).toHaveLength(1)
  })

  it('a 403 from the config call shows the same alert and nothing is sent', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    server.config = '403'
    const { modal } = setup()
    await modal.open()
    await waitFor(() => kernelOf(modal).feedback.$alerts.get().length > 0, 'the alert')
    await quiet()
    expect(kernelOf(modal).feedback.$alerts.get()[0]?.message).toMatch(
      /^Invalid App Configuration: origin unknown not found on the allowlist$/,
    )
    expect(warn).toHaveBeenCalledTimes(1)
    expect(server.posted()).toEqual([])
  })

  it('other failures of POST /e are silent and later events are still sent', async () => {
    const warn = vi.spyOn(console, 'warn')
    const error = vi.spyOn(console, 'error')
    server.events = '500'
    const { modal, api } = setup()
    const reported: unknown[] = []
    kernelOf(modal).events.on('error', (e) => reported.push(e))
    await openAndSend(modal)
    server.events = 'ok'
    api.track('SEARCH_WALLET', { search: 'x' })
    await waitFor(() => events().includes('SEARCH_WALLET'), 'SEARCH_WALLET')
    expect(kernelOf(modal).feedback.$alerts.get()).toEqual([])
    expect(warn).not.toHaveBeenCalled()
    expect(error).not.toHaveBeenCalled()
    expect(reported).toEqual([])
  })

  it('destroy() stops sending and drops the queue', async () => {
    const release = server.holdConfig()
    const { modal, api } = setup()
    await modal.open()
    await waitFor(() => server.configCalls().length === 1, 'the config call')
    modal.destroy()
    release()
    await quiet()
    api.track('SEARCH_WALLET', { search: 'x' })
    await quiet()
    expect(server.posted()).toEqual([])
  })
})
