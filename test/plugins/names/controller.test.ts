// The registration form's controller: suggestions asked once typing rests 300 ms (fake timers at the boundary), an
// answer for an older input never shown, availability from the typed name's suggestion, and registering: the signed
// message, the coin type, success, and each failure back on the form with the API's reason preferred.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HttpError } from '../../../kernel/http.js'
import { createRegisterController, SUGGESTIONS_DEBOUNCE_MS, type RegisterDeps } from '../../../plugins/names/controller.js'

const ZONE = 'sandbox.id'
const ADDRESS = '0x1111111111111111111111111111111111111111'
const NOW = 1_800_000_000_000

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)))
  return { promise, resolve, reject }
}

function setup(overrides: Partial<RegisterDeps> = {}) {
  const deps = {
    zone: ZONE,
    account: vi.fn<RegisterDeps['account']>(() => ({ address: ADDRESS, chainId: 31337 })),
    suggestions: vi.fn<RegisterDeps['suggestions']>(async (label) => ({
      suggestions: [
        { name: `${label}.${ZONE}`, registered: false },
        { name: `${label}-id.${ZONE}`, registered: true },
      ],
    })),
    signMessage: vi.fn<RegisterDeps['signMessage']>(async () => '0xsigned'),
    post: vi.fn<RegisterDeps['post']>(async () => ({ success: true })),
    registered: vi.fn<RegisterDeps['registered']>(),
    succeeded: vi.fn<RegisterDeps['succeeded']>(),
    now: () => NOW,
    ...overrides,
  }
  const controller = createRegisterController(deps)
  return { deps, controller, state: () => controller.$state.get() }
}

beforeEach(() => void vi.useFakeTimers())
afterEach(() => void vi.useRealTimers())

describe('suggestions', () => {
  it(`asked once typing rests ${SUGGESTIONS_DEBOUNCE_MS} ms: none at ${SUGGESTIONS_DEBOUNCE_MS - 1} ms, one at ${SUGGESTIONS_DEBOUNCE_MS} ms, for the last input`, async () => {
    const { deps, controller, state } = setup()
    controller.setInput('caro')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS - 1)
    controller.setInput('Carol')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS - 1)
    expect(deps.suggestions).not.toHaveBeenCalled()
    expect(state().lookup).toBe('loading')
    await vi.advanceTimersByTimeAsync(1)
    expect(deps.suggestions).toHaveBeenCalledTimes(1)
    expect(deps.suggestions).toHaveBeenCalledWith('carol')
    expect(state()).toMatchObject({
      input: 'carol',
      label: 'carol',
      lookup: 'ready',
      availability: 'available',
      suggestions: [{ name: `carol-id.${ZONE}`, registered: true }],
    })
  })

  it('a label that reads as an address is refused at once: no suggestions asked, nothing to register', async () => {
    const { deps, controller, state } = setup()
    controller.setInput(`0x${'A'.repeat(40)}`)
    expect(state()).toMatchObject({ label: `0x${'a'.repeat(40)}`, problem: 'addressLike', lookup: 'idle' })
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    await controller.submit()
    expect(deps.suggestions).not.toHaveBeenCalled()
    expect(deps.signMessage).not.toHaveBeenCalled()
    expect(deps.post).not.toHaveBeenCalled()
  })

  it('an answer for an older input is never shown, even when it comes last', async () => {
    const first = deferred<unknown>()
    const second = deferred<unknown>()
    const suggestions = vi.fn<RegisterDeps['suggestions']>().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise)
    const { controller, state } = setup({ suggestions })
    controller.setInput('alice')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    controller.setInput('carol')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    second.resolve({ suggestions: [{ name: `carol.${ZONE}`, registered: false }] })
    await vi.advanceTimersByTimeAsync(0)
    first.resolve({
      suggestions: [
        { name: `alice.${ZONE}`, registered: true },
        { name: `alice-id.${ZONE}`, registered: false },
      ],
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(state()).toMatchObject({ label: 'carol', availability: 'available', suggestions: [] })
  })

  it('a label outside the rule is not looked up and says why', async () => {
    const { deps, controller, state } = setup()
    controller.setInput('abc')
    expect(state().problem).toBe('short')
    controller.setInput('ab_cd')
    expect(state().problem).toBe('characters')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS * 2)
    expect(deps.suggestions).not.toHaveBeenCalled()
    expect(state().lookup).toBe('idle')
  })

  it('a taken name says so and is not registered', async () => {
    const { deps, controller, state } = setup({ suggestions: async () => ({ suggestions: [{ name: `alice.${ZONE}`, registered: true }] }) })
    controller.setInput('alice')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    expect(state().availability).toBe('taken')
    await controller.submit()
    expect(deps.signMessage).not.toHaveBeenCalled()
    expect(state().error).toEqual({ key: 'names.taken', values: { name: `alice.${ZONE}` } })
  })

  it('a failure or a wrong shape is "Error fetching name suggestions"; markup in an answer is never kept', async () => {
    const { controller, state } = setup({
      suggestions: async () => ({ suggestions: [{ name: '<img src=x>.sandbox.id', registered: false }] }),
    })
    controller.setInput('carol')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    expect(state()).toMatchObject({ lookup: 'ready', suggestions: [], availability: 'unknown' })
    for (const suggestions of [
      async () => Promise.reject(new HttpError(500)),
      async () => '<html>',
      async () => ({ suggestions: 'carol' }),
    ]) {
      const other = setup({ suggestions })
      other.controller.setInput('carol')
      await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
      expect(other.state().lookup).toBe('failed')
    }
  })
})

