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
  return specifiers.map((s) => (s.startsWith('.') ? path.relative(path.resolve(__dirname, '../../..'), path.resolve(path.dirname(file), s)) : s))
}

describe('walletconnect plugin imports', () => {
  const all = sources(ROOT).flatMap((file) => importsOf(file).map((spec) => ({ file: path.relative(ROOT, file), spec })))

  it('reads the modules of the plugin (facades of every family included)', () => {
    expect(all.map((i) => i.file)).toEqual(expect.arrayContaining(['facades/solana.ts', 'facades/polkadot.ts', 'facades/bip122.ts', 'facades/eip155.ts']))
  })

  it('imports only the kernel, the UI kit, its own modules, nanostores, React and the WalletConnect SDK', () => {
    const allowed = (spec: string) =>
      /^(kernel|ui|plugins\/walletconnect)\//.test(spec) || ['nanostores', '@nanostores/react', 'react', '@walletconnect/universal-provider'].includes(spec)
    expect(all.filter((i) => !allowed(i.spec))).toEqual([])
  })

  it('imports no chain SDK and no chain plugin', () => {
    const chainish = /^(chains\/|viem|@solana\/|@polkadot\/|bitcoinjs-lib|ecpair|@bitcoinerlab\/|@noble\/|@scure\/)/
    expect(all.filter((i) => chainish.test(i.spec))).toEqual([])
  })
})
