/**
 * A page as the frame code sees it, without a browser: `document.createElement('iframe')`, `body.append`, the
 * window's message listeners, and the frame's `postMessage`. `secureSite` answers what the frame receives.
 */
export interface Posted {
  message: { vestibule: string; id: string; type: string; payload: unknown }
  targetOrigin: string
}

export const SITE = 'http://127.0.0.1:4444'

export function fakeDom() {
  const listeners = new Set<(event: MessageEvent) => void>()
  const appended: Array<{ removed: boolean; src: string }> = []
  const posted: Posted[] = []
  let answer: ((message: Posted['message']) => void) | undefined
  const frameWindow = {
    postMessage(message: Posted['message'], targetOrigin: string) {
      posted.push({ message, targetOrigin })
      answer?.(message)
    },
  }
  const document = {
    createElement: () => {
      const el = {
        src: '',
        title: '',
        tabIndex: 0,
        style: { cssText: '' },
        removed: false,
        contentWindow: frameWindow,
        setAttribute() {},
        remove: () => void (el.removed = true),
      }
      return el
    },
    body: { append: (el: { removed: boolean; src: string }) => void appended.push(el) },
  }
  const window = {
    addEventListener: (_: string, fn: (event: MessageEvent) => void) => void listeners.add(fn),
    removeEventListener: (_: string, fn: (event: MessageEvent) => void) => void listeners.delete(fn),
  }
  /** Delivers a message event to the page, from the frame's window and origin unless told otherwise. */
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) =>
    listeners.forEach((fn) =>
      fn({ data, origin: from.origin ?? SITE, source: 'source' in from ? from.source : frameWindow } as MessageEvent),
    )
  return {
    document: document as unknown as Document,
    window: window as unknown as Window,
    frameWindow,
    appended,
    posted,
    listeners,
    deliver,
    /** The frame says it is ready. */
    ready: () => deliver({ vestibule: 'auth', type: 'ready' }),
    /** The secure site's answers: `reply(message)` returns a result payload (or a promise of one) or throws an error text. */
    secureSite(reply: (message: Posted['message']) => unknown) {
      const result = (message: Posted['message'], payload: unknown) =>
        deliver({ vestibule: 'auth', id: message.id, type: 'result', payload })
      const failure = (message: Posted['message'], error: unknown) =>
        deliver({ vestibule: 'auth', id: message.id, type: 'error', error: (error as Error).message })
      // A promise answers when it settles (a wait on the user, such as a sign-in link's approval).
      answer = (message) =>
        queueMicrotask(() => {
          try {
            const payload = reply(message)
            if (payload instanceof Promise)
              payload.then(
                (p) => result(message, p),
                (error) => failure(message, error),
              )
            else result(message, payload)
          } catch (error) {
            failure(message, error)
          }
        })
    },
  }
}
