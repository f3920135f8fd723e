// Networks and the plugin factory of chains/bip122: built-in definitions, CAIP-2 ids, custom networks and the
// errors a host gets for malformed ones; and the eager part: no SDK, within 3 KB gzip.
import { gzipSync } from 'node:zlib'
import { build, type Plugin as EsbuildPlugin } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { sourceEntry } from '../../../bench/host-build.mjs'
import { eagerOutputs, entryOutput, inputsOf } from '../../../bench/metafile.mjs'
import { root } from '../../../bench/resolve-vestibule.mjs'
import { bip122, bitcoin, bitcoinTestnet, defineNetwork, type Bip122Network } from '../../../chains/bip122/index.js'
import { createKernel } from '../../../kernel/index.js'
import { LITECOIN_PARAMS, LITECOIN_REGTEST_GENESIS, litecoinRegtest } from './fixtures.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

describe('built-in networks', () => {
  it('Bitcoin mainnet: BTC with 8 decimals, CAIP-2 reference = first 32 hex characters of the genesis hash', () => {
    expect(bitcoin).toMatchObject({
      id: '000000000019d6689c085ae165831e93',
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      name: 'Bitcoin',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      custom: {
        esploraUrl: 'https://blockstream.info/api',
        params: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 },
        walletChain: 'bitcoin:mainnet',
      },
    })
    expect(bitcoin.testnet).toBeUndefined()
  })

  it('Bitcoin testnet: BTC with 8 decimals, testnet prefixes', () => {
    expect(bitcoinTestnet).toMatchObject({
      id: '000000000933ea01ad0ee984209779ba',
      caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
      nativeCurrency: { symbol: 'BTC', decimals: 8 },
      custom: { params: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4 }, walletChain: 'bitcoin:testnet' },
      testnet: true,
    })
  })
})

