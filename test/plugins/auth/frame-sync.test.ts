// What the frame learns about the page after it exists: a theme the host changes (setThemeMode,
// setThemeVariables) is sent as SyncTheme to a frame that is up, never to one that is not; a frame made later
// starts with the theme of that moment. The connect-device message is part of the protocol the frame speaks.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createI18n } from '../../../kernel/i18n.js'
import { createViewRegistry } from '../../../kernel/views.js'
import { atom } from 'nanostores'
import { createClient, type AuthContext } from '../../../plugins/auth/client.js'
import { createFrame, FRAME_READY_DELAY_MS } from '../../../plugins/auth/frame.js'
import { INITIAL_STATE, type AuthState } from '../../../plugins/auth/state.js'
import type { FrameRequestType } from '../../../plugins/auth/protocol.js'
import { fakeDom, SITE } from './fake-dom.js'

type Theme = { mode: 'dark' | 'light' | 'system'; variables: Record<string, string> }

let dom: ReturnType<typeof fakeDom>
beforeEach(() => {
  vi.useFakeTimers()
  dom = fakeDom()
  vi.stubGlobal('document', dom.document)
  vi.stubGlobal('window', dom.window)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function setup() {
  dom.secureSite((m) => (m.type === 'IsConnected' ? { isConnected: false } : {}))
  const theme = atom<Theme>({ mode: 'dark', variables: { '--vb-accent': '#336699' } })
  const ctx = {
    connection: { connect: async () => undefined, setAccountFields: () => undefined },
    chains: { get: () => undefined },
    storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
    router: { push: () => undefined, goBack: () => true, onLeave: () => () => undefined },
    feedback: { alert: () => undefined },
    platform: { isTelegram: () => false },
    theme,
    options: { projectId: 'p1', sdkVersion: 'html-core-1.0.0', metadata: { name: 'Dapp', url: 'https://dapp.example' } },
    events: { emit: () => undefined, on: () => () => undefined },
    views: createViewRegistry(),
    i18n: createI18n(),
    state: {},
  } as unknown as AuthContext
  const client = createClient({
    ctx,
    url: `${SITE}/frame`,
    $state: atom<AuthState>(INITIAL_STATE) as never,
    addConnectors: () => undefined,
    supports: () => true,
    emit: () => undefined,
  })
  return { client, theme }
}

const sent = (type: string) => dom.posted.filter((p) => p.message.type === type).map((p) => p.message.payload)

/** Starts the frame with a first request and lets it come up. */
async function bringUp(client: ReturnType<typeof setup>['client']) {
  const job = client.request('eip155', { method: 'eth_accounts' }).catch(() => undefined)
  dom.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  return job
}

describe('theme sync', () => {
  it('sends nothing while there is no frame', async () => {
    const { theme } = setup()
    theme.set({ mode: 'light', variables: {} })
    await vi.advanceTimersByTimeAsync(1000)
    expect(dom.appended).toHaveLength(0)
    expect(dom.posted).toHaveLength(0)
  })

  it('a new frame first gets the dapp data and the theme of that moment, in that order', async () => {
    const { client, theme } = setup()
    theme.set({ mode: 'light', variables: { '--vb-accent': '#aa0000' } })
    const job = client.request('eip155', { method: 'eth_accounts' }).catch(() => undefined)
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await job
    const types = dom.posted.map((p) => p.message.type)
    expect(types.slice(0, 2)).toEqual(['SyncDappData', 'SyncTheme'])
    expect(sent('SyncDappData')).toEqual([
      { projectId: 'p1', sdkVersion: 'html-core-1.0.0', metadata: { name: 'Dapp', url: 'https://dapp.example' } },
    ])
    expect(sent('SyncTheme')).toEqual([{ themeMode: 'light', themeVariables: { '--vb-accent': '#aa0000' } }])
  })

  it('each change of mode or variables while the frame is up is sent as SyncTheme; none after the frame is gone', async () => {
    const { client, theme } = setup()
    const job = client.request('eip155', { method: 'eth_accounts' }).catch(() => undefined)
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await job
    expect(sent('SyncTheme')).toEqual([{ themeMode: 'dark', themeVariables: { '--vb-accent': '#336699' } }])
    theme.set({ mode: 'light', variables: { '--vb-accent': '#336699' } })
    await vi.advanceTimersByTimeAsync(0)
    theme.set({ mode: 'light', variables: { '--vb-accent': '#00ff00', '--vb-radius': '4px' } })
    await vi.advanceTimersByTimeAsync(0)
    expect(sent('SyncTheme')).toEqual([
      { themeMode: 'dark', themeVariables: { '--vb-accent': '#336699' } },
      { themeMode: 'light', themeVariables: { '--vb-accent': '#336699' } },
      { themeMode: 'light', themeVariables: { '--vb-accent': '#00ff00', '--vb-radius': '4px' } },
    ])
    // The dapp data is sent once per frame: no host call changes it.
    expect(sent('SyncDappData')).toHaveLength(1)
    client.destroy()
    await vi.advanceTimersByTimeAsync(0)
    const before = dom.posted.length
    theme.set({ mode: 'system', variables: {} })
    await vi.advanceTimersByTimeAsync(1000)
    expect(dom.posted).toHaveLength(before)
  })

  it('after sign-out (no frame) a change waits for the next frame, which starts with it', async () => {
    const { client, theme } = setup()
    await bringUp(client)
    const first = dom.appended.length
    expect(first).toBeGreaterThan(0)
    expect(dom.appended.at(-1)?.removed).toBe(false)
    await client.signOut()
    expect(dom.appended.every((f) => f.removed)).toBe(true)
    const before = dom.posted.length
    theme.set({ mode: 'light', variables: {} })
    await vi.advanceTimersByTimeAsync(0)
    expect(dom.posted).toHaveLength(before)
    const job = client.request('eip155', { method: 'eth_accounts' }).catch(() => undefined)
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await job
    expect(sent('SyncTheme').at(-1)).toEqual({ themeMode: 'light', themeVariables: {} })
  })
})

describe('connect device', () => {
  it('is a request of the protocol: posted to the secure site as ConnectDevice and answered by id', async () => {
    dom.secureSite((m) => (m.type === 'ConnectDevice' ? { approved: true } : undefined))
    const frame = createFrame({ url: `${SITE}/frame` })
    const type: FrameRequestType = 'ConnectDevice'
    const answer = frame.request(type, {})
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await expect(answer).resolves.toEqual({ approved: true })
    expect(dom.posted.map((p) => [p.message.type, p.targetOrigin])).toEqual([['ConnectDevice', SITE]])
    frame.destroy()
  })
})
