// The sign-in flow against a hostile or silent host backend, over a real modal with the eip155 chain plugin, anvil
// and a Node wallet: a server that never answers is given up with its reason and never holds the modal (Cancel works
// in every phase, and what answers after it changes nothing); a server that sets another URI or a statement that
// reads as a line of the message is refused before the wallet is asked; its error texts are shown cleaned.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal, type ModalOptions } from '../../../kernel/index.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { hostBackend, siwx, type SiwxApi, type SiwxConfig, type SiwxSessionStore } from '../../../plugins/siwx/index.js'
import { WALLET_RDNS, mapStorage, useHarness } from '../../chains/eip155/harness.js'
import { shellViews } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`
let modals: Modal[] = []

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
})

function modalWith(config: SiwxConfig) {
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

async function connectAndOpen(modal: Modal) {
  await modal.open()
  await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
}

/** The sign-in events the modal emits, by name. */
function record(modal: Modal) {
  const seen: string[] = []
  for (const name of ['siwx:signIn', 'siwx:error', 'siwx:cancel'] as const) kernelOf(modal).events.on(name, () => seen.push(name))
  return seen
}

const store = (prepare: SiwxSessionStore['prepare'], add: SiwxSessionStore['add'] = async () => ({ ok: true })): SiwxSessionStore => ({
  prepare,
  add,
  get: async () => [],
  revoke: async () => undefined,
  clear: async () => undefined,
})

/** Resolves when `check` holds, looking again on every turn of the event loop (no fixed wait). */
async function until(check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 10_000, interval: 5 })
}

describe('siwx: a host backend that never answers', () => {
  let server: Server
  let url: string
  /** The requests the server holds without answering: every nonce request, and the sessions ones while `holdSessions`. */
  const held: ServerResponse[] = []
  let holdSessions = false
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.startsWith('/siwx/nonce') || (holdSessions && req.url?.startsWith('/siwx/sessions'))) return void held.push(res)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(req.url?.startsWith('/siwx/sessions') ? '{"sessions":[]}' : '{"ok":true}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siwx`
  })
  afterEach(() => {
    holdSessions = false
    held.splice(0).forEach((res) => res.destroy())
  })
  afterAll(() => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())))

  it('the wait ends with "The sign-in server did not answer in time.", connected, the wallet never asked', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ store: hostBackend({ url, timeout: 200 }) })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(held).toHaveLength(1)
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'The sign-in server did not answer in time.' })
    expect(api.$state.get()).toMatchObject({ status: 'needed', error: 'The sign-in server did not answer in time.' })
    expect(modal.getAccount().status).toBe('connected')
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it('required: Cancel while the message is prepared disconnects; the nonce that comes afterwards changes nothing', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ required: true, store: hostBackend({ url }) })
    const seen = record(modal)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    const started = controller.start()
    await until(() => controller.$view.get().phase === 'preparing' && held.length === 1)
    await controller.cancel()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
    held[0]!.writeHead(200, { 'content-type': 'application/json' })
    held[0]!.end('{"nonce":"abcdefgh1234"}')
    await started
    expect(controller.$view.get().phase).toBe('preparing')
    expect(seen).toEqual(['siwx:cancel'])
    expect(api.$state.get().status).toBe('signedOut')
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it('required: Cancel while the session is still being checked disconnects; the late answer changes nothing', async () => {
    const wallet = h.wallet()
    holdSessions = true
    const { modal, api } = modalWith({ required: true, store: hostBackend({ url }) })
    const seen = record(modal)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    const started = controller.start()
    await until(() => controller.$view.get().phase === 'checking' && held.length > 0)
    await controller.cancel()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
    for (const res of held.splice(0)) {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"sessions":[]}')
    }
    await started
    expect(controller.$view.get().phase).toBe('checking')
    expect(seen).toEqual(['siwx:cancel'])
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })
})