describe('defineNetwork', () => {
  it('takes a full genesis hash and injects the address parameters (Litecoin regtest)', () => {
    const network = litecoinRegtest('http://127.0.0.1:3002/')
    expect(network).toMatchObject({
      id: LITECOIN_REGTEST_GENESIS.slice(0, 32),
      caipNetworkId: 'bip122:530827f38f93b43ed12af0b3ad25a288',
      chainNamespace: 'bip122',
      nativeCurrency: { symbol: 'LTC', decimals: 8 },
      rpcUrls: { default: { http: ['http://127.0.0.1:3002/'] } },
      custom: { esploraUrl: 'http://127.0.0.1:3002', params: LITECOIN_PARAMS },
      testnet: true,
    })
  })

  it('defaults the currency to BTC and accepts an upper-case 32-character reference', () => {
    const network = defineNetwork({
      genesisHash: LITECOIN_REGTEST_GENESIS.slice(0, 32).toUpperCase(),
      name: 'X',
      esploraUrl: 'https://e.example',
      params: LITECOIN_PARAMS,
    })
    expect(network.caipNetworkId).toBe('bip122:530827f38f93b43ed12af0b3ad25a288')
    expect(network.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
  })

  it.each([
    [{ genesisHash: 'abc' }, 'bip122 network "Bad" needs genesisHash: 32 or 64 lowercase hex characters'],
    [{ genesisHash: 'z'.repeat(64) }, 'bip122 network "Bad" needs genesisHash: 32 or 64 lowercase hex characters'],
    [{ esploraUrl: 'ftp://x' }, 'bip122 network "Bad" needs esploraUrl: an http(s) URL'],
    [
      { params: { bech32: 'BC', pubKeyHash: 0, scriptHash: 5 } },
      'bip122 network "Bad" needs params: bech32 (lowercase hrp), pubKeyHash and scriptHash (bytes)',
    ],
    [
      { params: { bech32: 'bc', pubKeyHash: 256, scriptHash: 5 } },
      'bip122 network "Bad" needs params: bech32 (lowercase hrp), pubKeyHash and scriptHash (bytes)',
    ],
    [{ params: undefined }, 'bip122 network "Bad" needs params: bech32 (lowercase hrp), pubKeyHash and scriptHash (bytes)'],
  ])('rejects %j', (patch, message) => {
    const input = {
      genesisHash: LITECOIN_REGTEST_GENESIS,
      name: 'Bad',
      esploraUrl: 'http://127.0.0.1:1',
      params: LITECOIN_PARAMS,
      ...patch,
    }
    expect(() => defineNetwork(input as Parameters<typeof defineNetwork>[0])).toThrow(message)
  })
})

describe('the bip122() plugin', () => {
  const modalWith = (networks: unknown) =>
    createKernel({ projectId: 'p', storage: null, plugins: [bip122({ networks: networks as Bip122Network[] })] })

  it('registers a bip122 adapter with the payment account type and its capabilities', () => {
    const modal = modalWith([bitcoin, bitcoinTestnet])
    const adapter = kernelOf(modal).chains.get('bip122')!
    expect(adapter.defaultAccountType).toBe('payment')
    expect(adapter.networks).toEqual([bitcoin, bitcoinTestnet])
    expect([...adapter.capabilities]).toEqual(expect.arrayContaining(['signMessage', 'sendNative']))
    expect(modal.getPlugin('bip122')).toEqual({ networks: [bitcoin, bitcoinTestnet] })
    // Amounts: bigint satoshis both ways, no floats.
    expect(adapter.formatAmount(1234567891n, bitcoin)).toBe('12.34567891')
    expect(adapter.parseAmount('0.00000001', bitcoin)).toBe(1n)
    expect(() => adapter.parseAmount('0.000000001', bitcoin)).toThrow('Too many decimals: at most 8')
    // Without a network, an address of any configured network.
    expect(adapter.isAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(true)
    modal.destroy()
  })

  it('validates addresses against the configured networks when none is given', () => {
    const regtest = litecoinRegtest('http://127.0.0.1:1')
    const adapter = kernelOf(modalWith([regtest])).chains.get('bip122')!
    expect(adapter.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false)
    expect(adapter.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', bitcoin)).toBe(true)
  })

  it.each([
    [undefined, 'bip122() needs `networks`'],
    [[], 'bip122() needs `networks`'],
    [[null], 'bip122 network #1 is not an object'],
    [[bitcoin, bitcoin], `bip122 network #2 ("Bitcoin") ${bitcoin.caipNetworkId} is listed twice`],
    [[{ ...bitcoin, chainNamespace: 'eip155' }], 'bip122 network #1 ("Bitcoin") has chainNamespace "eip155", expected "bip122"'],
    [[{ ...bitcoin, custom: { ...bitcoin.custom, esploraUrl: 'nope' } }], 'bip122 network #1 ("Bitcoin") needs esploraUrl: an http(s) URL'],
    [[{ ...bitcoin, caipNetworkId: 'bip122:00' }], 'bip122 network #1 ("Bitcoin") needs genesisHash'],
  ])('rejects networks %#', (networks, message) => {
    expect(() => modalWith(networks)).toThrow(message)
  })
})

describe('the eager part of chains/bip122', () => {
  /** The kernel is shared by every plugin of a host; what is measured here is the plugin's own code. */
  const kernelExternal: EsbuildPlugin = {
    name: 'kernel-external',
    setup(b) {
      b.onResolve({ filter: /^vestibule(\/|$)|kernel\/[\w-]+\.js$/ }, (args) => ({ path: args.path, external: true }))
    },
  }
  const bundle = async () => {
    const { metafile } = await build({ ...sourceEntry('chains/bip122/index.ts'), minify: true, plugins: [kernelExternal] })
    return { metafile, eager: eagerOutputs(metafile, entryOutput(metafile, 'chains/bip122/index.ts')) }
  }

  it('has no SDK and no Wallet Standard code: bitcoinjs-lib and discovery load with import()', async () => {
    const { metafile, eager } = await bundle()
    const lazy = Object.keys(metafile.outputs).filter((o) => !eager.has(o))
    expect(inputsOf(metafile, eager).filter((i) => /node_modules|wallet-standard|session|psbt/.test(i))).toEqual([])
    expect(inputsOf(metafile, lazy).some((i) => i.includes('node_modules/bitcoinjs-lib/'))).toBe(true)
    expect(inputsOf(metafile, lazy)).toEqual(
      expect.arrayContaining(['chains/shared/wallet-standard.ts', 'chains/bip122/session.ts', 'chains/bip122/psbt.ts']),
    )
  })

  it('is at most 3 KB gzip (minified, the kernel and everything behind import() left out)', async () => {
    const result = await build({
      entryPoints: ['chains/bip122/index.ts'],
      absWorkingDir: root,
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
      plugins: [
        kernelExternal,
        {
          name: 'lazy-external',
          setup: (b) =>
            b.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined)),
        },
      ],
    })
    const code = result.outputFiles[0]!.contents
    expect(new TextDecoder().decode(code)).toContain('import("./session.js")')
    expect(gzipSync(code, { level: 9 }).length).toBeLessThanOrEqual(3 * 1024)
  })
})
