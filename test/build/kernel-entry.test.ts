// `vestibule/kernel` exports what the tree uses as a host or plugin author would (chain and feature plugins,
// examples, the headless, wagmi and React bindings, the sandbox's host pages, the docs), and the few names kept on
// purpose for third-party authors: an export nobody uses is a promise nobody asked for.
import { describe, expect, it } from 'vitest'
import { exportedNames, KEPT, unusedNames, usedNames } from '../../build/kernel-entry.mjs'

describe('vestibule/kernel', () => {
  it('exports no name that nobody uses (use it, drop it, or keep it in build/kernel-entry.mjs with a reason)', () => {
    expect(unusedNames().unused).toEqual([])
  })

  it('keeps on purpose only names it exports and nothing in the tree uses, each with a reason', () => {
    expect(unusedNames().staleKept).toEqual([])
    for (const reason of Object.values(KEPT)) expect(reason.length).toBeGreaterThan(20)
  })

  it('finds the uses: imports, docs code and prose, augmentations', () => {
    const used = usedNames() as Map<string, string[]>
    expect(used.get('definePlugin')).toEqual(expect.arrayContaining(['examples/hello/index.ts']))
    expect(used.get('Tokens')).toEqual(expect.arrayContaining(['docs/feature-plugins.md']))
    expect(used.get('VestibuleEvents')?.length).toBeGreaterThan(3)
    expect(exportedNames().has('KernelContext')).toBe(false)
  })
})
