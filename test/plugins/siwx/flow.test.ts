// The sign-in flow over a real modal with the eip155 chain plugin, anvil and a Node wallet that signs with a real
// key: after a connection the sign view comes first; a signature ends on a kept session; declines, malformed
// signatures, a server that is down or refuses and a message for another domain leave the account signed out with
// the reason; required sign-in cannot be closed and its cancel disconnects; other accounts and networks sign again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { createKernel, type Modal, type ModalOptions } from '../../../kernel/index.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { siwx, type SiwxApi, type SiwxSessionStore, type SiwxConfig } from '../../../plugins/siwx/index.js'
import { parseSiwxMessage } from '../../../plugins/siwx/messages.js'
import { WALLET_RDNS, mapStorage, useHarness } from '../../chains/eip155/harness.js'
import type { NodeWallet } from '../../chains/eip155/node-wallet.js'
import { OPTION_OWNERS } from '../../../plugins/option-owners.js'
import { flush, shellViews } from '../../kernel/helpers.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`
const SESSIONS_KEY = '@vestibule/v1/siwx/sessions'
let modals: Modal[] = []

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** A modal (`shell`: with a shell drawing its views, else headless) with the eip155 plugin and sign-in. */
function modalWith(options: { siwx?: SiwxConfig; storage?: ReturnType<typeof mapStorage>; shell?: boolean } & Partial<ModalOptions> = {}) {
  const { siwx: config = {}, storage = mapStorage(), shell = false, ...rest } = options
  const extras = shell ? { loadShell: async () => ({ show: () => undefined, hide: () => undefined, destroy: () => undefined }) } : {}
  const modal = createKernel(
    {
      projectId: 'p',
      storage,
      ...(rest.siweConfig ? {} : { siwx: config }),
      ...rest,
      plugins: [eip155({ networks: [h.localA, h.localB] }), shellViews, siwx()],
    } as ModalOptions,
    extras,
  )
  modals.push(modal)
  kernelOf(modal).chains.startDiscovery()
  return { modal, storage, api: modal.getPlugin('siwx') as SiwxApi }
}

/** Resolves once the state's status is `status`: a store event, so no fake clock moves (vi.waitFor and expect.poll advance it). */
function statusBecomes(api: SiwxApi, status: string) {
  return new Promise<void>((resolve) => {
    const off = api.$state.subscribe((state) => {
      if (state.status !== status) return
      queueMicrotask(() => off())
      resolve()
    })
  })
}

/** A page reload: this page's modals go away, the wallet announces itself to the next page. */
function reload(wallet: NodeWallet) {
  modals.splice(0).forEach((m) => m.destroy())
  h.reload(wallet)
}

/** Records the modal's sign-in events and analytics names. */
function record(modal: Modal) {
  const seen: string[] = []
  for (const name of ['siwx:signIn', 'siwx:error', 'siwx:cancel', 'siwx:needed'] as const)
    kernelOf(modal).events.on(name, () => seen.push(name))
  kernelOf(modal).events.on('track', ({ event }) => seen.push(event))
  return seen
}

/** Makes the wallet answer personal_sign with `answer` once (a throw is a refusal). */
function nextSignature(wallet: NodeWallet, answer: () => unknown) {
  const original = wallet.provider.request
  wallet.provider.request = async (args) => {
    if (args.method !== 'personal_sign') return original(args)
    wallet.provider.request = original
    return answer()
  }
}

async function connectAndOpen(modal: Modal) {
  await modal.open()
  await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
}

