import { gzipSync } from 'node:zlib'
import { build, type Metafile } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { hostFromSource } from '../../../bench/host-build.mjs'
import { root } from '../../../bench/resolve-vestibule.mjs'

/** Budget of issue 3: the analytics plugin ≤ 2 KB gzip on top of the kernel a host already has. */
const BUDGET = 2048

async function hostInputs(host: string): Promise<Metafile['inputs']> {
  const result = await build({ ...hostFromSource(host), write: false, outdir: 'out' })
  return result.metafile.inputs
}

const hasAnalytics = (inputs: Metafile['inputs']) => Object.keys(inputs).some((i) => i.includes('plugins/analytics/'))

describe('analytics plugin: size and tree-shaking', () => {
  it('is at most 2 KB gzip with the kernel external', async () => {
    const result = await build({
      entryPoints: [`${root}plugins/analytics/index.ts`],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      // Code-split as hosts bundle it: the plugin's translations are chunks of their own, fetched only for their language.
      splitting: true,
      outdir: 'out',
      logLevel: 'silent',
      plugins: [
        {
          name: 'kernel-external',
          setup: (b) => b.onResolve({ filter: /^vestibule(\/|$)|\/kernel\// }, ({ path }) => ({ path, external: true })),
        },
      ],
    })
    const code = result.outputFiles.find((f) => f.path.endsWith('/index.js'))!.contents
    // The kernel stays outside (the plugin imports it through its public entry): only the plugin's own code is measured.
    expect(new TextDecoder().decode(code)).toMatch(/from\s*"vestibule\/kernel"/)
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(BUDGET)
  })

  it('is absent from a host that does not import it, present in one that does', async () => {
    const base = `import { createModal } from 'vestibule'\nimport { eip155, mainnet } from 'vestibule/chains/eip155'\n`
    const without = await hostInputs(`${base}createModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] })] })`)
    const withIt = await hostInputs(
      `${base}import { analytics } from 'vestibule/plugins/analytics'\ncreateModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] }), analytics()] })`,
    )
    expect(hasAnalytics(without)).toBe(false)
    expect(hasAnalytics(withIt)).toBe(true)
  })
})
