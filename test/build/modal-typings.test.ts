// The packed typings hand hosts the modal's methods and nothing of its kernel: no entry's `Modal` has a `kernel`
// member, and no entry exports the way the package's own shell and tests reach the kernel (dist/ is built first).
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { publicEntries } from '../../build/api-report.mjs'

describe('the built Modal type', () => {
  const entries = publicEntries() as Array<{ name: string; file: string }>
  const program = ts.createProgram(
    entries.map((e) => e.file),
    {
      noEmit: true,
      skipLibCheck: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ES2022,
      types: [],
    },
  )
  const checker = program.getTypeChecker()
  const exportsOf = (file: string) => {
    const source = program.getSourceFile(file)
    const module = source && checker.getSymbolAtLocation(source)
    if (!module) throw new Error(`No declarations at ${path.relative(process.cwd(), file)}: build the package first (npm run build)`)
    return checker.getExportsOfModule(module)
  }

  it("has the host's methods and no kernel, in every entry that exports it", () => {
    const withModal = entries.filter((e) => exportsOf(e.file).some((s) => s.name === 'Modal'))
    expect(withModal.map((e) => e.name)).toEqual(expect.arrayContaining(['vestibule', 'vestibule/kernel']))
    for (const entry of withModal) {
      const symbol = exportsOf(entry.file).find((s) => s.name === 'Modal')!
      const members = checker
        .getDeclaredTypeOfSymbol(symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol)
        .getProperties()
        .map((p) => p.name)
      expect(members, entry.name).toEqual(
        expect.arrayContaining([
          'open',
          'getState',
          'subscribe',
          'getAccount',
          'getNetwork',
          'getChainFeature',
          'getService',
          'getWalletSources',
          't',
        ]),
      )
      expect(members, entry.name).not.toContain('kernel')
    }
  })

  it('no entry exports kernelOf or the kernel context', () => {
    for (const entry of entries) {
      const names = exportsOf(entry.file).map((s) => s.name)
      // `KernelState` is exported as a type only (the kernel's service tokens name it, and a plugin is refused them
      // at run time); nothing hands out the state itself, which the accessor tests check.
      expect(
        names.filter((n) => ['kernelOf', 'attachKernel', 'KernelContext', 'Connection'].includes(n)),
        entry.name,
      ).toEqual([])
    }
  })
})