describe('siwx: sign in after connecting', () => {
  it('shows the sign view after a connection, signs an EIP-4361 message for this page, keeps the session and closes', async () => {
    const wallet = h.wallet()
    const { modal, storage, api } = modalWith({ siwx: { statement: 'Welcome' } })
    const seen = record(modal)
    await connectAndOpen(modal)
    expect(kernelOf(modal).router.current?.view).toBe('SIWXSignMessage')
    const controller = (await api.flow()).controller()
    await controller.start()
    const view = controller.$view.get()
    expect(view.phase).toBe('ready')
    const fields = parseSiwxMessage(view.message!)
    expect(fields).toMatchObject({
      domain: HOST,
      uri: ORIGIN,
      accountAddress: wallet.address,
      chainId: 'eip155:31337',
      statement: 'Welcome',
      version: '1',
    })
    expect(Date.parse(fields.expirationTime!) - Date.parse(fields.issuedAt)).toBe(86_400_000)
    await controller.sign()
    expect(controller.$view.get().phase).toBe('done')
    const [call] = wallet.callsOf('personal_sign')
    const signature = api.$state.get().session!.signature as Hex
    expect(await recoverMessageAddress({ message: view.message!, signature })).toBe(wallet.address)
    expect(call).toBeDefined()
    expect(api.$state.get()).toMatchObject({ status: 'signedIn', address: wallet.address, chainId: 'eip155:31337' })
    expect(JSON.parse(storage.map.get(SESSIONS_KEY)!)).toHaveLength(1)
    expect(modal.isOpen()).toBe(false)
    expect(seen).toEqual(['siwx:needed', 'siwx:signIn', 'SIWX_AUTH_SUCCESS'])
  })

  it('a declined signature shows "Signature declined" and a retry signs', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith()
    const seen = record(modal)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    nextSignature(wallet, () => Promise.reject({ code: 4001, message: 'User rejected the request.' }))
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'Signature declined' })
    expect(api.$state.get()).toMatchObject({ status: 'needed', error: 'Signature declined' })
    expect(kernelOf(modal).router.current?.view).toBe('SIWXSignMessage')
    await controller.sign()
    expect(controller.$view.get().phase).toBe('done')
    expect(api.$state.get().status).toBe('signedIn')
    expect(seen).toEqual(['siwx:needed', 'siwx:error', 'SIWX_AUTH_ERROR', 'siwx:signIn', 'SIWX_AUTH_SUCCESS'])
    // The retry signed a new message: a nonce is used once.
    const [first, second] = wallet.callsOf('personal_sign').map((c) => (c.params as string[])[0])
    expect(first).toBeDefined()
    expect(second).toBeUndefined()
  })

  it.each([
    ['not text', 12345],
    ['empty', ''],
    ['with a line break', '0xabc\ndef'],
  ])('a malformed signature (%s) is refused without a crash and nothing is kept', async (_name, answer) => {
    const wallet = h.wallet()
    const { modal, storage, api } = modalWith()
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    nextSignature(wallet, () => answer)
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'The wallet returned a malformed signature' })
    expect(storage.map.has(SESSIONS_KEY)).toBe(false)
    expect(modal.getAccount().status).toBe('connected')
  })
})

describe('siwx: required', () => {
  it('the sign view cannot be closed (close(), back) and says why; cancel disconnects and shows Connect', async () => {
    h.wallet()
    const { modal, api } = modalWith({ siwx: { required: true } })
    const seen = record(modal)
    const refusals: string[] = []
    kernelOf(modal).events.on('modal:closeRefused', ({ message }) => refusals.push(message))
    await connectAndOpen(modal)
    expect(kernelOf(modal).router.current?.view).toBe('SIWXSignMessage')
    expect(modal.close()).toBe(false)
    expect(kernelOf(modal).router.goBack()).toBe(false)
    expect(modal.isOpen()).toBe(true)
    expect(refusals[0]).toBe('Sign in to continue: this app requires it. Cancel to disconnect instead.')
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.cancel()
    expect(modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).router.current?.view).toBe('Connect')
    expect(seen).toContain('CLICK_CANCEL_SIWX')
    expect(modal.close()).toBe(true)
  })

  it('not required: the sign view closes, and cancel leaves the account connected and signed out', async () => {
    h.wallet()
    const { modal, api } = modalWith()
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.cancel()
    expect(modal.getAccount().status).toBe('connected')
    expect(modal.isOpen()).toBe(false)
    expect(api.$state.get().status).toBe('signedOut')
    await modal.open()
    expect(kernelOf(modal).router.current?.view).toBe('Account')
  })
})

