// Tree-shaking as hosts get it: one host per chain family (and one with the kernel alone), bundled by esbuild
// from the packed package installed outside the repository, so dist/ and its `sideEffects` field are what is
// tested. A host never ships another family's SDK, its chain plugin, WalletConnect, or viem unless it is eip155.
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eagerOutputs, entryOutput } from '../../bench/metafile.mjs'
import { installPackedPackage, type PackedHost } from './packed.js'

const SDKS = {
  viem: /node_modules\/(viem|ox|abitype)\//,
  solana: /node_modules\/@solana\//,
  polkadot: /node_modules\/@polkadot\//,
  bitcoin: /node_modules\/(bitcoinjs-lib|bip174|@bitcoinerlab)\//,
  walletconnect: /node_modules\/@walletconnect\//,
}
const plugin = (family: string) => new RegExp(`node_modules/vestibule/dist/chains/${family}/`)

const HOSTS = {
  eip155: {
    code: "import { eip155, mainnet } from 'vestibule/chains/eip155'\ncreateModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] })] })",
    ships: ['viem'],
  },
  solana: {
    code: "import { solana, solanaMainnet } from 'vestibule/chains/solana'\ncreateModal({ projectId: 'x', plugins: [solana({ networks: [solanaMainnet] })] })",
    ships: ['solana'],
  },
  polkadot: {
    code: "import { polkadot, polkadotMainnet } from 'vestibule/chains/polkadot'\ncreateModal({ projectId: 'x', plugins: [polkadot({ networks: [polkadotMainnet] })] })",
    ships: ['polkadot'],
  },
  bip122: {
    code: "import { bip122, bitcoin } from 'vestibule/chains/bip122'\ncreateModal({ projectId: 'x', plugins: [bip122({ networks: [bitcoin] })] })",
    ships: ['bitcoin'],
  },
  kernel: { code: "createModal({ projectId: 'x', plugins: [] })", ships: [] },
  // A family written outside the package, from the chain authors' kit: no first-party family comes with it.
  kit: {
    code: "import { createConnectorList, lazyMethods, standardConnector, walletError, watchStandardWallets } from 'vestibule/chains/kit'\nexport const parts = [createConnectorList, lazyMethods, standardConnector, walletError, watchStandardWallets]\ncreateModal({ projectId: 'x', plugins: [] })",
    ships: [],
  },
} as const
/** The quick start with WalletConnect: its SDK (CommonJS, requiring the compiler helper package) loads on the click. */
const WALLETCONNECT_HOST =
  "import { eip155, mainnet } from 'vestibule/chains/eip155'\nimport { walletConnect } from 'vestibule/plugins/walletconnect'\ncreateModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] }), walletConnect()] })"

/** An eip155 host on wagmi: the modal as its connector. */
const WAGMI_HOST =
  "import { eip155, mainnet } from 'vestibule/chains/eip155'\nimport { vestibuleConnector } from 'vestibule/wagmi'\nexport const connector = vestibuleConnector(createModal({ projectId: 'x', plugins: [eip155({ networks: [mainnet] })] }))"
/** The connector's files, and wagmi's packages (the connector takes only their types). */
const WAGMI_CODE = /node_modules\/(vestibule\/dist\/wagmi|wagmi|@wagmi|@tanstack)\//

/** An eip155 host signing in against its server: the browser side of sign-in, hostBackend. */
const SIWX_HOST =
  "import { eip155, mainnet } from 'vestibule/chains/eip155'\nimport { siwx, hostBackend } from 'vestibule/plugins/siwx'\ncreateModal({ projectId: 'x', siwx: { store: hostBackend({ url: '/auth' }) }, plugins: [eip155({ networks: [mainnet] }), siwx()] })"
/** The sign-in server's files and its Redis client: a page never loads them, eagerly or later. */
const SERVER_CODE = /node_modules\/(vestibule\/dist\/server\/|redis\/|@redis\/)/

let host: PackedHost
const metafiles = new Map<string, Metafile>()

beforeAll(async () => {
  host = installPackedPackage()
  for (const [name, code] of [
    ...Object.entries(HOSTS).map(([n, h]) => [n, h.code] as const),
    ['walletconnect', WALLETCONNECT_HOST] as const,
    ['wagmi', WAGMI_HOST] as const,
    ['siwx', SIWX_HOST] as const,
  ]) {
    const result = await build({
      stdin: { contents: `import { createModal } from 'vestibule'\n${code}\n`, resolveDir: host.dir, sourcefile: 'host.ts', loader: 'ts' },
      absWorkingDir: host.dir,
      bundle: true,
      splitting: true,
      format: 'esm',
      minify: true,
      platform: 'browser',
      metafile: true,
      write: false,
      outdir: 'out',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
    })
    metafiles.set(name, result.metafile)
  }
}, 240_000)
afterAll(() => host?.remove(), 300_000)