describe('registering', () => {
  async function typed(overrides: Partial<RegisterDeps> = {}) {
    const made = setup(overrides)
    made.controller.setInput('Carol')
    await vi.advanceTimersByTimeAsync(SUGGESTIONS_DEBOUNCE_MS)
    return made
  }

  it('signs the JSON message (name, address, attributes, Unix seconds) and posts it with the coin type; success is told', async () => {
    const { deps, controller, state } = await typed()
    await controller.submit()
    const message = JSON.stringify({ name: `carol.${ZONE}`, address: ADDRESS, attributes: {}, timestamp: NOW / 1000 })
    expect(deps.signMessage).toHaveBeenCalledWith(message)
    expect(deps.post).toHaveBeenCalledWith({ coin_type: 0x80000000 + 31337, address: ADDRESS, message, signature: '0xsigned' })
    expect(deps.registered).toHaveBeenCalledWith(ADDRESS, `carol.${ZONE}`)
    expect(deps.succeeded).toHaveBeenCalledWith(`carol.${ZONE}`)
    expect(state()).toMatchObject({ status: 'done', registered: `carol.${ZONE}`, input: '' })
  })

  it('the API\'s reason is preferred; without one, "Error registering name {name}"; the form keeps the name', async () => {
    const body = JSON.stringify({ reasons: [{ description: 'Name carol.sandbox.id is taken' }] })
    const withReason = await typed({ post: async () => Promise.reject(new HttpError(409, body)) })
    await withReason.controller.submit()
    expect(withReason.state()).toMatchObject({
      status: 'editing',
      label: 'carol',
      error: { key: 'names.reason', values: { reason: 'Name carol.sandbox.id is taken' } },
    })
    expect(withReason.deps.succeeded).not.toHaveBeenCalled()
    for (const post of [
      async () => Promise.reject(new HttpError(500, '<html>down</html>')),
      async () => ({ success: false }),
      async () => null,
      async () => '<b>ok</b>',
    ]) {
      const other = await typed({ post })
      await other.controller.submit()
      expect(other.state()).toMatchObject({
        status: 'editing',
        label: 'carol',
        error: { key: 'names.failed', values: { name: `carol.${ZONE}` } },
      })
      expect(other.deps.registered).not.toHaveBeenCalled()
    }
  })

  it('a declined signature says so and posts nothing; another wallet failure is "Error registering name"', async () => {
    const declined = await typed({
      signMessage: async () => Promise.reject(Object.assign(new Error('User rejected the request.'), { code: 4001 })),
    })
    await declined.controller.submit()
    expect(declined.state().error).toEqual({ key: 'names.declined' })
    expect(declined.deps.post).not.toHaveBeenCalled()
    const broken = await typed({ signMessage: async () => Promise.reject(new Error('boom')) })
    await broken.controller.submit()
    expect(broken.state().error).toEqual({ key: 'names.failed', values: { name: `carol.${ZONE}` } })
  })

  it('without an eligible account: "Address or auth connector not found", no signature asked', async () => {
    const { deps, controller, state } = await typed({ account: () => undefined })
    await controller.submit()
    expect(state().error).toEqual({ key: 'names.notEligible', values: { reason: 'Address or auth connector not found' } })
    expect(deps.signMessage).not.toHaveBeenCalled()
  })

  it('a chain id of 2^31 is "Invalid chainId" before any signature; 2^31 - 1 registers', async () => {
    const invalid = await typed({ account: () => ({ address: ADDRESS, chainId: 2147483648 }) })
    await invalid.controller.submit()
    expect(invalid.state().error).toEqual({ key: 'names.reason', values: { reason: 'Invalid chainId' } })
    expect(invalid.deps.signMessage).not.toHaveBeenCalled()
    const last = await typed({ account: () => ({ address: ADDRESS, chainId: 2147483647 }) })
    await last.controller.submit()
    expect(last.deps.post).toHaveBeenCalledWith(expect.objectContaining({ coin_type: 4294967295 }))
  })

  it('one registration at a time; input is held while it runs; a reset meanwhile hides its outcome', async () => {
    const signing = deferred<string>()
    const { deps, controller, state } = await typed({ signMessage: vi.fn(() => signing.promise) })
    const running = controller.submit()
    expect(state().status).toBe('signing')
    void controller.submit()
    controller.setInput('other')
    expect(deps.signMessage).toHaveBeenCalledTimes(1)
    expect(state().label).toBe('carol')
    controller.reset()
    signing.reject(new Error('gone'))
    await running
    expect(state()).toMatchObject({ status: 'editing', label: '' })
    expect(state().error).toBeUndefined()
  })
})
