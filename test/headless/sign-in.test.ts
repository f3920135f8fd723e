// Sign-in without a view, over a headless modal with the eip155 chain plugin, anvil and a Node wallet signing with a
// real key: a headless connect leaves the account `needed`; sign() runs the flow without moving views or closing the
// session; a decline is an error state and a retry signs; a stored session is used as is; cancel with `required`
// disconnects; a host without the sign-in plugin gets a clear error.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import type { Modal, ModalOptions } from '../../kernel/index.js'
import { eip155 } from '../../chains/eip155/index.js'
import { siwx, type SiwxConfig } from '../../plugins/siwx/index.js'
import { createHeadlessModal, signIn, type SignInState } from '../../headless/index.js'
import { WALLET_RDNS, mapStorage, useHarness } from '../chains/eip155/harness.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`
const modals: Modal[] = []

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
})

function headless(config: SiwxConfig = {}, storage = mapStorage()) {
  const modal = createHeadlessModal({
    projectId: 'p',
    storage,
    siwx: config,
    plugins: [eip155({ networks: [h.localA, h.localB] }), siwx()],
  } as ModalOptions)
  modals.push(modal)
  kernelOf(modal).chains.startDiscovery()
  return modal
}

/** Waits for the state's `status` (the plugin checks a new account's session after the connect resolves). */
async function statusBecomes(flow: { $state: { get(): SignInState } }, status: SignInState['status']) {
  await expect.poll(() => flow.$state.get().status, { timeout: 5_000, interval: 20 }).toBe(status)
}

async function connect(modal: Modal) {
  await modal.open()
  await modal.connect(WALLET_RDNS, 'eip155')
}

describe('signIn (headless)', () => {
  it('a headless connect leaves the account needed; sign() has the wallet sign, keeps the session and moves no view', async () => {
    const wallet = h.wallet()
    const modal = headless({ statement: 'Welcome' })
    const flow = signIn(modal)
    const seen: SignInState[] = []
    const stop = flow.$state.subscribe((s) => seen.push(s))
    expect(flow.$state.get()).toMatchObject({ status: 'signedOut', required: false })
    await connect(modal)
    await statusBecomes(flow, 'needed')
    expect(kernelOf(modal).router.current).toBeUndefined()

    const session = await flow.sign()
    const signature = session.signature as Hex
    expect(await recoverMessageAddress({ message: session.message, signature })).toBe(wallet.address)
    expect(session.data).toMatchObject({ domain: HOST, accountAddress: wallet.address, chainId: 'eip155:31337', statement: 'Welcome' })
    expect(flow.$state.get()).toMatchObject({ status: 'signedIn', address: wallet.address, chainId: 'eip155:31337', session })
    // The flow ran through 'signing' with the message shown, and the headless session stays open with no view.
    expect(seen.some((s) => s.status === 'signing' && s.phase === 'signing' && s.message === session.message)).toBe(true)
    expect(modal.isOpen()).toBe(true)
    expect(kernelOf(modal).router.current).toBeUndefined()
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)

    // Signed in already: sign() answers with the kept session and asks the wallet nothing.
    await expect(flow.sign()).resolves.toEqual(session)
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)
    await flow.signOut()
    expect(flow.$state.get().status).toBe('signedOut')
    stop()
  })

  it('a declined signature rejects with the reason, the state says error, and the next sign() signs', async () => {
    const wallet = h.wallet()
    const modal = headless()
    const flow = signIn(modal)
    await connect(modal)
    await statusBecomes(flow, 'needed')
    const original = wallet.provider.request
    wallet.provider.request = async (args) => {
      if (args.method !== 'personal_sign') return original(args)
      wallet.provider.request = original
      throw { code: 4001, message: 'User rejected the request.' }
    }
    await expect(flow.sign()).rejects.toMatchObject({ message: 'Signature declined' })
    expect(flow.$state.get()).toMatchObject({ status: 'error', error: 'Signature declined' })
    expect(kernelOf(modal).state.$snapshot.get().status).toBe('connected')
    await expect(flow.sign()).resolves.toMatchObject({ data: { accountAddress: wallet.address } })
    expect(flow.$state.get().status).toBe('signedIn')
  })

  it("a failed attempt on one network is not the next network's state: that one is needed", async () => {
    const wallet = h.wallet()
    const modal = headless()
    const flow = signIn(modal)
    await connect(modal)
    await statusBecomes(flow, 'needed')
    const original = wallet.provider.request
    wallet.provider.request = async (args) => {
      if (args.method !== 'personal_sign') return original(args)
      wallet.provider.request = original
      throw { code: 4001, message: 'User rejected the request.' }
    }
    await expect(flow.sign()).rejects.toThrow('Signature declined')
    expect(flow.$state.get()).toMatchObject({ status: 'error', chainId: 'eip155:31337' })
    await modal.switchNetwork('eip155:31338')
    await statusBecomes(flow, 'needed')
    expect(flow.$state.get().chainId).toBe('eip155:31338')
    expect(flow.$state.get().error).toBeUndefined()
  })

  it('sign() right after the connect resolves (the plugin still checking the sessions) signs once', async () => {
    const wallet = h.wallet()
    const modal = headless()
    const flow = signIn(modal)
    await connect(modal)
    await expect(flow.sign()).resolves.toMatchObject({ data: { accountAddress: wallet.address } })
    expect(flow.$state.get().status).toBe('signedIn')
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)
  })

  it('two sign() calls at once ask the wallet once and share the session', async () => {
    const wallet = h.wallet()
    const modal = headless()
    const flow = signIn(modal)
    await connect(modal)
    await statusBecomes(flow, 'needed')
    const [a, b] = await Promise.all([flow.sign(), flow.sign()])
    expect(a).toBe(b)
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)
  })

  it('cancel: without required the account stays connected and signed out; with required it is disconnected', async () => {
    h.wallet()
    const optional = headless()
    const flow = signIn(optional)
    await connect(optional)
    await statusBecomes(flow, 'needed')
    await flow.cancel()
    expect(flow.$state.get().status).toBe('signedOut')
    expect(kernelOf(optional).state.$snapshot.get().status).toBe('connected')

    const strict = headless({ required: true })
    const must = signIn(strict)
    expect(must.$state.get().required).toBe(true)
    await connect(strict)
    await statusBecomes(must, 'needed')
    await must.cancel()
    expect(kernelOf(strict).state.$snapshot.get().status).toBe('disconnected')
    expect(kernelOf(strict).router.current).toBeUndefined()
  })

  it('without the sign-in plugin: MISSING_PLUGIN; with it but not enabled: the state is off and sign() rejects', async () => {
    const bare = createHeadlessModal({ projectId: 'p', storage: null, plugins: [eip155({ networks: [h.localA] })] })
    modals.push(bare)
    expect(() => signIn(bare)).toThrow(expect.objectContaining({ code: 'MISSING_PLUGIN', message: 'Sign-in needs the siwx() plugin' }))
    const off = createHeadlessModal({ projectId: 'p', storage: null, plugins: [eip155({ networks: [h.localA] }), siwx()] })
    modals.push(off)
    const flow = signIn(off)
    expect(flow.$state.get().status).toBe('off')
    await expect(flow.sign()).rejects.toThrow('SIWX is not enabled')
  })
})
