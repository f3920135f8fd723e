// A clean install on the oldest Node the README names: every package the lock file installs (optional ones aside,
// npm skips those it cannot use) accepts that Node version in its `engines`, so `npm install` warns of none.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/** The oldest Node the README's quick start names. */
const README_NODE = /\(fresh machine, Node (\d+\.\d+)\+/.exec(readFileSync('README.md', 'utf8'))?.[1]
const OLDEST = `${README_NODE}.0`

type Version = [number, number, number]
const parse = (text: string): { v: Version; given: number } => {
  const parts = text
    .replace(/^v/, '')
    .split('.')
    .filter((p) => p !== '' && p !== 'x' && p !== '*')
  const v = [0, 1, 2].map((i) => Number.parseInt(parts[i] ?? '0', 10)) as Version
  return { v, given: parts.length }
}
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** Whether `version` satisfies an npm `engines` range (the comparator forms the lock file uses). */
function satisfies(version: string, range: string): boolean {
  const v = parse(version).v
  return range.split('||').some((alternative) => {
    const comparators = alternative
      .trim()
      .replace(/(>=|<=|>|<|=)\s+/g, '$1')
      .split(/\s+/)
      .filter(Boolean)
    return comparators.every((c) => {
      const [, op = '', rest = ''] = /^(>=|<=|>|<|=|\^|~)?(.*)$/.exec(c) ?? []
      if (rest === '*' || rest === '') return true
      const { v: r, given } = parse(rest)
      const d = compare(v, r)
      if (op === '>=') return d >= 0
      if (op === '>') return d > 0
      if (op === '<=') return d <= 0
      if (op === '<') return d < 0
      if (op === '^') return d >= 0 && v[0] === r[0] && (r[0] > 0 || v[1] === r[1])
      if (op === '~') return d >= 0 && v[0] === r[0] && (given < 2 || v[1] === r[1])
      return v.slice(0, given).every((n, i) => n === r[i])
    })
  })
}

describe('engines', () => {
  it('the range reader: the forms the lock file holds', () => {
    expect(satisfies('20.19.0', '>=22.12.0')).toBe(false)
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true)
    expect(satisfies('20.18.3', '^20.19.0 || >=22.12.0')).toBe(false)
    expect(satisfies('20.19.0', '^22.18.0 || >=24.11.0')).toBe(false)
    expect(satisfies('20.19.0', '20 || >=22')).toBe(true)
    expect(satisfies('20.19.0', '>= 12')).toBe(true)
    expect(satisfies('20.19.0', '4.x || >=6.0.0')).toBe(true)
    expect(satisfies('20.19.0', '>=16.0.0 || 14 >= 14.17')).toBe(true)
  })

  it(`every package installed accepts Node ${OLDEST}, the README's oldest`, () => {
    expect(README_NODE).toMatch(/^\d+\.\d+$/)
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; optional?: boolean; engines?: unknown }>
    }
    const refusing = Object.entries(lock.packages)
      .filter(([path, p]) => path && !p.optional && p.engines && typeof (p.engines as { node?: unknown }).node === 'string')
      .filter(([, p]) => !satisfies(OLDEST, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path}@${p.version} (node ${(p.engines as { node: string }).node})`)
    expect(refusing).toEqual([])
  })
})

describe('the Node versions the README and package.json name', () => {
  const readme = readFileSync('README.md', 'utf8')
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    engines: { node: string }
    devEngines?: { runtime?: { name?: string; version?: string } }
  }
  it('the package runs on Node 20+: `engines` says >=20, and so does the README', () => {
    expect(pkg.engines.node).toBe('>=20')
    expect(readme).toContain('The package itself runs on Node 20+ (`engines`: `>=20`)')
  })
  it('the development tools need Node 20.19+ or 22.12+: `devEngines` says so, and so does the README', () => {
    expect(pkg.devEngines?.runtime).toMatchObject({ name: 'node', version: '^20.19.0 || >=22.12.0' })
    expect(satisfies('20.18.0', pkg.devEngines!.runtime!.version!)).toBe(false)
    expect(satisfies('20.19.0', pkg.devEngines!.runtime!.version!)).toBe(true)
    expect(readme).toContain('need Node 20.19+ or 22.12+ (`devEngines`:\n`^20.19.0 || >=22.12.0`')
    expect(README_NODE).toBe('20.19')
  })
})
