// The embedded wallet's session code: the email rules (validity before the frame, 30 s between emails), a wrong
// code keeping the email, and the RPC rules of the EIP-1193 provider (read-only forwarded, approval, 300 ms refusal).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEventBus } from '../../../kernel/events.js'
import { createI18n } from '../../../kernel/i18n.js'
import { createViewRegistry } from '../../../kernel/views.js'
import { atom } from 'nanostores'
import { createClient, type AuthContext } from '../../../plugins/auth/client.js'
import { FRAME_READY_DELAY_MS, FRAME_TIMEOUT_MS } from '../../../plugins/auth/frame.js'
import { FARCASTER_LINK_MS } from '../../../plugins/auth/social-flow.js'
import { NOT_ALLOWED_DELAY_MS } from '../../../plugins/auth/eip1193.js'
import { INITIAL_STATE, type AuthState } from '../../../plugins/auth/state.js'
import { fakeDom, SITE, type Posted } from './fake-dom.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e90d17b2000'

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

function setup(reply: (m: Posted['message']) => unknown = () => ({})) {
  dom.secureSite(reply)
  const pushed: string[] = []
  const opened: string[] = []
  const connected: string[] = []
  const alerts: string[] = []
  const $modal = atom({ open: true, loading: {}, shake: false })
  const leaveHooks = new Map<string, () => void>()
  const views = createViewRegistry()
  const i18n = createI18n({ locale: 'en' })
  const ctx = {
    connection: {
      connect: async (_id: string, ns: string) => void connected.push(ns),
      setAccountFields: () => undefined,
      networkFor: () => ({ id: 31337 }),
    },
    chains: {
      list: () => [],
      get: () => ({
        addConnector: () => () => undefined,
        networks: [{ id: 31337, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }],
      }),
    },
    storage: { get: () => undefined, set: () => undefined, remove: () => undefined },
    router: {
      push: (view: string) => void pushed.push(view),
      goBack: () => true,
      onLeave: (view: string, hook: () => void) => (leaveHooks.set(view, hook), () => void leaveHooks.delete(view)),
    },
    views,
    i18n,
    feedback: { alert: (_id: string, text: string) => void alerts.push(text) },
    platform: { isTelegram: () => false },
    theme: atom({ mode: 'dark', variables: {} }),
    options: {},
    events: createEventBus(),
    state: { $modal },
    openModal: async (view: string) => (opened.push(view), $modal.set({ ...$modal.get(), open: true }), true),
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
  return { client, $state, pushed, opened, connected, alerts, $modal, views, i18n, leaveHooks }
}

/** Runs `job` while the frame comes up (ready after the first request, answers 500 ms later). */
async function withFrame<T>(job: Promise<T>) {
  dom.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  return job
}

describe('email login', () => {
  it.each([
    ['<b>x</b>@example.com'],
    ['a\u0007b@example.com'],
    ['a@example.com\n'],
    ['no-at-sign.example.com'],
    ['a@b'],
    ['"a"@example.com'],
  ])('refuses %j before anything reaches the frame', async (email) => {
    const { client, $state } = setup()
    await client.submitEmail(email)
    expect($state.get()).toMatchObject({ step: 'idle', error: 'Please enter a valid email' })
    expect(dom.appended).toHaveLength(0)
  })

  it('sends a valid email to the frame and shows the code view', async () => {
    const { client, $state, pushed } = setup((m) => (m.type === 'ConnectEmail' ? { action: 'VERIFY_OTP' } : {}))
    await withFrame(client.submitEmail('alice@example.com'))
    expect(dom.posted.map((p) => p.message.type)).toEqual(['SyncDappData', 'SyncTheme', 'ConnectEmail'])
    expect(dom.posted[2]!.message.payload).toEqual({ email: 'alice@example.com' })
    expect($state.get().step).toBe('otp')
    expect(pushed).toEqual(['EmailVerifyOtp'])
  })

  it('allows the next email 30 s after the last one: "Please try again after N seconds" before', async () => {
    const { client, $state } = setup()
    await withFrame(client.submitEmail('alice@example.com'))
    await vi.advanceTimersByTimeAsync(29_999 - FRAME_READY_DELAY_MS)
    await client.resend()
    expect($state.get().error).toBe('Please try again after 1 seconds')
    expect(dom.posted.filter((p) => p.message.type === 'ConnectEmail')).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    await client.resend()
    expect($state.get().error).toBeUndefined()
    expect(dom.posted.map((p) => p.message.type).filter((t) => t === 'ConnectEmail')).toEqual(['ConnectEmail', 'ConnectEmail'])
    await vi.advanceTimersByTimeAsync(10_000)
    await client.submitEmail('bob@example.com')
    expect($state.get().error).toBe('Please try again after 20 seconds')
  })

  it('a wrong code keeps the email and says so; the right one connects', async () => {
    const { client, $state, connected } = setup((m) => {
      if (m.type === 'ConnectOtp' && (m.payload as { otp: string }).otp !== '123456') throw new Error('Invalid code')
      if (m.type === 'GetUser') return { email: 'alice@example.com', accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
      return {}
    })
    await withFrame(client.submitEmail('alice@example.com'))
    await client.submitOtp('12345')
    expect($state.get().error).toBe('Please enter the 6-digit code')
    await client.submitOtp('000000')
    expect($state.get()).toMatchObject({ step: 'otp', email: 'alice@example.com', error: 'Invalid code' })
    await client.submitOtp('123456')
    expect($state.get()).toMatchObject({ step: 'connected', userName: 'alice@example.com' })
    expect(connected).toEqual(['eip155'])
  })
})

describe('the embedded wallet as an EIP-1193 provider', () => {
  it('refuses a method outside both lists with "Requested RPC call is not allowed" after 300 ms', async () => {
    const { client } = setup()
    let outcome: string | undefined
    void client.request('eip155', { method: 'eth_coinbase_secret' }).catch((e: Error) => (outcome = e.message))
    await vi.advanceTimersByTimeAsync(NOT_ALLOWED_DELAY_MS - 1)
    expect(outcome).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(outcome).toBe('Requested RPC call is not allowed')
    // Nothing reached the frame.
    expect(dom.appended).toHaveLength(0)
  })

  it('asks for approval before signing, sends to the frame only when approved, and a rejection is code 4001', async () => {
    const { client, $state, pushed } = setup((m) => {
      if (m.type === 'GetUser') return { accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
      if (m.type === 'RpcRequest') return '0xsigned'
      return {}
    })
    await withFrame(client.submitEmail('alice@example.com'))
    await client.submitOtp('123456')
    const declined = client
      .request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
      .catch((e: { message: string; code: number }) => [e.message, e.code])
    await vi.advanceTimersByTimeAsync(0)
    expect(pushed.at(-1)).toBe('ApproveTransaction')
    expect($state.get().approval).toMatchObject({ method: 'personal_sign' })
    client.answer(false)
    expect(await declined).toEqual(['Signature declined', 4001])
    expect(dom.posted.some((p) => p.message.type === 'RpcRequest')).toBe(false)
    const signed = client.request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await vi.advanceTimersByTimeAsync(0)
    client.answer(true)
    expect(await signed).toBe('0xsigned')
    expect(dom.posted.find((p) => p.message.type === 'RpcRequest')?.message.payload).toEqual({
      namespace: 'eip155',
      chainId: 'eip155:31337',
      method: 'personal_sign',
      params: ['0x6869', ADDRESS],
    })
  })
  it('a request made while the modal is closed opens it on the approval; an open modal shows it over the current view', async () => {
    const { client, pushed, opened, $modal } = setup((m) => {
      if (m.type === 'GetUser') return { accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
      if (m.type === 'RpcRequest') return '0xsigned'
      return {}
    })
    await withFrame(client.submitEmail('alice@example.com'))
    await client.submitOtp('123456')
    $modal.set({ ...$modal.get(), open: false })
    const pushedBefore = pushed.length
    const signed = client.request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await vi.advanceTimersByTimeAsync(0)
    expect(opened).toEqual(['ApproveTransaction'])
    expect(pushed).toHaveLength(pushedBefore)
    client.answer(true)
    expect(await signed).toBe('0xsigned')
    // Open now: the next request is pushed, nothing is opened again.
    const again = client.request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await vi.advanceTimersByTimeAsync(0)
    expect(opened).toEqual(['ApproveTransaction'])
    expect(pushed.at(-1)).toBe('ApproveTransaction')
    client.answer(true)
    await again
  })
})

describe('the approval view', () => {
  it('is registered with the session code, headed by what is approved; leaving it declines the request, not the answer given', async () => {
    const { client, views, leaveHooks } = setup((m) =>
      m.type === 'GetUser' ? { accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } } : m.type === 'RpcRequest' ? '0xsigned' : {},
    )
    const title = views.get('ApproveTransaction')?.title as (data: unknown) => string
    expect([
      title({ kind: 'message' }),
      title({ kind: 'signTransaction' }),
      title({ kind: 'send' }),
      title({ kind: 'constructor' }),
      title(undefined),
    ]).toEqual(['Sign message', 'Sign transaction', 'Approve Transaction', 'Approve Transaction', 'Approve Transaction'])
    await withFrame(client.submitEmail('alice@example.com'))
    await client.submitOtp('123456')
    const declined = client
      .request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
      .catch((e: { message: string }) => e.message)
    await vi.advanceTimersByTimeAsync(0)
    leaveHooks.get('ApproveTransaction')?.()
    expect(await declined).toBe('Signature declined')
    // The view's Approve answers through the loaded session a microtask after its click leaves the view: it stands.
    const approved = client.request('eip155', { method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await vi.advanceTimersByTimeAsync(0)
    void Promise.resolve().then(() => client.answer(true))
    leaveHooks.get('ApproveTransaction')?.()
    expect(await approved).toBe('0xsigned')
    client.destroy()
    expect(leaveHooks.has('ApproveTransaction')).toBe(false)
  })
})

describe('farcaster', () => {
  it('leaving the QR code clears the link and reloads the frame 100 ms later; the abandoned wait changes nothing', async () => {
    let release: (() => void) | undefined
    const { client, $state } = setup((m) => {
      if (m.type === 'GetFarcasterUri') return { url: 'http://127.0.0.1:5555/farcaster?channel=1' }
      if (m.type === 'ConnectFarcaster') return new Promise<void>((r) => (release = r))
      return {}
    })
    const flow = withFrame(client.farcaster())
    await vi.advanceTimersByTimeAsync(0)
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterUrl: 'http://127.0.0.1:5555/farcaster?channel=1' })
    client.leaveFarcaster()
    expect($state.get()).toMatchObject({ step: 'idle', farcasterUrl: undefined })
    await vi.advanceTimersByTimeAsync(99)
    expect(dom.posted.map((p) => p.message.type)).not.toContain('Reload')
    await vi.advanceTimersByTimeAsync(1)
    expect(dom.posted.map((p) => p.message.type)).toContain('Reload')
    release?.()
    await flow
    expect($state.get().step).toBe('idle')
  })
})

describe('farcaster link lifetime', () => {
  const approving = () => {
    let approve: (() => void) | undefined
    const reply = (m: Posted['message']) => {
      if (m.type === 'GetFarcasterUri') return { url: 'http://127.0.0.1:5555/farcaster?channel=1' }
      if (m.type === 'ConnectFarcaster') return new Promise<object>((r) => (approve = () => r({})))
      if (m.type === 'GetUser')
        return { userName: 'fc-user', socialProvider: 'farcaster', accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
      return {}
    }
    return { reply, approve: () => approve?.() }
  }

  it("the link waits past the frame's 30 s answer time: approved after a minute, the user is signed in", async () => {
    const wallet = approving()
    const { client, $state, connected, alerts } = setup(wallet.reply)
    const flow = withFrame(client.farcaster())
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS + 30_000)
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterUrl: 'http://127.0.0.1:5555/farcaster?channel=1', error: undefined })
    expect(alerts).toEqual([])
    wallet.approve()
    await flow
    expect($state.get().step).toBe('connected')
    expect(connected).toEqual(['eip155'])
  })

  it('at the link\'s end its QR code goes and "expired" shows; a late approval changes nothing; a new link starts afresh', async () => {
    const wallet = approving()
    const { client, $state, connected } = setup(wallet.reply)
    const flow = withFrame(client.farcaster())
    await vi.advanceTimersByTimeAsync(FARCASTER_LINK_MS - 1)
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterUrl: 'http://127.0.0.1:5555/farcaster?channel=1' })
    expect($state.get().farcasterExpired).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    await flow
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterUrl: undefined, farcasterExpired: true, error: undefined })
    // The frame stops waiting on that link.
    expect(dom.posted.map((p) => p.message.type)).toContain('Reload')
    wallet.approve()
    await vi.advanceTimersByTimeAsync(0)
    expect(connected).toEqual([])
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterExpired: true })
    // "Get a new link": a fresh link is asked for and shown.
    const again = client.farcaster()
    expect($state.get().farcasterExpired).toBeUndefined()
    await vi.advanceTimersByTimeAsync(0)
    expect($state.get()).toMatchObject({ step: 'farcaster', farcasterUrl: 'http://127.0.0.1:5555/farcaster?channel=1' })
    expect(dom.posted.filter((p) => p.message.type === 'GetFarcasterUri')).toHaveLength(2)
    wallet.approve()
    await again
    expect($state.get().step).toBe('connected')
  })
})

