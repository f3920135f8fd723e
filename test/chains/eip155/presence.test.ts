// An extension removed or disabled while connected sends no event: the EVM session searches the page for the wallet
// every 750 ms while the page is shown and, once it is gone, asks it its chain; no answer within 250 ms and it is
// reported disconnected. A wallet still in the page is asked nothing; one gone from the page that still answers stays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSession, PRESENCE_INTERVAL_MS, PRESENCE_TIMEOUT_MS } from '../../../chains/eip155/session.js'
import type { AdapterListener } from '../../../kernel/index.js'

const ADDRESS = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
let page: EventTarget & { ethereum?: unknown }
let visibility: 'visible' | 'hidden'

beforeEach(() => {
  vi.useFakeTimers()
  page = new EventTarget()
  visibility = 'visible'
  vi.stubGlobal('window', page)
  vi.stubGlobal('document', {
    get visibilityState() {
      return visibility
    },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A wallet announced through EIP-6963 that answers at once until it is removed, or made slow. */
function announcedWallet() {
  let answering = true
  const provider = {
    request: vi.fn(({ method }: { method: string }): Promise<unknown> => {
      if (!answering) return new Promise(() => undefined)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve([ADDRESS])
      if (method === 'eth_chainId') return Promise.resolve('0x1')
      if (method === 'personal_sign') return new Promise(() => undefined)
      return Promise.resolve(null)
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  }
  const announce = () =>
    page.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { rdns: 'dev.example' }, provider } }))
  page.addEventListener('eip6963:requestProvider', announce)
  return {
    provider,
    chainQuestions: () => provider.request.mock.calls.filter(([args]) => args.method === 'eth_chainId').length,
    /** Leaves the page (no more announcements) but keeps answering. */
    hide: () => page.removeEventListener('eip6963:requestProvider', announce),
    slow: () => void (answering = false),
    remove() {
      answering = false
      page.removeEventListener('eip6963:requestProvider', announce)
    },
  }
}

async function connected(wallet: ReturnType<typeof announcedWallet>) {
  const disconnected = vi.fn()
  const listener = { accountChanged: vi.fn(), networkChanged: vi.fn(), disconnected } as unknown as AdapterListener
  const session = createSession({ wallet: () => wallet.provider, listener: () => listener, waitForWallet: async () => true })
  await session.connect({ connectorId: 'dev.example' })
  return { session, disconnected }
}

describe('the connected EVM wallet goes away without an event', () => {
  it('removed from the page: disconnected 250 ms after the question it left unanswered, not a millisecond before', async () => {
    const wallet = announcedWallet()
    const { disconnected } = await connected(wallet)
    wallet.remove()
    await vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS - 1)
    expect(disconnected).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(disconnected).toHaveBeenCalledTimes(1)
    // Reported once; no more questions.
    const asked = wallet.chainQuestions()
    await vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 4)
    expect(disconnected).toHaveBeenCalledTimes(1)
    expect(wallet.chainQuestions()).toBe(asked)
  })

  it('still in the page: asked nothing, even when it would not answer', async () => {
    const wallet = announcedWallet()
    const { disconnected } = await connected(wallet)
    wallet.slow()
    const asked = wallet.chainQuestions()
    await vi.advanceTimersByTimeAsync((PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS) * 4)
    expect(wallet.chainQuestions()).toBe(asked)
    expect(disconnected).not.toHaveBeenCalled()
  })

  it('gone from the page but still answering (window.ethereum taken over): stays connected', async () => {
    const wallet = announcedWallet()
    const { disconnected } = await connected(wallet)
    wallet.hide()
    const asked = wallet.chainQuestions()
    await vi.advanceTimersByTimeAsync((PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS) * 4)
    expect(wallet.chainQuestions()).toBeGreaterThan(asked)
    expect(disconnected).not.toHaveBeenCalled()
  })

  it('a wallet the host or another plugin hands over (never in the page) is not watched, and asked nothing', async () => {
    const wallet = announcedWallet()
    wallet.hide()
    const { disconnected } = await connected(wallet)
    wallet.slow()
    const asked = wallet.chainQuestions()
    await vi.advanceTimersByTimeAsync((PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS) * 4)
    expect(wallet.chainQuestions()).toBe(asked)
    expect(disconnected).not.toHaveBeenCalled()
  })

  it('a hidden page is not searched; a destroyed session stops watching', async () => {
    const wallet = announcedWallet()
    const { session, disconnected } = await connected(wallet)
    visibility = 'hidden'
    wallet.remove()
    await vi.advanceTimersByTimeAsync((PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS) * 3)
    expect(disconnected).not.toHaveBeenCalled()
    visibility = 'visible'
    session.destroy()
    await vi.advanceTimersByTimeAsync((PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS) * 3)
    expect(disconnected).not.toHaveBeenCalled()
  })

  it('shown again after being hidden: the removal is noticed at the next search', async () => {
    const wallet = announcedWallet()
    const { disconnected } = await connected(wallet)
    visibility = 'hidden'
    wallet.remove()
    await vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS * 3)
    visibility = 'visible'
    await vi.advanceTimersByTimeAsync(PRESENCE_INTERVAL_MS + PRESENCE_TIMEOUT_MS)
    expect(disconnected).toHaveBeenCalledTimes(1)
  })
})
