// The embedded wallet's frame: created on the first request only, requests sent 500 ms after "ready", answers
// taken only from the frame's window and origin and matched by id, 30 000 ms per request, the error texts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFrame, FRAME_READY_DELAY_MS, FRAME_TIMEOUT_MS } from '../../../plugins/auth/frame.js'
import { fakeDom, SITE } from './fake-dom.js'

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

const setup = (extra: { onLoadFailed?: () => void; onTimeout?: () => void } = {}) => {
  const dom = fakeDom()
  const frame = createFrame({ url: `${SITE}/frame?x=1`, document: dom.document, window: dom.window, ...extra })
  return { dom, frame }
}

/** A frame up and ready: a first request created it, "ready" came, 500 ms passed. */
async function ready(dom: ReturnType<typeof fakeDom>, frame: ReturnType<typeof createFrame>) {
  void frame.request('IsConnected', {}).catch(() => undefined)
  dom.ready()
  await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
  dom.posted.length = 0
}

const settled = async (promise: Promise<unknown>) => {
  let state = 'pending'
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  )
  await vi.advanceTimersByTimeAsync(0)
  return state
}

describe('auth frame', () => {
  it('creates no iframe until the first request, then one from the secure site URL', () => {
    const { dom, frame } = setup()
    expect(frame.mounted).toBe(false)
    expect(dom.appended).toHaveLength(0)
    expect(dom.listeners.size).toBe(0)
    void frame.request('IsConnected', {}).catch(() => undefined)
    expect(dom.appended.map((f) => f.src)).toEqual([`${SITE}/frame?x=1`])
    void frame.request('GetChainId', {}).catch(() => undefined)
    expect(dom.appended).toHaveLength(1)
  })

  it('sends requests 500 ms after the frame is ready, to its origin only', async () => {
    const { dom, frame } = setup()
    void frame.request('IsConnected', {}).catch(() => undefined)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(dom.posted).toHaveLength(0)
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS - 1)
    expect(dom.posted).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1)
    expect(dom.posted).toHaveLength(1)
    expect(dom.posted[0]).toMatchObject({ targetOrigin: SITE, message: { vestibule: 'auth', type: 'IsConnected' } })
    // A second "ready" does not send again.
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    expect(dom.posted).toHaveLength(1)
  })

  it('takes the answer with the request id from the frame; late, repeated, foreign or malformed ones change nothing', async () => {
    const { dom, frame } = setup()
    await ready(dom, frame)
    const first = frame.request('GetUser', {})
    const second = frame.request('GetChainId', {})
    const secondOutcome = second.catch((e: Error) => e.message)
    const [a, b] = dom.posted.map((p) => p.message.id)
    // Wrong origin, another window, wrong shapes, an unknown id: ignored.
    dom.deliver({ vestibule: 'auth', id: a, type: 'result', payload: 'evil' }, { origin: 'http://127.0.0.1:1' })
    dom.deliver({ vestibule: 'auth', id: a, type: 'result', payload: 'evil' }, { source: {} })
    dom.deliver({ vestibule: 'other', id: a, type: 'result', payload: 'evil' })
    dom.deliver({ vestibule: 'auth', id: a, type: 'error', error: 42 })
    dom.deliver({ vestibule: 'auth', id: `${a}<script>`, type: 'result', payload: 'evil' })
    dom.deliver('{"vestibule":"auth"}')
    dom.deliver({ vestibule: 'auth', id: 'unknown-id', type: 'result', payload: 'evil' })
    expect(await settled(first)).toBe('pending')
    dom.deliver({ vestibule: 'auth', id: a, type: 'result', payload: { ok: 1 } })
    await expect(first).resolves.toEqual({ ok: 1 })
    // A second answer to the same id, or an answer to a request that timed out, is ignored.
    dom.deliver({ vestibule: 'auth', id: a, type: 'error', error: 'An error occurred' })
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS)
    expect(await secondOutcome).toBe('An error occurred')
    dom.deliver({ vestibule: 'auth', id: b, type: 'result', payload: 'late' })
  })

  it('fails a request after 30 000 ms without an answer', async () => {
    const onTimeout = vi.fn()
    const { dom, frame } = setup({ onTimeout })
    await ready(dom, frame)
    const request = frame.request('GetUser', {})
    const outcome = request.catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS - 1)
    expect(await settled(request)).toBe('pending')
    expect(onTimeout).not.toHaveBeenCalledWith('GetUser')
    await vi.advanceTimersByTimeAsync(1)
    expect(await outcome).toBe('An error occurred')
    expect(onTimeout).toHaveBeenLastCalledWith('GetUser')
  })

  it('a frame that never becomes ready: "Unable to load email login dependency" after 30 000 ms for all that waits, and the load-failed hook once', async () => {
    const onLoadFailed = vi.fn()
    const { frame } = setup({ onLoadFailed })
    const first = frame.request('SyncDappData', { projectId: 'p', sdkVersion: 'v' }).catch((e: Error) => e.message)
    await vi.advanceTimersByTimeAsync(100)
    const request = frame.request('ConnectEmail', { email: 'a@b.co' })
    const outcome = request.catch((e: Error) => e.message)
    // 30 000 ms after the first request, every request fails, the later one too.
    await vi.advanceTimersByTimeAsync(FRAME_TIMEOUT_MS - 101)
    expect(onLoadFailed).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(await first).toBe('Unable to load email login dependency')
    expect(await outcome).toBe('Unable to load email login dependency')
    expect(onLoadFailed).toHaveBeenCalledOnce()
  })

  it('shows the known error texts as they are, markup as "An error occurred"', async () => {
    const { dom, frame } = setup()
    await ready(dom, frame)
    const texts = ['Unauthorized: origin not allowed', 'JWT Token is not yet valid', 'Invalid code', '<img src=x onerror=alert(1)>']
    const requests = texts.map(() => frame.request('GetUser', {}))
    dom.posted.forEach((p, i) => dom.deliver({ vestibule: 'auth', id: p.message.id, type: 'error', error: texts[i] }))
    const messages = await Promise.all(
      requests.map((r) =>
        r.then(
          () => '',
          (e: Error) => e.message,
        ),
      ),
    )
    expect(messages).toEqual(['Unauthorized: origin not allowed', 'JWT Token is not yet valid', 'Invalid code', 'An error occurred'])
  })

  it('destroy (sign out) aborts what is pending and removes the iframe; the next request makes a new one', async () => {
    const { dom, frame } = setup()
    const request = frame.request('GetUser', {})
    frame.destroy()
    await expect(request).rejects.toThrow('Request was aborted')
    expect(dom.appended[0]!.removed).toBe(true)
    expect(dom.listeners.size).toBe(0)
    expect(frame.mounted).toBe(false)
    void frame.request('GetUser', {}).catch(() => undefined)
    expect(dom.appended).toHaveLength(2)
  })
})
