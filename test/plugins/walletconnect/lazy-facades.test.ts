/**
 * A host loads the WalletConnect manifest only: the session engine and every chain family's mapping (the chain
 * plugin's `remoteSession` capability, in chains/<namespace>/walletconnect.ts) load behind import(), so a host
 * pays for none of them before WalletConnect is used, and a chain plugin's eager part holds no mapping either.
 */
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { dynamicImports, eagerOutputs, entryOutput, inputsOf } from '../../../bench/metafile.mjs'

const ENTRY = 'plugins/walletconnect/index.ts'
const FAMILIES = ['eip155', 'solana', 'polkadot', 'bip122']
const MAPPING = /chains\/[^/]+\/(walletconnect|standard-session)\.ts$/

describe('the walletconnect entry', () => {
  let metafile: Metafile
  let eager: Set<string>

  beforeAll(async () => {
    metafile = (await build(sourceEntry(ENTRY))).metafile
    eager = eagerOutputs(metafile, entryOutput(metafile, ENTRY)!)
  })

  it('has no family mapping, no shared mapping helpers and no session engine eagerly', () => {
    const inputs = inputsOf(metafile, eager)
    expect(inputs).toContain(ENTRY)
    expect(inputs.filter((i: string) => MAPPING.test(i) || /plugins\/walletconnect\/(engine|registry|session-store)\.ts$/.test(i))).toEqual(
      [],
    )
  })

  it('reaches the session engine through its own import()', () => {
    const output = entryOutput(metafile, 'plugins/walletconnect/engine.ts')
    expect(output).toBeDefined()
    expect(dynamicImports(metafile, eager)).toContain(output)
  })
})

describe.each(FAMILIES)('the %s chain entry', (family) => {
  let metafile: Metafile
  let eager: Set<string>
  const entry = `chains/${family}/index.ts`

  beforeAll(async () => {
    metafile = (await build(sourceEntry(entry))).metafile
    eager = eagerOutputs(metafile, entryOutput(metafile, entry)!)
  })

  it('holds its WalletConnect mapping behind import() only', () => {
    expect(inputsOf(metafile, eager).filter((i: string) => MAPPING.test(i))).toEqual([])
    const output = entryOutput(metafile, `chains/${family}/walletconnect.ts`)
    expect(output).toBeDefined()
    expect(dynamicImports(metafile, eager)).toContain(output)
  })
})