describe('siwx: sessions', () => {
  async function signedIn(options: Parameters<typeof modalWith>[0] = {}) {
    const wallet = h.wallet()
    const made = modalWith(options)
    await connectAndOpen(made.modal)
    const controller = (await made.api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(made.api.$state.get().status).toBe('signedIn')
    return { ...made, wallet }
  }

  it('a reload keeps a valid session: no sign view, signed in', async () => {
    const { storage, wallet } = await signedIn()
    reload(wallet)
    const { modal, api } = modalWith({ storage })
    await modal.reconnect()
    await vi.waitFor(() => expect(api.$state.get().status).toBe('signedIn'))
    await modal.open()
    expect(kernelOf(modal).router.current?.view).toBe('Account')
  })

  it('expiry at its boundary: valid a millisecond before, dropped at the expiration instant, and the next open asks again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const start = Date.parse('2030-01-01T00:00:00Z')
    vi.setSystemTime(start)
    const { storage, wallet } = await signedIn({ siwx: { expiresIn: 60 } })
    reload(wallet)
    vi.setSystemTime(start + 60_000 - 1)
    const before = modalWith({ storage, siwx: { expiresIn: 60 } })
    await before.modal.reconnect()
    await statusBecomes(before.api, 'signedIn')
    reload(wallet)
    vi.setSystemTime(start + 60_000)
    const after = modalWith({ storage, siwx: { expiresIn: 60 } })
    await after.modal.reconnect()
    await statusBecomes(after.api, 'needed')
    expect(storage.map.has(SESSIONS_KEY)).toBe(false)
    await after.modal.open()
    expect(kernelOf(after.modal).router.current?.view).toBe('SIWXSignMessage')
  })

  it('a tampered stored session is dropped on read', async () => {
    const { storage, wallet } = await signedIn()
    const [session] = JSON.parse(storage.map.get(SESSIONS_KEY)!)
    session.data.statement = 'I owe you everything'
    storage.map.set(SESSIONS_KEY, JSON.stringify([session]))
    reload(wallet)
    const { modal, api } = modalWith({ storage })
    await modal.reconnect()
    await vi.waitFor(() => expect(api.$state.get().status).toBe('needed'))
    expect(storage.map.has(SESSIONS_KEY)).toBe(false)
  })

  it('another account asks again, while the modal is open', async () => {
    const { modal, wallet, api } = await signedIn()
    await modal.open()
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    wallet.selectAccount(1)
    await vi.waitFor(() => expect(kernelOf(modal).router.current?.view).toBe('SIWXSignMessage'))
    expect(api.$state.get()).toMatchObject({ status: 'needed', address: wallet.address })
  })

  it('another network asks again; the signed network is still covered when switching back', async () => {
    const { modal, api } = await signedIn()
    await modal.switchNetwork('eip155:31338')
    await vi.waitFor(() => expect(api.$state.get()).toMatchObject({ status: 'needed', chainId: 'eip155:31338' }))
    await modal.switchNetwork('eip155:31337')
    await vi.waitFor(() => expect(api.$state.get()).toMatchObject({ status: 'signedIn', chainId: 'eip155:31337' }))
  })

  it('a disconnect clears the sessions', async () => {
    const { modal, storage, api } = await signedIn()
    await modal.disconnect()
    await vi.waitFor(() => expect(storage.map.has(SESSIONS_KEY)).toBe(false))
    expect(api.$state.get().status).toBe('signedOut')
  })
})