describe.each(Object.entries(HOSTS))('a %s-only host built from the packed package', (name, { ships }) => {
  it('bundles only its own family: no other SDK or chain plugin, no WalletConnect, viem only for eip155', () => {
    const inputs = Object.keys(metafiles.get(name)!.inputs)
    for (const [sdk, pattern] of Object.entries(SDKS)) {
      const found = inputs.filter((i) => pattern.test(i))
      if ((ships as readonly string[]).includes(sdk)) expect(found.length, `${name} host ships ${sdk}`).toBeGreaterThan(0)
      else expect(found, `${sdk} in the ${name} host`).toEqual([])
    }
    for (const family of Object.keys(HOSTS).filter((f) => f !== name && f !== 'kernel' && f !== 'kit')) {
      expect(
        inputs.filter((i) => plugin(family).test(i)),
        `${family} chain plugin in the ${name} host`,
      ).toEqual([])
    }
    expect(
      inputs.filter((i) => WAGMI_CODE.test(i)),
      `the wagmi connector in the ${name} host`,
    ).toEqual([])
    // The host's own files come from the installed package, not the repository's sources.
    expect(inputs.some((i) => i.includes('node_modules/vestibule/dist/'))).toBe(true)
    expect(inputs.filter((i) => /(^|\/)(kernel|chains|ui)\/[^/]+\.tsx?$/.test(i))).toEqual([])
  })
})

describe('a family written from vestibule/chains/kit, built from the packed package', () => {
  it('gets the helpers from the package (no WalletConnect session code unless it imports it)', () => {
    const metafile = metafiles.get('kit')!
    expect(Object.keys(metafile.inputs)).toContain('node_modules/vestibule/dist/chains/shared/kit.js')
    // What ends up in the host's code: the helpers it named, and not the ones it did not.
    const shipped = Object.values(metafile.outputs).flatMap((o) =>
      Object.entries(o.inputs)
        .filter(([, i]) => i.bytesInOutput > 0)
        .map(([file]) => file),
    )
    expect(shipped.filter((i) => /dist\/chains\/shared\/(connectors|wallet-standard|lazy|wallet-error)\.js$/.test(i)).length).toBe(4)
    expect(shipped.filter((i) => /dist\/chains\/shared\/(standard-session|walletconnect|payment-uri)\.js$/.test(i))).toEqual([])
  })
})

describe('vestibule/server in browser hosts built from the packed package', () => {
  it('costs a page nothing: no host, the one signing in with hostBackend included, bundles any of its code or the Redis client', () => {
    expect([...metafiles.keys()]).toContain('siwx')
    for (const [name, metafile] of metafiles) {
      expect(
        Object.keys(metafile.inputs).filter((i) => SERVER_CODE.test(i)),
        `server code in the ${name} host`,
      ).toEqual([])
    }
    expect(Object.keys(metafiles.get('siwx')!.inputs).some((i) => i.includes('node_modules/vestibule/dist/plugins/siwx/'))).toBe(true)
  })
})

describe('an eip155 host with walletConnect() built from the packed package', () => {
  it('loads the compiler helper package only with the WalletConnect SDK: the kernel carries its own helper', () => {
    const metafile = metafiles.get('walletconnect')!
    const eager = eagerOutputs(metafile, entryOutput(metafile, 'host.ts'))
    const inputsOf = (outputs: Iterable<string>) => [...outputs].flatMap((f) => Object.keys(metafile.outputs[f]!.inputs))
    const lazy = Object.keys(metafile.outputs).filter((f) => !eager.has(f))
    expect(inputsOf(eager).filter((i) => /node_modules\/tslib\//.test(i))).toEqual([])
    expect(inputsOf(eager).filter((i) => /node_modules\/@walletconnect\//.test(i))).toEqual([])
    // The SDK does use the helper package (else this host would prove nothing), and the kernel's container is eager.
    expect(inputsOf(lazy).some((i) => /node_modules\/tslib\//.test(i))).toBe(true)
    expect(inputsOf(eager).some((i) => i.includes('node_modules/vestibule/dist/kernel/core.js'))).toBe(true)
  })
})

describe('an eip155 host on wagmi built from the packed package', () => {
  // The packed host has no wagmi installed (an optional peer): a runtime import of it would fail this build.
  it("ships the connector (its code, not wagmi's: the connector imports only wagmi's types)", () => {
    const inputs = Object.keys(metafiles.get('wagmi')!.inputs)
    expect(inputs.filter((i) => i.includes('node_modules/vestibule/dist/wagmi/')).sort()).toEqual([
      'node_modules/vestibule/dist/wagmi/index.js',
      'node_modules/vestibule/dist/wagmi/provider.js',
    ])
    expect(inputs.filter((i) => /node_modules\/(wagmi|@wagmi|@tanstack)\//.test(i))).toEqual([])
  })
})
