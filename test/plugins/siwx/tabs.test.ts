// Sign-in across the tabs of one origin: two modals sharing one storage, as two tabs share the page's storage, talk
// over a real BroadcastChannel. A sign-out in one ends the other's session; a sign-in in one covers the other. A
// message only makes a tab read its store again: forged or malformed messages, and well-formed ones the store does
// not confirm, change nothing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel, type Modal, type ModalOptions } from '../../../kernel/index.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { siwx, type SiwxApi, type SiwxConfig } from '../../../plugins/siwx/index.js'
import { checkSiwxTabMessage, siwxTabs } from '../../../plugins/siwx/tabs.js'
import { WALLET_RDNS, mapStorage, useHarness } from '../../chains/eip155/harness.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import { flush, shellViews } from '../../kernel/helpers.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`
const SESSIONS_KEY = '@vestibule/v1/siwx/sessions'
const PREFIX = '@vestibule/v1'
let modals: Modal[] = []
const closers: Array<() => void> = []

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  closers.splice(0).forEach((close) => close())
  vi.unstubAllGlobals()
})

function modalWith(storage: ReturnType<typeof mapStorage>, config: SiwxConfig = {}) {
  const modal = createKernel(
    { projectId: 'p', storage, siwx: config, plugins: [eip155({ networks: [h.localA, h.localB] }), shellViews, siwx()] } as ModalOptions,
    { loadShell: async () => ({ show: () => undefined, hide: () => undefined, destroy: () => undefined }) },
  )
  modals.push(modal)
  kernelOf(modal).chains.startDiscovery()
  const heard: string[] = []
  for (const name of ['siwx:signIn', 'siwx:signOut', 'siwx:needed'] as const) kernelOf(modal).events.on(name, () => heard.push(name))
  return { modal, api: modal.getPlugin('siwx') as SiwxApi, heard }
}

/** The first tab connects and signs in; the second, on the same storage, restores that session. */
async function twoTabs(config: SiwxConfig = {}) {
  const wallet = h.wallet()
  const storage = mapStorage()
  const first = modalWith(storage, config)
  await first.modal.open()
  await kernelOf(first.modal).navigation.connect(WALLET_RDNS, 'eip155')
  const controller = (await first.api.flow()).controller()
  await controller.start()
  await controller.sign()
  expect(first.api.$state.get().status).toBe('signedIn')
  const second = modalWith(storage, config)
  await second.modal.reconnect()
  await vi.waitFor(() => expect(second.api.$state.get().status).toBe('signedIn'))
  return { storage, first, second, wallet }
}

describe('siwx: the tabs message', () => {
  it("only this modal's exact message is taken; anything else is ignored", () => {
    expect(checkSiwxTabMessage({ v: 1, prefix: PREFIX, kind: 'signOut' }, PREFIX)).toBe('signOut')
    expect(checkSiwxTabMessage({ v: 1, prefix: PREFIX, kind: 'signIn' }, PREFIX)).toBe('signIn')
    const forged: unknown[] = [
      { v: 1, prefix: 'another-app/v1', kind: 'signOut' },
      { v: 2, prefix: PREFIX, kind: 'signOut' },
      { prefix: PREFIX, kind: 'signOut' },
      { v: 1, prefix: PREFIX, kind: 'logout' },
      { v: 1, prefix: PREFIX, kind: ['signOut'] },
      { v: 1, prefix: PREFIX, kind: 'signIn', session: { signature: '0x00' } },
      JSON.stringify({ v: 1, prefix: PREFIX, kind: 'signOut' }),
      [1, PREFIX, 'signOut'],
      null,
      42,
    ]
    for (const data of forged) expect(checkSiwxTabMessage(data, PREFIX)).toBeUndefined()
  })

  it('over a real channel, forged messages call nothing; the real one after them calls once', async () => {
    let calls = 0
    let heard: () => void = () => undefined
    const called = new Promise<void>((resolve) => (heard = resolve))
    const tabs = siwxTabs({ storagePrefix: undefined, changed: () => (calls++, heard()) })
    closers.push(tabs.close)
    const other = new BroadcastChannel(`${PREFIX}/siwx/tabs`)
    closers.push(() => other.close())
    for (const data of [{ v: 1, prefix: 'x/v1', kind: 'signOut' }, { v: 1, prefix: PREFIX, kind: 'revoke' }, 'signOut', null])
      other.postMessage(data)
    other.postMessage({ v: 1, prefix: PREFIX, kind: 'signOut' })
    await called
    expect(calls).toBe(1)
  })
})

describe('siwx: the stored sessions changed in another tab', () => {
  /** The page's `storage` events, as the browser fires them in the tabs that did not write. */
  function pageEvents() {
    const page = new EventTarget()
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page))
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page))
    return (key: string | null) => page.dispatchEvent(Object.assign(new Event('storage'), { key }))
  }

  it('only the sessions key (or a cleared storage) counts; the listener goes with close()', async () => {
    const fire = pageEvents()
    let calls = 0
    const tabs = siwxTabs({ storagePrefix: undefined, sessionsKey: SESSIONS_KEY, changed: () => calls++, channel: undefined })
    fire('@vestibule/v1/siwx/other')
    fire('another-app/v1/siwx/sessions')
    expect(calls).toBe(0)
    fire(SESSIONS_KEY)
    expect(calls).toBe(1)
    fire(null)
    await vi.waitFor(() => expect(calls).toBe(2))
    tabs.close()
    fire(SESSIONS_KEY)
    expect(calls).toBe(2)
  })

  it('a session removed by another tab signs this one out; a forged stored session does not sign it in', async () => {
    const fire = pageEvents()
    const { storage, second } = await twoTabs()
    // Another tab's storage write that leaves the session in place: nothing changes.
    fire(SESSIONS_KEY)
    expect(await (await second.api.flow()).follow()).toBeUndefined()
    expect(second.api.$state.get().status).toBe('signedIn')
    const kept = storage.map.get(SESSIONS_KEY)!
    storage.map.delete(SESSIONS_KEY)
    fire(SESSIONS_KEY)
    await vi.waitFor(() => expect(second.api.$state.get().status).toBe('signedOut'))
    expect(second.heard).toContain('siwx:signOut')
    // A session whose signature was tampered with, written as if by another tab: dropped on read, still signed out.
    const [session] = JSON.parse(kept) as Array<{ signature: string }>
    storage.map.set(SESSIONS_KEY, JSON.stringify([{ ...session, signature: `0x${'11'.repeat(65)}` }]))
    fire(SESSIONS_KEY)
    expect(await (await second.api.flow()).follow()).toBeUndefined()
    expect(second.api.$state.get().status).toBe('signedOut')
    expect(second.modal.isOpen()).toBe(false)
  })
})

describe('siwx: a flood of messages', () => {
  it('while the store is read again, any number of messages make one more read, not one each', async () => {
    const channel = { onmessage: null as ((event: MessageEvent) => void) | null, postMessage: () => undefined, close: () => undefined }
    const reads: Array<() => void> = []
    siwxTabs({
      storagePrefix: undefined,
      channel: () => channel,
      changed: () => new Promise<void>((resolve) => reads.push(resolve)),
    })
    const message = () => channel.onmessage!(new MessageEvent('message', { data: { v: 1, prefix: PREFIX, kind: 'signOut' } }))
    message()
    for (let i = 0; i < 50; i++) message()
    expect(reads).toHaveLength(1)
    reads[0]!()
    await vi.waitFor(() => expect(reads).toHaveLength(2))
    reads[1]!()
    // Nothing came during the second read: no third, after a turn of the event loop.
    await flush()
    expect(reads).toHaveLength(2)
  })
})

describe('siwx: other tabs', () => {
  it('a sign-out in one tab signs the other out, without a wallet prompt; the host hears siwx:signOut there', async () => {
    const { first, second, wallet } = await twoTabs()
    await first.api.signOut()
    await vi.waitFor(() => expect(second.api.$state.get().status).toBe('signedOut'))
    expect(second.heard).toContain('siwx:signOut')
    expect(second.modal.isOpen()).toBe(false)
    expect(wallet.callsOf('personal_sign')).toHaveLength(1)
  })

  it('required: the other tab then asks for sign-in, as on a reload', async () => {
    const { first, second } = await twoTabs({ required: true })
    await first.api.signOut()
    await vi.waitFor(() => expect(second.modal.isOpen()).toBe(true))
    expect(kernelOf(second.modal).router.current?.view).toBe('SIWXSignMessage')
    expect(second.api.$state.get().status).toBe('needed')
  })

  it('a sign-in in one tab covers the other: its sign view closes, no second signature', async () => {
    const { storage, first, second, wallet } = await twoTabs({ required: true })
    // Both signed out (the session gone from the shared storage), both on the sign view.
    storage.map.delete(SESSIONS_KEY)
    await first.api.signOut()
    await vi.waitFor(() => expect(second.modal.isOpen()).toBe(true))
    await first.modal.open()
    const controller = (await first.api.flow()).controller()
    await controller.start()
    await controller.sign()
    await vi.waitFor(() => expect(second.api.$state.get().status).toBe('signedIn'))
    await vi.waitFor(() => expect(second.modal.isOpen()).toBe(false))
    expect(wallet.callsOf('personal_sign')).toHaveLength(2)
  })

  it('a well-formed message the store does not confirm changes nothing', async () => {
    const { second } = await twoTabs()
    const flow = await second.api.flow()
    // "Signed out" while the session is still kept: still signed in, nothing heard.
    expect(await flow.follow()).toBeUndefined()
    expect(second.api.$state.get().status).toBe('signedIn')
    expect(second.heard).toEqual([])
    // "Signed in" while this tab declined and no session covers it: still signed out, the sign view not opened.
    await second.api.signOut()
    second.heard.length = 0
    expect(await flow.follow()).toBeUndefined()
    expect(second.api.$state.get().status).toBe('signedOut')
    expect(second.heard).toEqual([])
    expect(second.modal.isOpen()).toBe(false)
  })
})