describe('siwx: a closed modal opens on the sign view', () => {
  async function signedIn(options: Parameters<typeof modalWith>[0] = {}) {
    const wallet = h.wallet()
    const made = modalWith({ shell: true, ...options })
    await connectAndOpen(made.modal)
    const controller = (await made.api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(made.modal.isOpen()).toBe(false)
    return { ...made, wallet }
  }

  it.each([
    ['required', true],
    ['not required', false],
  ])('%s: a restored account without a session; signing closes it again', async (_name, required) => {
    const { storage, wallet } = await signedIn({ siwx: { required } })
    storage.map.delete(SESSIONS_KEY)
    reload(wallet)
    const { modal, api } = modalWith({ storage, shell: true, siwx: { required } })
    await modal.reconnect()
    await vi.waitFor(() => expect(modal.isOpen()).toBe(true))
    expect(
      kernelOf(modal)
        .router.$history.get()
        .map((e) => e.view),
    ).toEqual(['SIWXSignMessage'])
    expect(api.$state.get()).toMatchObject({ status: 'needed', address: wallet.address })
    expect(modal.close()).toBe(!required)
    if (!required) await modal.open()
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(api.$state.get().status).toBe('signedIn')
    expect(modal.isOpen()).toBe(false)
  })

  it('another account while the modal is closed', async () => {
    const { modal, wallet, api } = await signedIn({ siwx: { required: true } })
    wallet.selectAccount(1)
    await vi.waitFor(() => expect(modal.isOpen()).toBe(true))
    expect(kernelOf(modal).router.current?.view).toBe('SIWXSignMessage')
    expect(api.$state.get()).toMatchObject({ status: 'needed', address: wallet.address })
  })

  it('a valid session opens nothing; nor does a headless modal, or a store that could not answer (its reason shows on the next open)', async () => {
    const { storage, wallet } = await signedIn()
    reload(wallet)
    const kept = modalWith({ storage, shell: true })
    await kept.modal.reconnect()
    await statusBecomes(kept.api, 'signedIn')
    expect(kept.modal.isOpen()).toBe(false)

    storage.map.delete(SESSIONS_KEY)
    reload(wallet)
    const headless = modalWith({ storage })
    await headless.modal.reconnect()
    await statusBecomes(headless.api, 'needed')
    expect(headless.modal.isOpen()).toBe(false)

    reload(wallet)
    const down: SiwxSessionStore = {
      add: async () => undefined,
      get: async () => Promise.reject(new Error('the sign-in server is down')),
      revoke: async () => undefined,
      clear: async () => undefined,
    }
    const failing = modalWith({ storage, shell: true, siwx: { required: true, store: down } })
    await failing.modal.reconnect()
    await statusBecomes(failing.api, 'needed')
    expect(failing.api.$state.get().error).toContain('the sign-in server is down')
    // An open would come right after the status, in the same chain of the check: a turn of the event loop lets it run.
    await flush()
    expect(failing.modal.isOpen()).toBe(false)
    await failing.modal.open()
    expect(kernelOf(failing.modal).router.current?.view).toBe('SIWXSignMessage')
  })
})

describe("siwx: the chain plugin's verifier", () => {
  /** Gives the eip155 plugin a `verifyMessage` chain feature answering `valid`, recording what it was asked. */
  function verifier(modal: Modal, valid: boolean) {
    const asked: string[] = []
    const features = kernelOf(modal).chains.get('eip155')!.features as Record<string, unknown>
    features.verifyMessage = async ({ message }: { message: string }) => (asked.push(message), valid)
    return asked
  }

  it('a signature the verifier refuses is not kept', async () => {
    h.wallet()
    const { modal, storage, api } = modalWith()
    const asked = verifier(modal, false)
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'The signature does not match the message and account' })
    expect(asked).toEqual([controller.$view.get().message])
    expect(storage.map.has(SESSIONS_KEY)).toBe(false)
  })

  it('a stored session whose signature the verifier refuses is dropped on reload', async () => {
    const wallet = h.wallet()
    const first = modalWith()
    verifier(first.modal, true)
    await connectAndOpen(first.modal)
    const controller = (await first.api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(first.api.$state.get().status).toBe('signedIn')
    reload(wallet)
    const { modal, storage, api } = modalWith({ storage: first.storage })
    verifier(modal, false)
    await modal.reconnect()
    await vi.waitFor(() => expect(api.$state.get().status).toBe('needed'))
    expect(storage.map.has(SESSIONS_KEY)).toBe(false)
  })
})

describe('siwx: a store that is down, refuses, or asks for another domain', () => {
  const failing = (overrides: Partial<SiwxSessionStore>): SiwxSessionStore => ({
    prepare: async () => ({ nonce: 'abcdefgh1234' }),
    add: async () => ({ ok: true }),
    get: async () => [],
    revoke: async () => undefined,
    clear: async () => undefined,
    ...overrides,
  })

  it('a server that is down: signed out with the reason, connected, never asked to sign', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ siwx: { store: failing({ prepare: () => Promise.reject(new Error('HTTP status code: 503')) }) } })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(controller.$view.get()).toMatchObject({
      phase: 'failed',
      reason: 'A problem occurred while trying initialize authentication: HTTP status code: 503',
    })
    expect(modal.getAccount().status).toBe('connected')
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it('a server that refuses the signature: signed out with its reason, asked once', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({
      siwx: { store: failing({ add: () => Promise.reject(new Error('sign-in is closed for this account')) }) },
    })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'failed', reason: 'Sign-in refused: sign-in is closed for this account' })
    expect(api.$state.get().status).toBe('needed')
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)
    expect(modal.getAccount().status).toBe('connected')
  })

  it('a message for another domain is never signed', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({
      siwx: { store: failing({ prepare: async () => ({ nonce: 'abcdefgh1234', domain: 'evil.example' }) }) },
    })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({
      phase: 'failed',
      reason: `The message is for evil.example, not this page (${HOST}): it was not signed`,
    })
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })

  it('a nonce that breaks the format is refused before the wallet is asked', async () => {
    const wallet = h.wallet()
    const { modal, api } = modalWith({ siwx: { store: failing({ prepare: async () => ({ nonce: 'short' }) }) } })
    await connectAndOpen(modal)
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(controller.$view.get().reason).toMatch(/nonce must be 8 to 128 letters or digits/)
    expect(wallet.callsOf('personal_sign')).toEqual([])
  })
})

