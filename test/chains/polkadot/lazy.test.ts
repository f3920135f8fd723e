// @polkadot/api loads on first use, and the eager part of the plugin stays within its budget: 3 KB gzip, plus the
// 28 B its built-in networks spend on Subscan's transaction pages (/extrinsic/{id}).
import { build, type Metafile, type Plugin } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { dynamicImports, eagerOutputs, entryOutput, gzipSize, outputsWith } from '../../../bench/metafile.mjs'
import { root } from '../../../bench/resolve-vestibule.mjs'

const SDK = /(^|\/)node_modules\/@polkadot\//
const ENTRY = 'chains/polkadot/index.ts'

/** The kernel is the host's anyway (every plugin shares it): it does not count against the plugin's budget. */
const kernelExternal: Plugin = {
  name: 'kernel-external',
  setup(b) {
    b.onResolve({ filter: /^vestibule(\/|$)|\/kernel\/[\w-]+\.js$/ }, (args) => ({ path: args.path, external: true }))
  },
}

describe('the chains/polkadot entry', () => {
  let metafile: Metafile
  let entry: string
  let eager: Set<string>

  beforeAll(async () => {
    const result = await build(sourceEntry(ENTRY))
    metafile = result.metafile
    entry = entryOutput(metafile, ENTRY)!
    eager = eagerOutputs(metafile, entry)
  })

  it('bundles @polkadot/api (so the checks below are about something)', () => {
    expect(outputsWith(metafile, /node_modules\/@polkadot\/api\//).length).toBeGreaterThan(0)
  })

  it('keeps every @polkadot package out of the entry and its static imports', () => {
    for (const output of eager) expect(Object.keys(metafile.outputs[output]!.inputs).filter((input) => SDK.test(input))).toEqual([])
  })

  it('reaches the SDK only through session.ts and then api.ts, both loaded with import()', () => {
    const [session] = outputsWith(metafile, /^chains\/polkadot\/session\.ts$/)
    const [api] = outputsWith(metafile, /^chains\/polkadot\/api\.ts$/)
    expect(session && api && !eager.has(session) && !eager.has(api)).toBe(true)
    expect(dynamicImports(metafile, eager)).toContain(session)
    expect(dynamicImports(metafile, eagerOutputs(metafile, session!))).toContain(api)
    expect(eagerOutputs(metafile, session!).has(api!)).toBe(false)
    const behindApi = eagerOutputs(metafile, api!)
    expect(outputsWith(metafile, SDK).every((output) => behindApi.has(output))).toBe(true)
  })

  it('is at most 3 KB + 44 B gzip eagerly (minified, SDK and kernel external)', async () => {
    const result = await build({
      ...sourceEntry(ENTRY),
      minify: true,
      outdir: '/out',
      external: ['@polkadot/*'],
      plugins: [kernelExternal],
    })
    const gzip = gzipSize(result, eagerOutputs(result.metafile, entryOutput(result.metafile, ENTRY)), root)
    expect(gzip).toBeGreaterThan(1000)
    expect(gzip).toBeLessThanOrEqual(3072 + 44)
  })
})
