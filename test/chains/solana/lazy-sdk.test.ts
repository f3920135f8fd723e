// @solana/web3.js loads on first use: bundling the solana entry leaves the SDK (and the session code) only in
// chunks reached by import(), and the eager part stays within the 3 KB gzip budget.
import { build, type Plugin } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { dynamicImports, eagerOutputs, entryOutput, gzipSize, outputsWith } from '../../../bench/metafile.mjs'
import { root } from '../../../bench/resolve-vestibule.mjs'

const SDK = /(^|\/)node_modules\/(@solana|@noble|bn\.js|borsh|bs58|buffer|superstruct|rpc-websockets|jayson)\//

/**
 * The kernel's own import() targets (its connection code) are the host's: the public entry reaches them, and
 * bundled here esbuild would hoist the modules they share with the kernel (storage keys, cache times) into a
 * chunk the plugin's entry imports, counting kernel code the plugin does not use.
 */
const kernelLazyExternal: Plugin = {
  name: 'kernel-lazy-external',
  setup: (b) =>
    void b.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && /(^|\/)kernel\//.test(args.importer) ? { path: args.path, external: true } : undefined,
    ),
}

async function bundle(options: { kernelExternal: boolean; sdkExternal: boolean }) {
  const result = await build({
    ...sourceEntry('chains/solana/index.ts'),
    minify: true,
    external: options.sdkExternal ? ['@solana/web3.js'] : [],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    plugins: options.kernelExternal
      ? [
          {
            name: 'kernel-external',
            setup: (b) =>
              void b.onResolve({ filter: /^vestibule(\/|$)|\/kernel\/[\w-]+\.js$/ }, (args) => ({ path: args.path, external: true })),
          },
        ]
      : [kernelLazyExternal],
  })
  const entry = entryOutput(result.metafile, 'chains/solana/index.ts')!
  return { result, entry, eager: eagerOutputs(result.metafile, entry) }
}

/** gzip -9 of the eager outputs, concatenated as a host bundle would hold them. */
const eagerGzip = ({ result, eager }: Awaited<ReturnType<typeof bundle>>) => gzipSize(result, eager, root)

describe('the chains/solana entry', () => {
  let bundled: Awaited<ReturnType<typeof bundle>>
  beforeAll(async () => {
    bundled = await bundle({ kernelExternal: false, sdkExternal: false })
  })

  it('bundles the SDK (so the checks below are about something) but only behind import()', () => {
    const { metafile } = bundled.result
    expect(Object.keys(metafile!.inputs).some((input) => SDK.test(input))).toBe(true)
    const sdkChunks = outputsWith(metafile!, SDK)
    expect(sdkChunks.length).toBeGreaterThan(0)
    expect(sdkChunks.filter((o) => bundled.eager.has(o))).toEqual([])
  })

  it('keeps session.ts and rpc.ts out of the eager part; rpc.ts is reached only from session.ts', () => {
    const { metafile } = bundled.result
    const [session] = outputsWith(metafile!, /^chains\/solana\/session\.ts$/)
    const [rpc] = outputsWith(metafile!, /^chains\/solana\/rpc\.ts$/)
    // The entry's other lazily loaded parts: the remote-session (WalletConnect) mapping, the missing-wallet links,
    // the signature checks and the payment URI rules.
    const [mapping] = outputsWith(metafile!, /^chains\/solana\/walletconnect\.ts$/)
    const [links] = outputsWith(metafile!, /^chains\/solana\/missing-wallet\.ts$/)
    const [verifier] = outputsWith(metafile!, /^chains\/solana\/verify-message\.ts$/)
    const [uri] = outputsWith(metafile!, /^chains\/solana\/payment-uri\.ts$/)
    expect(bundled.eager.has(session!)).toBe(false)
    expect(bundled.eager.has(rpc!)).toBe(false)
    expect(bundled.eager.has(links!)).toBe(false)
    expect(bundled.eager.has(verifier!)).toBe(false)
    expect(bundled.eager.has(uri!)).toBe(false)
    expect(dynamicImports(metafile!, bundled.eager).sort()).toEqual([session, mapping, links, verifier, uri].sort())
    expect(dynamicImports(metafile!, [session!])).toEqual([rpc])
  })

  // Measured with the SDK external, as the budget is defined (else esbuild's CommonJS helpers for the SDK's
  // dependencies land in a shared chunk the entry imports).
  it('eager part: at most 3 KB gzip of the plugin’s own code (kernel helpers are the host’s anyway)', async () => {
    const own = eagerGzip(await bundle({ kernelExternal: true, sdkExternal: true }))
    const withKernel = eagerGzip(await bundle({ kernelExternal: false, sdkExternal: true }))
    expect(own).toBeGreaterThan(1024) // measured something: discovery, networks and isAddress are in it
    expect(own).toBeLessThanOrEqual(3 * 1024)
    console.log(`solana eager: ${own} B gzip own code, ${withKernel} B with the kernel helpers it uses`)
    // The kernel helpers it uses (formatUnits, checkNetworks, VestibuleError …) add about 1.5 KB; they sit in a
    // chunk shared with the kernel's lazily loaded connection code, hence a little chunk overhead.
    expect(withKernel - own).toBeLessThan(2048)
  })
})