describe('siwx: options', () => {
  it('siwx and siweConfig together are refused', () => {
    expect(() => createKernel({ projectId: 'p', siwx: {}, siweConfig: {} as never, plugins: [siwx()] } as ModalOptions)).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
  })

  it('the option without the plugin names it', () => {
    expect(() => createKernel({ projectId: 'p', siwx: {} } as ModalOptions, { optionOwners: OPTION_OWNERS })).toThrow(
      '`siwx` needs siwx() from vestibule/plugins/siwx',
    )
  })

  it('the plugin without the option: no sign view after connecting, and its API says "SIWX is not enabled"', async () => {
    h.wallet()
    const modal = createKernel({
      projectId: 'p',
      storage: null,
      plugins: [eip155({ networks: [h.localA] }), shellViews, siwx()],
    } as ModalOptions)
    modals.push(modal)
    kernelOf(modal).chains.startDiscovery()
    await connectAndOpen(modal)
    expect(kernelOf(modal).router.current?.view).toBe('Account')
    await expect((modal.getPlugin('siwx') as SiwxApi).flow()).rejects.toThrow('SIWX is not enabled')
  })

  it('a bad siwx option is refused with the reason', () => {
    expect(() => createKernel({ projectId: 'p', siwx: { required: 'yes' }, plugins: [siwx()] } as unknown as ModalOptions)).toThrow(
      '`required` must be a boolean',
    )
  })
})

describe('siwx: legacy siweConfig', () => {
  it('drives the ConnectingSiwe view with the host callbacks: nonce, verification, session, sign-out on disconnect', async () => {
    const wallet = h.wallet()
    const calls: string[] = []
    let session: { address: string; chainId: number } | null = null
    const siweConfig = {
      getNonce: async () => (calls.push('getNonce'), 'legacyNonce1'),
      getMessageParams: async () => ({ statement: 'Legacy sign-in' }),
      verifyMessage: async ({ message, signature }: { message: string; signature: string }) => {
        calls.push('verifyMessage')
        const valid = (await recoverMessageAddress({ message, signature: signature as Hex })) === wallet.address
        if (valid) session = { address: wallet.address, chainId: 31337 }
        return valid
      },
      getSession: async () => (calls.push('getSession'), session),
      signOut: async () => (calls.push('signOut'), (session = null), true),
    }
    const { modal, api } = modalWith({ siweConfig } as never)
    await connectAndOpen(modal)
    expect(kernelOf(modal).router.current?.view).toBe('ConnectingSiwe')
    const controller = (await api.flow()).controller()
    await controller.start()
    expect(parseSiwxMessage(controller.$view.get().message!)).toMatchObject({ nonce: 'legacyNonce1', statement: 'Legacy sign-in' })
    await controller.sign()
    expect(api.$state.get().status).toBe('signedIn')
    expect(session).toEqual({ address: wallet.address, chainId: 31337 })
    // The host hears siwx:signOut only once its signOut has answered (a page reading its backend then sees no session).
    const heard: unknown[] = []
    modal.on('siwx:signOut' as never, () => void heard.push(session))
    await modal.disconnect()
    await vi.waitFor(() => expect(calls).toContain('signOut'))
    expect(session).toBeNull()
    await vi.waitFor(() => expect(heard).toEqual([null]))
  })
})
