// Locales as a host bundles them: every language's texts are chunks of their own behind import(), so a host that
// shows English (or any one language) loads no other language, and none of them before the modal opens.
import { build, type Metafile } from 'esbuild'
import { beforeAll, describe, expect, it } from 'vitest'
import { hostFromSource } from '../../bench/host-build.mjs'
import { eagerOutputs, entryOutput } from '../../bench/metafile.mjs'
import { LOCALES } from '../../kernel/i18n.js'

const HOST = `import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
import { walletCatalog } from 'vestibule/plugins/catalog'
import { walletConnect } from 'vestibule/plugins/walletconnect'
import { receive } from 'vestibule/plugins/receive'
import { tokens } from 'vestibule/plugins/tokens'
import { send } from 'vestibule/plugins/send'
import { activity } from 'vestibule/plugins/activity'
import { nfts } from 'vestibule/plugins/nfts'
import { analytics } from 'vestibule/plugins/analytics'
createModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] }), walletCatalog(), walletConnect(), receive(), tokens(), send(), activity(), nfts(), analytics()] })
`
const translation = /\/locales\/([a-z]{2})\.ts$/

let metafile: Metafile
beforeAll(async () => {
  metafile = (await build({ ...hostFromSource(HOST), outdir: 'out', write: false, define: { 'process.env.NODE_ENV': '"production"' } }))
    .metafile
}, 120_000)

describe('a host with every plugin, bundled for production', () => {
  it('bundles a translation of every language for the kernel, the shell and each plugin, all behind import()', () => {
    const eager = eagerOutputs(metafile, entryOutput(metafile, 'host.ts'))
    const eagerInputs = [...eager].flatMap((f) => Object.keys(metafile.outputs[f]!.inputs))
    expect(eagerInputs.filter((input) => translation.test(input))).toEqual([])
    const all = Object.values(metafile.outputs)
      .flatMap((o) => Object.keys(o.inputs))
      .filter((input) => translation.test(input))
    for (const language of LOCALES.filter((l) => l !== 'en')) {
      const owners = all.filter((input) => input.endsWith(`/locales/${language}.ts`)).map((input) => input.replace(/\/locales\/.*$/, ''))
      expect(owners, language).toEqual(
        expect.arrayContaining(['kernel', 'ui/shell', 'plugins/send', 'plugins/catalog', 'plugins/walletconnect']),
      )
    }
  })

  it('each translation is a chunk holding one language only: showing one language loads no other', () => {
    for (const [file, output] of Object.entries(metafile.outputs)) {
      const languages = new Set(Object.keys(output.inputs).flatMap((input) => input.match(translation)?.[1] ?? []))
      if (!languages.size) continue
      expect([...languages], file).toHaveLength(1)
      expect(
        Object.keys(output.inputs).every((input) => translation.test(input)),
        `${file} holds only texts`,
      ).toBe(true)
    }
  })

  it('no English source file of texts is bundled twice (the locales/en.ts modules are for checks only)', () => {
    const inputs = Object.values(metafile.outputs).flatMap((o) => Object.keys(o.inputs))
    expect(inputs.filter((input) => input.endsWith('/locales/en.ts'))).toEqual([])
  })
})
