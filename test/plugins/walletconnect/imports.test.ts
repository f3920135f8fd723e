/**
 * The WalletConnect plugin knows the chain families only through the kernel (the chain plugins the host
 * registered): none of its modules imports a chain SDK or a chain plugin.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(__dirname, '../../../plugins/walletconnect')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(path.join(dir, entry.name)) : /\.tsx?$/.test(entry.name) ? [path.join(dir, entry.name)] : [],
  )
}

/** Every module a file imports, statically, dynamically or as a type, resolved to a path when relative. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specifiers = [...text.matchAll(/(?:from|import\s*\(|import)\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return specifiers.map((s) =>
    s.startsWith('.') ? path.relative(path.resolve(__dirname, '../../..'), path.resolve(path.dirname(file), s)) : s,
  )
}

describe('walletconnect plugin imports', () => {
  const all = sources(ROOT).flatMap((file) => importsOf(file).map((spec) => ({ file: path.relative(ROOT, file), spec })))

  it('reads the modules of the plugin (engine, registry and proposal included)', () => {
    expect(all.map((i) => i.file)).toEqual(expect.arrayContaining(['index.ts', 'engine.ts', 'registry.ts', 'namespaces.ts']))
  })

  it('has no table of chain families: no module names one but the basic-mode default (eip155 mainnet)', () => {
    const named = sources(ROOT).filter((file) => /['"`](solana|polkadot|bip122|cosmos)\b/.test(readFileSync(file, 'utf8')))
    expect(named.map((file) => path.relative(ROOT, file))).toEqual([])
  })

  it('leaves each family mapping to its chain plugin, which imports the kernel and its own helpers only', () => {
    const chains = path.resolve(ROOT, '../../chains')
    const mappings = readdirSync(chains).flatMap((family) => {
      const file = path.join(chains, family, 'walletconnect.ts')
      try {
        return importsOf(file).map((spec) => ({ family, spec }))
      } catch {
        return []
      }
    })
    expect(new Set(mappings.map((m) => m.family))).toEqual(new Set(['eip155', 'solana', 'polkadot', 'bip122', 'shared']))
    // The kernel through its public entries (vestibule/kernel, vestibule/utils), the family's helpers through the shared
    // mapping code and the shared Wallet Standard session facade.
    expect(
      mappings.filter((m) => !/^(vestibule\/(kernel|utils)|chains\/shared\/(walletconnect|standard-session)\.js)$/.test(m.spec)),
    ).toEqual([])
  })

  it('imports only the kernel, the UI kit, its own modules, nanostores, React and the WalletConnect SDK', () => {
    const allowed = (spec: string) =>
      /^(plugins\/walletconnect)\//.test(spec) ||
      [
        'vestibule/kernel',
        'vestibule/utils',
        'vestibule/ui',
        'nanostores',
        '@nanostores/react',
        'react',
        '@walletconnect/universal-provider',
      ].includes(spec)
    expect(all.filter((i) => !allowed(i.spec))).toEqual([])
  })

  it('imports no chain SDK and no chain plugin', () => {
    const chainish = /^(chains\/|viem|@solana\/|@polkadot\/|bitcoinjs-lib|ecpair|@bitcoinerlab\/|@noble\/|@scure\/)/
    expect(all.filter((i) => chainish.test(i.spec))).toEqual([])
  })
})
