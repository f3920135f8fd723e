// What `npm start` prints about the demo app: every page the sandbox serves and every query mode the main page
// reads, so a new page or mode cannot go unmentioned.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { describePages } from '../../sandbox/pages.mjs'

const source = (file: string) => readFileSync(new URL(`../../sandbox/${file}`, import.meta.url), 'utf8')
/** Queries that wire the sandbox's own tests (another relay, secure site or project id), not modes to try. */
const PLUMBING = new Set(['projectId', 'secureSite', 'wcRelay'])

describe('the demo pages npm start prints', () => {
  const text = describePages('http://127.0.0.1:5173/')

  it('lists every page the sandbox serves, as a full URL with what it shows', () => {
    const routes = [...source('server.mjs').matchAll(/url\.pathname === '(\/[a-z-]*)'/g)]
      .map((m) => m[1]!)
      .filter((p) => !/\.(css|js|html)$/.test(p))
    expect(routes.length).toBeGreaterThan(8)
    for (const route of [...routes, '/mobile-wallet'])
      expect(text).toMatch(new RegExp(`^  http://127\\.0\\.0\\.1:5173${route}\\s+\\S`, 'm'))
    expect(text).toContain('http://127.0.0.1:5173/headless  ')
  })

  it('lists every query mode the main page reads', () => {
    const queries = new Set(
      [...source('app/main.tsx').matchAll(/query\.(?:get|has)\('([A-Za-z]+)'\)|ids\('([a-z]+)'/g)].map((m) => (m[1] ?? m[2])!),
    )
    for (const name of ['allWallets']) queries.add(name)
    const modes = text.slice(text.indexOf('Query modes'))
    for (const name of queries) if (!PLUMBING.has(name)) expect(modes, name).toMatch(new RegExp(`[?&]${name}\\b`))
  })
})
