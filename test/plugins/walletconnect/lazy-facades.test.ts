/**
 * A host loads the eip155 facade with the plugin; the solana, polkadot and bip122 facades load with a session
 * (behind import()), so a host pays nothing for them before WalletConnect is used.
 */
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { dynamicImports, eagerOutputs, entryOutput, inputsOf } from '../../../bench/metafile.mjs'

const ENTRY = 'plugins/walletconnect/index.ts'
const LAZY = ['solana', 'polkadot', 'bip122']

describe('the walletconnect entry', () => {
  let metafile: Metafile
  let eager: Set<string>

  beforeAll(async () => {
    metafile = (await build(sourceEntry(ENTRY))).metafile
    eager = eagerOutputs(metafile, entryOutput(metafile, ENTRY)!)
  })

  it('has the eip155 facade eagerly and no other family’s, nor their shared helpers', () => {
    const inputs = inputsOf(metafile, eager)
    expect(inputs).toContain('plugins/walletconnect/facades/eip155.ts')
    expect(inputs.filter((i: string) => /facades\/(solana|polkadot|bip122|shared)\.ts$/.test(i))).toEqual([])
  })

  it('reaches each of the other facades through its own import()', () => {
    const loaded = dynamicImports(metafile, eager)
    for (const family of LAZY) {
      const output = entryOutput(metafile, `plugins/walletconnect/facades/${family}.ts`)
      expect(output, family).toBeDefined()
      expect(loaded).toContain(output)
    }
  })
})
