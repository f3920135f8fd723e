import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { hostFromSource } from '../../../bench/host-build.mjs'
import { root } from '../../../bench/resolve-vestibule.mjs'
import { eagerOutputs, entryOutput, inputsOf } from '../../../bench/metafile.mjs'

/** The catalog's eager part (the factory) stays small: everything else loads on open. */
// 1.1 KB: the factory also declares and checks its host options (featuredWalletIds, includeWalletIds, customWallets),
// which the kernel no longer carries.
const EAGER_BUDGET = 1126

async function host(contents: string) {
  const result = await build({ ...hostFromSource(contents), write: false, outdir: 'out', jsx: 'automatic' })
  return result.metafile
}

const catalogInputs = (metafile: Metafile, files: Iterable<string>) =>
  inputsOf(metafile, files).filter((i) => i.includes('plugins/catalog/'))

describe('catalog plugin: size and laziness', () => {
  it('the factory is at most 1.1 KB gzip with the kernel external', async () => {
    const result = await build({
      entryPoints: [`${root}plugins/catalog/index.ts`],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      splitting: true,
      outdir: 'out',
      logLevel: 'silent',
      plugins: [
        { name: 'external', setup: (b) => b.onResolve({ filter: /\/kernel\/|^nanostores$/ }, ({ path }) => ({ path, external: true })) },
      ],
    })
    const entry = result.outputFiles.find((f) => f.path.endsWith('/index.js'))!
    expect(gzipSync(entry.contents, { level: 9 }).length).toBeLessThanOrEqual(EAGER_BUDGET)
  })

  it('a host loads the factory eagerly; the client, the rules and the AllWallets view only on open; none of it without the plugin', async () => {
    const base = `import { createModal } from 'vestibule'\nimport { eip155, mainnet } from 'vestibule/chains/eip155'\n`
    const withIt = await host(
      `${base}import { walletCatalog } from 'vestibule/plugins/catalog'\ncreateModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] }), walletCatalog()] })`,
    )
    const eager = eagerOutputs(withIt, entryOutput(withIt, 'host.ts'))
    expect(catalogInputs(withIt, eager)).toEqual(['plugins/catalog/index.ts'])
    const lazy = catalogInputs(
      withIt,
      Object.keys(withIt.outputs).filter((f) => !eager.has(f)),
    )
    expect(lazy).toEqual(
      expect.arrayContaining([
        'plugins/catalog/catalog.ts',
        'plugins/catalog/client.ts',
        'plugins/catalog/filter.ts',
        'plugins/catalog/views/AllWallets.tsx',
      ]),
    )

    const without = await host(`${base}createModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] })] })`)
    expect(Object.keys(without.inputs).some((i) => i.includes('plugins/catalog/'))).toBe(false)
  })
})
