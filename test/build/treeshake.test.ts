import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hostFromSource } from '../../bench/host-build.mjs'
import { FOREIGN_SDK, eagerOutputs, entryOutput, outputsWith } from '../../bench/metafile.mjs'

// The host of the quick start, bundled the way a production app would be.
const host = `
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
createModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] })] })
`

describe('an eip155-only host bundle', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'vb-treeshake-'))
  let metafile: Metafile
  let eager: Set<string>

  beforeAll(async () => {
    const result = await build({ ...hostFromSource(host), outdir })
    metafile = result.metafile
    const entry = entryOutput(metafile, 'host.ts')
    // Dynamic import() targets are entry points in the metafile too: pick the host's own.
    expect(entry).toBeTypeOf('string')
    eager = eagerOutputs(metafile, entry)
  })
  afterAll(() => rmSync(outdir, { recursive: true, force: true }))

  it('contains no other chain SDK and no WalletConnect', () => {
    expect(Object.keys(metafile.inputs).filter((i) => FOREIGN_SDK.test(i))).toEqual([])
  })

  // viem and react-dom/client must be in the bundle (else the checks below prove nothing), but only in
  // chunks that load on demand: the entry and its static imports must not pull them in.
  it.each([
    ['viem', /node_modules\/(viem|ox|abitype|@noble|@scure)\//],
    ['react-dom/client', /node_modules\/react-dom\/(client\.js|cjs\/react-dom-client\.)/],
  ])('loads %s lazily', (_name, pattern) => {
    const chunks = outputsWith(metafile, pattern)
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.filter((c) => eager.has(c))).toEqual([])
  })

  // The Connect view's list building (and the rest of vestibule/utils a host did not call) comes with the view:
  // an eager module importing the utils barrel would put it all in the host's first download.
  it('loads the wallet-list building with the Connect view, not before', () => {
    const chunks = outputsWith(metafile, /kernel\/wallet-list\.ts$/)
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.filter((c) => eager.has(c))).toEqual([])
  })

  it('loads the eip155 wallet session (connect, restore, sign, send) on first use, not at load', () => {
    const chunks = outputsWith(metafile, /chains\/eip155\/session\.ts$/)
    expect(chunks.length).toBeGreaterThan(0)
    expect(chunks.filter((c) => eager.has(c))).toEqual([])
  })
})
