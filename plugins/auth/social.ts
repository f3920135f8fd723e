/** The social login's popup: how its result comes back, and when it counts as closed. */

/** How often the popup is checked for having been closed by the user. */
export const POPUP_POLL_MS = 500

/**
 * Resolves with the URL the provider sent the user back to (posted by the secure site's callback page in the popup
 * as `{ vestibule: 'auth', type: 'social-callback', url }`), or undefined when the popup is closed first.
 * Messages from any other window or origin, or of another shape, are ignored.
 */
export function waitForSocial(popup: Window, origin: string, win: Window = window): Promise<string | undefined> {
  return new Promise((resolve) => {
    const done = (result: string | undefined) => {
      clearInterval(timer)
      win.removeEventListener('message', onMessage)
      resolve(result)
    }
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { vestibule?: unknown; type?: unknown; url?: unknown } | null
      if (event.origin !== origin || event.source !== popup) return
      if (data?.vestibule !== 'auth' || data.type !== 'social-callback' || typeof data.url !== 'string') return
      if (!data.url.startsWith(`${origin}/`) || data.url.length > 2048) return
      done(data.url)
    }
    const timer = setInterval(() => popup.closed && done(undefined), POPUP_POLL_MS)
    win.addEventListener('message', onMessage)
  })
}