describe('update email', () => {
  it('sends a code to the new address (same 30 s rule, same validity check) and confirms it with its own code', async () => {
    const { client, $state, pushed } = setup((m) => {
      if (m.type === 'GetUser') return { email: 'alice@example.com', accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }] } }
      if (m.type === 'UpdateEmailOtp' && (m.payload as { otp: string }).otp !== '654321') throw new Error('Invalid code')
      return {}
    })
    await withFrame(client.submitEmail('alice@example.com'))
    await client.submitOtp('123456')
    await client.updateEmail('<i>new</i>@example.com')
    expect($state.get().error).toBe('Please enter a valid email')
    await client.updateEmail('alice.new@example.com')
    expect($state.get().error).toMatch(/^Please try again after \d+ seconds$/)
    await vi.advanceTimersByTimeAsync(30_000)
    await client.updateEmail('alice.new@example.com')
    expect($state.get()).toMatchObject({ step: 'otp', updatingEmail: 'alice.new@example.com', email: 'alice@example.com' })
    expect(pushed.at(-1)).toBe('EmailVerifyOtp')
    await client.submitOtp('111111')
    expect($state.get()).toMatchObject({ step: 'otp', updatingEmail: 'alice.new@example.com', error: 'Invalid code' })
    await client.submitOtp('654321')
    expect($state.get()).toMatchObject({ step: 'connected', email: 'alice.new@example.com', updatingEmail: undefined })
    expect(dom.posted.filter((p) => p.message.type === 'UpdateEmail').map((p) => p.message.payload)).toEqual([
      { email: 'alice.new@example.com' },
    ])
  })
})