describe('siwx: cancel while the wallet or the server is busy', () => {
  it('required: Cancel while the wallet has not answered disconnects; nothing is kept or reported afterwards', async () => {
    const wallet = h.wallet()
    let answer: (signature: string) => void = () => undefined
    const original = wallet.provider.request
    wallet.provider.request = async (args) =>
      args.method === 'personal_sign' ? new Promise<string>((resolve) => (answer = resolve)) : original(args)
    const added: unknown[] = []
    const { modal, api } = modalWith({
      required: true,
      store: store(
        async () => ({ nonce: 'abcdefgh1234' }),
        async (s) => void added.push(s),
      ),
    })
    const seen = record(modal)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    const signing = controller.sign()
    await until(() => controller.$view.get().phase === 'signing')
    await controller.cancel()
    expect(modal.getAccount().status).toBe('disconnected')
    answer(`0x${'11'.repeat(65)}`)
    await signing
    expect(added).toEqual([])
    expect(seen).toEqual(['siwx:cancel'])
    expect(api.$state.get().status).toBe('signedOut')
  })

  it('Cancel while the server verifies: its late answer signs nobody in', async () => {
    h.wallet()
    let accept: () => void = () => undefined
    const { modal, api } = modalWith({
      store: store(
        async () => ({ nonce: 'abcdefgh1234' }),
        () => new Promise((resolve) => (accept = () => resolve({ ok: true }))),
      ),
    })
    const seen = record(modal)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    const signing = controller.sign()
    await until(() => controller.$view.get().phase === 'verifying')
    await controller.cancel()
    accept()
    await signing
    expect(seen).toEqual(['siwx:cancel'])
    expect(api.$state.get().status).toBe('signedOut')
    expect(modal.getAccount().status).toBe('connected')
  })
})

describe('siwx: a server that fixes what it must not', () => {
  it.each([
    ['another site', 'https://evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['the page with a path', `${ORIGIN}/login`],
  ])('a URI of %s is refused with the reason; the wallet is never asked', async (_name, uri) => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ store: store(async () => ({ nonce: 'abcdefgh1234', uri })) })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({
      phase: 'failed',
      reason: `The message is for ${uri}, not this page (${ORIGIN}): it was not signed`,
    })
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it.each([
    ["the server's", { store: store(async () => ({ nonce: 'abcdefgh1234', statement: 'Chain ID: 137' })) }, 'Chain ID: 137'],
    [
      "the host's",
      { statement: 'URI: https://evil.example/', store: store(async () => ({ nonce: 'abcdefgh1234' })) },
      'URI: https://evil.example/',
    ],
    [
      "the server's header",
      { store: store(async () => ({ nonce: 'abcdefgh1234', statement: 'evil.example wants you to sign in with your Ethereum account:' })) },
      'evil.example wants you to sign in with your Ethereum account:',
    ],
  ])(
    '%s statement that reads as a line of the message is refused with the reason; the wallet is never asked',
    async (_name, config, statement) => {
      const wallet = h.wallet()
      const { modal, api } = modalWith(config)
      await connectAndOpen(modal)
      const controller = (await api.flow()).controller()
      await controller.start()
      expect(controller.$view.get()).toMatchObject({
        phase: 'failed',
        reason: `The sign-in message is invalid: the statement "${statement}" reads as a line of the message (a field or another sign-in header)`,
      })
      expect(wallet.callsOf('personal_sign')).toEqual([])
    },
  )

  it('a nonce over 128 characters is refused before the wallet is asked', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ store: store(async () => ({ nonce: 'a'.repeat(1 << 20) })) })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(controller.$view.get().reason).toBe(
      'A problem occurred while trying initialize authentication: the nonce must be 8 to 128 letters or digits',
    )
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it("the server's refusal is shown without its direction overrides and hidden characters", async () => {
    h.wallet()
    const { modal, api } = modalWith({
      store: store(
        async () => ({ nonce: 'abcdefgh1234' }),
        () => Promise.reject(new Error('closed for \u202emoc.elpmaxe\u2069\u200b today')),
      ),
    })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(controller.$view.get().reason).toBe('Sign-in refused: closed for moc.elpmaxe today')
  })
})
