// viem loads on first use: bundling the eip155 entry must leave viem only in chunks reached by import().
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { dynamicImports, eagerOutputs, entryOutput, outputsWith } from '../../../bench/metafile.mjs'

// @noble/hashes is not here: the exported EIP-55 isAddress needs keccak, and only hosts importing it pay for it.
const VIEM = /(^|\/)node_modules\/(viem|ox|abitype|@noble\/curves|@scure)\//

describe('the chains/eip155 entry', () => {
  let metafile: Metafile
  let entry: string
  let eager: Set<string>

  beforeAll(async () => {
    const result = await build(sourceEntry('chains/eip155/index.ts'))
    metafile = result.metafile
    entry = entryOutput(metafile, 'chains/eip155/index.ts')!
    eager = eagerOutputs(metafile, entry)
  })

  it('bundles viem (so the checks below are about something)', () => {
    expect(Object.keys(metafile.inputs).some((input) => VIEM.test(input))).toBe(true)
    expect(outputsWith(metafile, VIEM).length).toBeGreaterThan(0)
  })

  it('keeps viem out of the entry and its static imports', () => {
    expect(outputsWith(metafile, VIEM).filter((output) => eager.has(output))).toEqual([])
    for (const output of eager) {
      expect(Object.keys(metafile.outputs[output]!.inputs).filter((input) => VIEM.test(input))).toEqual([])
    }
  })

  it('reaches viem only through a dynamic import of rpc.ts, or of names.ts for ENS', () => {
    const lazy = outputsWith(metafile, VIEM)
    const behind = new Set<string>()
    for (const source of [/^chains\/eip155\/rpc\.ts$/, /^chains\/eip155\/names\.ts$/]) {
      const chunks = outputsWith(metafile, source)
      expect(chunks).toHaveLength(1)
      expect(eager.has(chunks[0]!)).toBe(false)
      for (const output of eagerOutputs(metafile, chunks[0]!)) behind.add(output)
    }
    expect(dynamicImports(metafile, eager)).toContain(outputsWith(metafile, /^chains\/eip155\/rpc\.ts$/)[0])
    // Every chunk holding viem is loaded by one of those dynamic chunks (or is one).
    expect(lazy.every((output) => behind.has(output))).toBe(true)
  })
})