describe('the embedded wallet as a Wallet Standard wallet (solana)', () => {
  const SOLANA = '5ezco89w4JoYGMYYdp6huasPnmSnAReZudGYMVaAi4fu'
  it('connects with the user account (its public key decoded), and signs only what the user approved', async () => {
    const { client, $state, pushed } = setup((m) => {
      if (m.type === 'GetUser')
        return { accounts: { eip155: [{ address: ADDRESS, type: 'eoa' }], solana: [{ address: SOLANA, type: 'eoa' }] } }
      if (m.type === 'RpcRequest') return { signature: btoa(String.fromCharCode(...new Uint8Array(64).fill(9))) }
      return {}
    })
    await expect(client.solana.connect()).rejects.toThrow('Sign in with email or a social account first')
    await withFrame(client.submitEmail('sol@example.com'))
    await client.submitOtp('123456')
    const { accounts } = await client.solana.connect()
    expect(accounts[0]!.address).toBe(SOLANA)
    expect(accounts[0]!.publicKey).toHaveLength(32)
    const { decodeBase58 } = await import('../../../plugins/auth/wallet-standard.js')
    expect(decodeBase58('11')).toEqual(new Uint8Array([0, 0]))
    expect(decodeBase58('2g')).toEqual(new Uint8Array([97]))
    const declined = client.solana
      .signMessage([{ message: new TextEncoder().encode('hi') }])
      .catch((e: { message: string; code: number }) => [e.message, e.code])
    await vi.advanceTimersByTimeAsync(0)
    expect(pushed.at(-1)).toBe('ApproveTransaction')
    expect($state.get().approval).toMatchObject({ namespace: 'solana', method: 'solana_signMessage', params: ['hi'] })
    client.answer(false)
    expect(await declined).toEqual(['Signature declined', 4001])
    const signed = client.solana.signMessage([{ message: new TextEncoder().encode('hi') }])
    await vi.advanceTimersByTimeAsync(0)
    client.answer(true)
    expect((await signed)[0]!.signature).toEqual(new Uint8Array(64).fill(9))
  })
})

describe('social login', () => {
  it('takes only google, github, apple, facebook, x or discord through a popup; anything else never reaches the frame', async () => {
    const { client, $state } = setup()
    const popup = {
      closed: false,
      close() {
        this.closed = true
      },
      location: { href: '' },
    }
    await client.social('myspace', popup as unknown as Window)
    expect($state.get()).toMatchObject({ step: 'idle', error: 'Action not allowed' })
    expect(popup.closed).toBe(true)
    expect(dom.appended).toHaveLength(0)
  })

  it('a blocked popup returns to the form with the reason', async () => {
    const { client, $state } = setup()
    await client.social('github', null)
    expect($state.get()).toMatchObject({ step: 'idle', error: 'The login window was blocked. Allow pop-ups and try again.' })
    expect(dom.appended).toHaveLength(0)
  })
})
