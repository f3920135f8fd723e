// Social login inside Telegram: no popup; the chosen provider is kept in storage and the page itself goes to the
// provider. When the page comes back with the provider's answer in its query, the login resumes and finishes; the
// answer leaves the address bar and the kept provider is dropped whatever happens.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../kernel/i18n.js'
import { createViewRegistry } from '../../../kernel/views.js'
import { atom } from 'nanostores'
import { createClient, type AuthContext } from '../../../plugins/auth/client.js'
import { FRAME_READY_DELAY_MS } from '../../../plugins/auth/frame.js'
import { INITIAL_STATE, SOCIAL_RESULT_PARAM, StoredKeys, type AuthState } from '../../../plugins/auth/state.js'
import { fakeDom, SITE, type Posted } from './fake-dom.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e90d17b2000'
const PAGE = 'https://dapp.example/shop?item=7'
const ANSWER = `${SITE}/social/callback?state=abc&code=xyz`

let dom: ReturnType<typeof fakeDom>
let assigned: string[]
beforeEach(() => {
  vi.useFakeTimers()
  dom = fakeDom()
  assigned = []
  vi.stubGlobal('document', dom.document)
  vi.stubGlobal('window', Object.assign(dom.window, { location: { href: PAGE, assign: (url: string) => void assigned.push(url) } }))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function setup(reply: (m: Posted['message']) => unknown, stored: Record<string, unknown> = {}) {
  dom.secureSite(reply)
  const storage = new Map(Object.entries(stored))
  const connected: string[] = []
  const ctx = {
    connection: { connect: async (_id: string, ns: string) => void connected.push(ns), setAccountFields: () => undefined },
    chains: { list: () => [], get: () => ({ addConnector: () => () => undefined }) },
    storage: {
      get: (k: string) => storage.get(k),
      set: (k: string, v: unknown) => void storage.set(k, v),
      remove: (k: string) => void storage.delete(k),
    },
    router: { push: () => undefined, goBack: () => true, onLeave: () => () => undefined },
    feedback: { alert: () => undefined },
    platform: { isTelegram: () => true },
    theme: atom({ mode: 'dark', variables: {} }),
    options: {},
    events: { emit: () => undefined, on: () => () => undefined },
    views: createViewRegistry(),
    i18n: createI18n(),
    state: {},
  } as unknown as AuthContext
  const $state = atom<AuthState>(INITIAL_STATE)
  const client = createClient({
    ctx,
    url: `${SITE}/frame`,
    $state: $state as never,
    addConnectors: () => undefined,
    supports: (ns) => ns === 'eip155',
    emit: () => undefined,
  })
  return { client, $state, storage, connected }
}

const user = { socialProvider: 'github', userName: 'octo', accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
const requests = () => dom.posted.map((p) => p.message).filter((m) => !m.type.startsWith('Sync'))

async function withFrame<T>(job: Promise<T>) {
  dom.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  return job
}

describe('social login inside Telegram', () => {
  it('keeps the provider, asks for the provider page with this page to come back to, and goes there without a popup', async () => {
    const { client, storage } = setup((m) =>
      m.type === 'GetSocialRedirectUri' ? { uri: 'http://127.0.0.1:5555/authorize?provider=github' } : {},
    )
    await withFrame(client.social('github', null))
    expect(storage.get(StoredKeys.telegramSocialProvider)).toBe('github')
    expect(requests()).toEqual([expect.objectContaining({ type: 'GetSocialRedirectUri', payload: { provider: 'github', returnTo: PAGE } })])
    expect(assigned).toEqual(['http://127.0.0.1:5555/authorize?provider=github'])
  })

  it('a provider page that is not http(s) is not followed: the form shows the error and nothing is kept', async () => {
    const { client, storage, $state } = setup((m) => (m.type === 'GetSocialRedirectUri' ? { uri: 'javascript:alert(1)' } : {}))
    await withFrame(client.social('github', null))
    expect(assigned).toEqual([])
    expect(storage.has(StoredKeys.telegramSocialProvider)).toBe(false)
    expect($state.get()).toMatchObject({ step: 'idle', error: 'An error occurred', failed: 'social' })
  })

  it('back on the page with the answer: ConnectSocial with it, the user connects, the answer leaves the URL', async () => {
    const { client, storage, connected, $state } = setup((m) => (m.type === 'GetUser' ? user : {}), {
      [StoredKeys.telegramSocialProvider]: 'github',
    })
    const replaced: string[] = []
    const back = `${PAGE}&${SOCIAL_RESULT_PARAM}=${encodeURIComponent(ANSWER)}`
    await withFrame(client.resumeSocial(back, (url) => void replaced.push(url)))
    expect(requests().map((m) => [m.type, m.payload])).toEqual([
      ['ConnectSocial', { uri: ANSWER }],
      ['GetUser', { namespace: 'eip155' }],
    ])
    expect(connected).toEqual(['eip155'])
    expect($state.get()).toMatchObject({ step: 'connected', userName: 'octo' })
    expect(replaced).toEqual([PAGE])
    expect(storage.has(StoredKeys.telegramSocialProvider)).toBe(false)
  })

  it('the rest of the address stays as written: bare keys, order, the fragment', async () => {
    const { client } = setup((m) => (m.type === 'GetUser' ? user : {}), { [StoredKeys.telegramSocialProvider]: 'github' })
    const replaced: string[] = []
    const back = `https://dapp.example/?auth&${SOCIAL_RESULT_PARAM}=${encodeURIComponent(ANSWER)}&socials=github,x#top`
    await withFrame(client.resumeSocial(back, (url) => void replaced.push(url)))
    expect(replaced).toEqual(['https://dapp.example/?auth&socials=github,x#top'])
  })

  it('an answer from anywhere but the secure site never reaches the frame', async () => {
    const { client, storage, $state } = setup(() => ({}), { [StoredKeys.telegramSocialProvider]: 'github' })
    const replaced: string[] = []
    const back = `${PAGE}&${SOCIAL_RESULT_PARAM}=${encodeURIComponent('https://evil.example/social/callback?code=1')}`
    await withFrame(client.resumeSocial(back, (url) => void replaced.push(url)))
    expect(requests()).toEqual([])
    expect(replaced).toEqual([PAGE])
    expect(storage.has(StoredKeys.telegramSocialProvider)).toBe(false)
    expect($state.get()).toMatchObject({ step: 'idle', error: 'An error occurred', failed: 'social' })
  })

  it.each([[undefined], ['farcaster'], [{ provider: 'github' }]])('a kept provider of %j does not resume the login', async (kept) => {
    const { client, storage } = setup(() => ({}), kept === undefined ? {} : { [StoredKeys.telegramSocialProvider]: kept })
    await withFrame(client.resumeSocial(`${PAGE}&${SOCIAL_RESULT_PARAM}=${encodeURIComponent(ANSWER)}`, () => undefined))
    expect(requests()).toEqual([])
    expect(storage.has(StoredKeys.telegramSocialProvider)).toBe(false)
  })

  it('a declined login (the secure site refuses the answer) returns to the form with the reason', async () => {
    const { client, connected, $state } = setup(
      (m) => {
        if (m.type === 'ConnectSocial') throw new Error('The login was declined')
        return {}
      },
      { [StoredKeys.telegramSocialProvider]: 'google' },
    )
    await withFrame(client.resumeSocial(`${PAGE}&${SOCIAL_RESULT_PARAM}=${encodeURIComponent(ANSWER)}`, () => undefined))
    expect(connected).toEqual([])
    expect($state.get()).toMatchObject({ step: 'idle', error: 'The login was declined', failed: 'social' })
  })
})
