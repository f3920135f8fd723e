// The page's own count of its requests to local servers, kept by an init script (a refused connection never reaches a
// server to be counted there).
import type { Page } from 'playwright-core'

/**
 * For an init script: counts the page's requests (fetch) to the given ports: how many were started, how many are
 * open (until the whole answer arrived or the request failed), and the JSON-RPC methods they asked.
 */
export function countRequests(ports: string[]) {
  const counts = { started: 0, open: 0, methods: [] as string[] }
  Object.assign(window, { __requests: counts })
  const fetch = window.fetch.bind(window)
  window.fetch = (input, init) => {
    const target = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, location.href)
    if (!ports.includes(target.port)) return fetch(input, init)
    counts.started++
    counts.open++
    try {
      const body = JSON.parse(String(init?.body))
      for (const call of Array.isArray(body) ? body : [body]) counts.methods.push(String(call?.method))
    } catch {
      counts.methods.push('?')
    }
    const done = () => void counts.open--
    return fetch(input, init).then(
      (response) => {
        response.clone().arrayBuffer().then(done, done)
        return response
      },
      (error) => {
        done()
        throw error
      },
    )
  }
}
export type Counts = { started: number; open: number; methods: string[] }
export const counted = (page: Page) => page.evaluate(() => (window as unknown as { __requests: Counts }).__requests)
