// The sign view's controller on a real modal (eip155 plugin over anvil, a Node wallet with a real key): without a
// connected account it fails with "No ActiveCaipAddress found", as do the session reads; while the host's server
// verifies a signature (the sandbox sign-in backend over HTTP, holding its answer) the "Authenticating..." loading
// snack shows, and it is gone once the server has answered, accepted or refused.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal, type ModalOptions } from '../../../kernel/index.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { hostBackend, siwx, type SiwxApi, type SiwxConfig } from '../../../plugins/siwx/index.js'
import { createCacao } from '../../../plugins/siwx/messages.js'
import { createSiwxBackend } from '../../../sandbox/siwx/backend.mjs'
import { WALLET_RDNS, mapStorage, useHarness } from '../../chains/eip155/harness.js'
import { deferred, dummyView } from '../../kernel/helpers.js'
import { SNACKBAR_HIDE_MS } from '../../../kernel/feedback.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const backend = createSiwxBackend({ origins: () => [`http://${host}`] })
let server: Server
let host: string
/** While set, the server holds each verify request until it resolves. */
let hold: Promise<void> | undefined
const modals: Modal[] = []
const shellViews = {
  name: 'shell-views',
  setup: (ctx: { views: { register(id: string, v: typeof dummyView): void } }) =>
    ['Connect', 'Account'].forEach((v) => ctx.views.register(v, dummyView)),
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const held = req.method === 'POST' && req.url?.startsWith('/siwx/verify') ? hold : undefined
    void (held ?? Promise.resolve()).then(() => backend.handle(req, res) || (res.writeHead(404), res.end()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => {
  vi.stubGlobal('location', { host, origin: `http://${host}`, href: `http://${host}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
  backend.reset()
  hold = undefined
})

/** A fetch that sends the page's Origin and keeps the session cookie, as a browser does for its origin. */
function cookieFetch(): typeof fetch {
  let cookie = ''
  return async (input, init) => {
    const response = await fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string>), origin: `http://${host}`, ...(cookie ? { cookie } : {}) },
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]!
    return response
  }
}

function modalWith(config: SiwxConfig = {}) {
  const modal = createKernel({
    projectId: 'p',
    storage: mapStorage(),
    siwx: config,
    plugins: [eip155({ networks: [h.localA, h.localB] }), shellViews, siwx()],
  } as ModalOptions)
  modals.push(modal)
  kernelOf(modal).chains.startDiscovery()
  return { modal, api: modal.getPlugin('siwx') as SiwxApi }
}

describe('no connected account', () => {
  it('the controller fails with "No ActiveCaipAddress found", asks no wallet, and keeps nothing', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith()
    const errors: string[] = []
    kernelOf(modal).events.on('siwx:error', ({ reason }) => void errors.push(reason))
    const controller = (await api.flow()).controller({ navigate: false })
    await controller.start()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'No ActiveCaipAddress found' })
    // Sign after the failure prepares again: still no account, the same reason, and no signature asked for.
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'No ActiveCaipAddress found' })
    expect(errors).toEqual(['No ActiveCaipAddress found', 'No ActiveCaipAddress found'])
    expect(wallet.callsOf('personal_sign')).toHaveLength(0)
    expect(api.$state.get()).toMatchObject({ status: 'needed', error: 'No ActiveCaipAddress found' })
  })

  it('reading the sessions rejects with "No ActiveCaipAddress found"; after a disconnect too', async () => {
    h.wallet()
    const { modal, api } = modalWith()
    await expect(api.getSessions()).rejects.toThrow('No ActiveCaipAddress found')
    await modal.open()
    await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
    expect(await api.getSessions()).toEqual([])
    await kernelOf(modal).connection.disconnect()
    await expect(api.getSessions()).rejects.toThrow('No ActiveCaipAddress found')
  })
})

describe('"Authenticating..." while the server verifies', () => {
  async function signing(mode: 'up' | 'refuse') {
    h.wallet()
    backend.setMode(mode)
    const { modal, api } = modalWith({ store: hostBackend({ url: `http://${host}/siwx`, fetch: cookieFetch() }) })
    await modal.open()
    await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(controller.$view.get().phase).toBe('ready')
    const release = deferred<void>()
    hold = release.promise
    const snack = () => kernelOf(modal).feedback.$snackbar.get()
    expect(snack().open).toBe(false)
    // The snack's timers on a fake clock: a snack of another kind hides after SNACKBAR_HIDE_MS.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const signed = controller.sign()
    await vi.waitFor(() => expect(controller.$view.get().phase).toBe('verifying'))
    // The server holds its answer: the loading snack stays as long as it does, past the time others hide.
    expect(snack()).toEqual({ open: true, variant: 'loading', message: 'Authenticating...' })
    vi.advanceTimersByTime(SNACKBAR_HIDE_MS + 1)
    expect(snack()).toEqual({ open: true, variant: 'loading', message: 'Authenticating...' })
    expect(api.$state.get().status).not.toBe('signedIn')
    vi.useRealTimers()
    release.resolve()
    await signed
    return { snack, controller, api, modal }
  }

  it('shows while the signature is verified and is gone once the server accepts it', async () => {
    const { snack, controller, api } = await signing('up')
    expect(controller.$view.get().phase).toBe('done')
    expect(api.$state.get().status).toBe('signedIn')
    expect(snack().open).toBe(false)
    expect((await backend.size()).sessions).toBe(1)
  })

  it('is gone when the server refuses, the reason beside Retry', async () => {
    const { snack, controller, api } = await signing('refuse')
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'Sign-in refused: sign-in is closed for this account' })
    expect(api.$state.get().status).toBe('needed')
    expect(snack().open).toBe(false)
  })
})

describe("a session's CACAO from the host's server", () => {
  /** Signs in through a store that hands the server `tamper(cacao)` in place of the page's CACAO. */
  async function signInWith(tamper: (cacao: Record<string, any>) => unknown) {
    h.wallet()
    const base = hostBackend({ url: `http://${host}/siwx`, fetch: cookieFetch() })
    const { modal, api } = modalWith({
      store: { ...base, add: (session) => base.add({ ...session, cacao: tamper(session.cacao as never) as never }) },
    })
    await modal.open()
    await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(api.$state.get().status).toBe('signedIn')
    const { cacao, ...plain } = api.$state.get().session!
    return { api, plain, cacao: cacao! }
  }

  it("is kept when the session's fields and signature make it", async () => {
    const { api, plain, cacao } = await signInWith((c) => c)
    expect(await api.getSessions()).toEqual([{ ...plain, cacao: createCacao(plain.data, plain.signature) }])
    expect(cacao).toEqual(createCacao(plain.data, plain.signature))
  })

  it('is left out, the session kept, when it names another issuer', async () => {
    const { api, plain } = await signInWith((c) => ({
      ...c,
      p: { ...c.p, iss: 'did:pkh:eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    }))
    expect(await api.getSessions()).toEqual([plain])
  })
})
