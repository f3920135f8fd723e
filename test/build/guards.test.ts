// The tree's own guards can fail: each dependency rule and the function-size limit is broken once in a small
// fixture tree and seen to fire, and the real tree passes them.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { functionSizes, LIMIT } from '../../build/function-sizes.mjs'
import { root } from '../../sandbox/resolve.mjs'

const fixtures = mkdtempSync(join(tmpdir(), 'vb-guards-'))
afterAll(() => rmSync(fixtures, { recursive: true, force: true }))

/** Writes `files` (path → text) under a new folder of the fixtures and returns it. */
function tree(name: string, files: Record<string, string>): string {
  const dir = join(fixtures, name)
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), text)
  }
  return dir
}

/** A function of `lines` lines (declaration to closing brace). */
const fn = (name: string, lines: number) => `export function ${name}() {\n${'  void 0\n'.repeat(lines - 2)}}\n`

describe('function sizes', () => {
  it(`no function or component in the sources is over ${LIMIT} lines`, () => {
    const over = functionSizes(root).filter((f: { lines: number }) => f.lines > LIMIT)
    expect(over.map((f: { file: string; name: string; lines: number }) => `${f.file} ${f.name} ${f.lines}`)).toEqual([])
  })

  it('the limit fires one line past it, and not at it', () => {
    const dir = tree('sizes', {
      'kernel/a.ts': fn('atLimit', LIMIT) + fn('pastLimit', LIMIT + 1),
      'plugins/p/v.tsx': `export const View = () => {\n${'  void 0\n'.repeat(LIMIT)}  return null\n}\n`,
    })
    const over = functionSizes(dir).filter((f: { lines: number }) => f.lines > LIMIT)
    expect(over.map((f: { name: string; lines: number }) => `${f.name} ${f.lines}`).sort()).toEqual([
      `View ${LIMIT + 3}`,
      `pastLimit ${LIMIT + 1}`,
    ])
  })
})

describe('dependency rules (.dependency-cruiser.mjs)', () => {
  /** Every rule the configuration declares, read from it, so a new rule without a case here fails. */
  async function ruleNames(): Promise<string[]> {
    const config = (await import(join(root, '.dependency-cruiser.mjs'))).default as { forbidden: { name: string }[] }
    return config.forbidden.map((rule) => rule.name)
  }

  const entry = 'export const x = 1\n'
  // One import breaking each rule (some break a second rule as well: each rule must fire at least once).
  const breaking: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext', paths: { 'vestibule/kernel': ['./kernel/index.ts'] } },
    }),
    'kernel/index.ts': entry,
    'kernel/utils.ts': entry,
    'ui/index.ts': entry,
    'ui/kit/index.ts': entry,
    'ui/react/index.tsx': entry,
    'ui/shell/app.ts': "import { x } from '../../plugins/p/index.js'\nexport const y = x\n",
    'kernel/floor.ts': "import { y } from '../ui/shell/app.js'\nexport const z = y\n",
    'headless/draw.ts': "import { y } from '../ui/shell/app.js'\nexport const h = y\n",
    'headless/inside.ts': "import { inner } from '../plugins/p/inner.js'\nexport const i = inner\n",
    'chains/one/index.ts': "import { x } from '../two/index.js'\nexport const c = x\n",
    'chains/two/index.ts': entry,
    'plugins/p/index.ts': "import { x } from '../q/index.js'\nexport { x }\n",
    'plugins/p/inner.ts': 'export const inner = 1\n',
    'plugins/q/index.ts': "import { z } from '../../kernel/floor.js'\nexport const x = z\n",
    'plugins/q/relative.ts': "import { x } from '../../kernel/index.js'\nexport const r = x\n",
    'kernel/ring-a.ts': "import { b } from './ring-b.js'\nexport const a = () => b\n",
    'kernel/ring-b.ts': "import { a } from './ring-a.js'\nexport const b = () => a\n",
    'kernel/types-a.ts': "import type { B } from './types-b.js'\nexport interface A { b?: B }\n",
    'kernel/types-b.ts': "import type { A } from './types-a.js'\nexport interface B { a?: A }\n",
    'server/index.ts': "import { x } from '../kernel/index.js'\nexport const s = x\n",
    'plugins/p/signs-in.ts': "import { s } from '../../server/index.js'\nexport const t = s\n",
  }

  function cruise(dir: string, paths: string[]) {
    const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
    const run = spawnSync(process.execPath, [bin, '--config', join(root, '.dependency-cruiser.mjs'), '--output-type', 'json', ...paths], {
      cwd: dir,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    })
    if (!run.stdout) throw new Error(`dependency-cruiser gave no output: ${run.stderr}`)
    return JSON.parse(run.stdout) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } }
  }

  it('each rule fires on a tree that breaks it', async () => {
    const dir = tree('rules', breaking)
    const fired = new Set(
      cruise(dir, ['kernel', 'ui', 'headless', 'chains', 'plugins', 'server']).summary.violations.map((v) => v.rule.name),
    )
    expect([...fired].sort()).toEqual((await ruleNames()).sort())
  })

  it('a ring of type-only imports inside kernel/ breaks kernel-no-cycles, while no-cycles counts only value imports', () => {
    const dir = tree('type-ring', {
      'tsconfig.json': breaking['tsconfig.json'] as string,
      'kernel/types-a.ts': breaking['kernel/types-a.ts'] as string,
      'kernel/types-b.ts': breaking['kernel/types-b.ts'] as string,
      // A contract leaf both build on: no ring.
      'kernel/contract.ts': 'export interface C { n: number }\n',
      'kernel/uses-a.ts': "import type { C } from './contract.js'\nexport const a = (c: C) => c.n\n",
      'kernel/uses-b.ts': "import type { C } from './contract.js'\nimport { a } from './uses-a.js'\nexport const b = (c: C) => a(c)\n",
    })
    // The ring is reported at one of its edges; the contract and the modules on it are not.
    const violations = cruise(dir, ['kernel']).summary.violations.map((v) => `${v.rule.name} ${v.from} -> ${v.to}`)
    expect(violations).toHaveLength(1)
    expect(violations[0]).toMatch(/^kernel-no-cycles kernel\/types-[ab][.]ts -> kernel\/types-[ab][.]ts$/)
  })

  it('a tree keeping the rules passes them', () => {
    const dir = tree('clean', {
      'tsconfig.json': breaking['tsconfig.json'] as string,
      'kernel/index.ts': "export { x } from './a.js'\n",
      'kernel/a.ts': entry,
      'ui/index.ts': "import { x } from '../kernel/index.js'\nexport const u = x\n",
      'headless/h.ts': "import { x } from 'vestibule/kernel'\nimport { p } from '../plugins/p/index.js'\nexport const h = x + p\n",
      'plugins/p/index.ts': "import { x } from 'vestibule/kernel'\nexport const p = x\n",
    })
    expect(cruise(dir, ['kernel', 'ui', 'headless', 'plugins']).summary.violations).toEqual([])
  })
})
