/**
 * The embedded wallet's iframe: created on the first request, from the secure site's URL. Each message from it is
 * checked (its window, its origin, its shape), each answer matched to its request by id; requests wait until 500 ms
 * after the frame said it is ready, and each one fails after 30 000 ms without an answer (or its own wait, for one
 * that waits on the user). A late answer, a second answer or one with an unknown id changes nothing.
 */
import { CHANNEL, parseFrameMessage, type FrameRequests, type FrameRequestType } from './protocol.js'
import { AuthError, AuthErrorText, frameErrorText } from './errors.js'

/** How long a request waits for the frame's answer (loading included). */
export const FRAME_TIMEOUT_MS = 30_000
/** How long after the frame's "ready" the first request is sent (the frame finishes its own start-up). */
export const FRAME_READY_DELAY_MS = 500

export interface FrameOptions {
  /** The secure site's frame page; its origin is the only one answers are taken from. */
  url: string
  /** Told when a request timed out before the frame was ever ready (it did not load). */
  onLoadFailed?(): void
  /** Told when a request timed out while the frame was up. */
  onTimeout?(type: string): void
  document?: Document
  window?: Window
}

export interface RequestOptions {
  /**
   * A wait of its own instead of FRAME_TIMEOUT_MS, for a request that waits on the user (a sign-in link approved on
   * another device): when it runs out the request fails with `AuthErrorText.expired`, which is not a frame fault
   * (`onTimeout` is not told).
   */
  timeoutMs?: number
}

export interface Frame {
  request<T extends FrameRequestType>(type: T, payload: FrameRequests[T], options?: RequestOptions): Promise<unknown>
  /** Whether the iframe exists (it is created by the first request). */
  readonly mounted: boolean
  /** Rejects what is pending ("Request was aborted") and removes the iframe; the next request creates a new one. */
  destroy(): void
}

type Pending = { resolve(value: unknown): void; reject(error: Error): void; timer: ReturnType<typeof setTimeout>; type: string }

export function createFrame(options: FrameOptions): Frame {
  const doc = options.document ?? document
  const win = options.window ?? window
  const origin = new URL(options.url).origin
  let iframe: HTMLIFrameElement | undefined
  let ready = false
  let readyTimer: ReturnType<typeof setTimeout> | undefined
  let next = 0
  const pending = new Map<string, Pending>()
  const queue: Array<{ id: string; type: string; payload: unknown }> = []

  const post = (message: { id: string; type: string; payload: unknown }) =>
    iframe?.contentWindow?.postMessage({ vestibule: CHANNEL, ...message }, origin)

  const onMessage = (event: MessageEvent) => {
    if (!iframe || event.origin !== origin || event.source !== iframe.contentWindow) return
    const message = parseFrameMessage(event.data)
    if (!message) return
    if (message.kind === 'ready') {
      if (ready || readyTimer) return
      readyTimer = setTimeout(() => {
        ready = true
        queue.splice(0).forEach((m) => pending.has(m.id) && post(m))
      }, FRAME_READY_DELAY_MS)
      return
    }
    const waiting = pending.get(message.id)
    if (!waiting) return
    pending.delete(message.id)
    clearTimeout(waiting.timer)
    if (message.kind === 'result') waiting.resolve(message.payload)
    else waiting.reject(new AuthError(frameErrorText(message.error)))
  }

  const mount = () => {
    if (iframe) return
    iframe = doc.createElement('iframe')
    iframe.src = options.url
    iframe.title = 'Secure wallet'
    iframe.setAttribute('data-vestibule-auth', '')
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
    iframe.style.cssText = 'position:fixed;width:0;height:0;border:0;left:-9999px;top:0;visibility:hidden'
    win.addEventListener('message', onMessage)
    doc.body.append(iframe)
  }

  return {
    get mounted() {
      return iframe !== undefined
    },
    request(type, payload, requestOptions = {}) {
      mount()
      const id = `${Date.now().toString(36)}-${(next++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`
      const own = requestOptions.timeoutMs
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id)
          if (ready && own !== undefined) return reject(new AuthError(AuthErrorText.expired))
          if (ready) {
            reject(new AuthError(AuthErrorText.generic))
            return options.onTimeout?.(type)
          }
          // The frame never loaded: everything waiting for it fails alike, and the hook hears it once.
          reject(new AuthError(AuthErrorText.loadFailed))
          for (const [other, p] of pending) {
            clearTimeout(p.timer)
            pending.delete(other)
            p.reject(new AuthError(AuthErrorText.loadFailed))
          }
          options.onLoadFailed?.()
        }, own ?? FRAME_TIMEOUT_MS)
        pending.set(id, { resolve, reject, timer, type })
        const message = { id, type, payload }
        if (ready) post(message)
        else queue.push(message)
      })
    },
    destroy() {
      clearTimeout(readyTimer)
      readyTimer = undefined
      ready = false
      queue.length = 0
      for (const [id, p] of pending) {
        clearTimeout(p.timer)
        pending.delete(id)
        p.reject(new AuthError(AuthErrorText.aborted))
      }
      win.removeEventListener('message', onMessage)
      iframe?.remove()
      iframe = undefined
    },
  }
}
