/** Public EVM utilities: the EIP-55 checking isChecksumAddress (apart from the structural isAddress) and chainIdToCoinType. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { eagerOutputs, entryOutput } from '../../../bench/metafile.mjs'
import { hostFromSource } from '../../../bench/host-build.mjs'
import { chainIdToCoinType, isAddress, isChecksumAddress } from '../../../chains/eip155/index.js'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'

// Checksummed examples of EIP-55 itself.
const EIP55_VECTORS = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
]

/** Flips the case of the first letter of the hex part: a checksummed address with one wrong letter. */
const flipOneLetter = (address: string) => {
  const i = address.slice(2).search(/[a-fA-F]/) + 2
  const c = address[i]!
  return address.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + address.slice(i + 1)
}

describe('isChecksumAddress: optional 0x plus 40 hex; mixed case must match the EIP-55 checksum', () => {
  it.each(EIP55_VECTORS)('accepts the EIP-55 vector %s', (address) => {
    expect(isChecksumAddress(address)).toBe(true)
    expect(isChecksumAddress(address.slice(2))).toBe(true)
  })

  it.each(EIP55_VECTORS)('refuses %s with one letter in the wrong case', (address) => {
    expect(isChecksumAddress(flipOneLetter(address))).toBe(false)
    expect(isChecksumAddress(flipOneLetter(address).slice(2))).toBe(false)
  })

  it.each([
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '27b1fdb04752bbc536007a920d24acb045561c26',
    `0x${'0'.repeat(40)}`,
  ])('accepts all-lowercase or all-uppercase hex (no checksum) %s', (address) => {
    expect(isChecksumAddress(address)).toBe(true)
  })

  it('agrees with viem getAddress on 200 random addresses', () => {
    for (let n = 0; n < 200; n++) {
      const hex = `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('')}`
      const checksummed = getAddress(hex)
      expect(isChecksumAddress(checksummed)).toBe(true)
      // A flip that leaves one case only carries no checksum (valid by EIP-55), so only mixed-case flips must fail.
      const flipped = flipOneLetter(checksummed)
      if (/[a-f]/.test(flipped.slice(2)) && /[A-F]/.test(flipped.slice(2))) expect(isChecksumAddress(flipped)).toBe(false)
    }
  })

  it.each([
    ['39 hex characters', `0x${'a'.repeat(39)}`],
    ['41 hex characters', `0x${'a'.repeat(41)}`],
    ['a non-hex character', `0x${'a'.repeat(39)}g`],
    ['an uppercase 0X prefix', '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['surrounding spaces', ' 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed '],
    ['a CAIP address', 'eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['an ENS name', 'vitalik.eth'],
    ['the empty string', ''],
  ])('refuses %s', (_what, value) => {
    expect(isChecksumAddress(value)).toBe(false)
  })

  it.each([undefined, null, 42, {}])('refuses the non-string %j', (value) => {
    expect(isChecksumAddress(value as never)).toBe(false)
  })

  it('the adapter keeps its own check structural (no checksum, no keccak on the connect path)', () => {
    const adapter = createEip155Adapter({ networks: [], eip6963: false })
    expect(adapter.isAddress(flipOneLetter(EIP55_VECTORS[0]!))).toBe(true)
  })
})

describe('chainIdToCoinType: sets the high bit (ENSIP-11)', () => {
  it.each([
    [0, 0x80000000],
    [1, 2147483649],
    [10, 2147483658],
    [137, 2147483785],
    [42161, 2147525809],
    [2147483647, 0xffffffff],
  ])('chainIdToCoinType(%i) is %i', (chainId, coinType) => {
    expect(chainIdToCoinType(chainId)).toBe(coinType)
  })

  it.each([
    ['2147483648 (2^31)', 2147483648],
    ['a larger id', 4294967296],
    ['a negative id', -1],
    ['a non-integer', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Infinity],
    ['a string', '1'],
  ])('throws "Invalid chainId" for %s', (_what, chainId) => {
    expect(() => chainIdToCoinType(chainId as number)).toThrow('Invalid chainId')
  })
})

describe('keccak ships only to hosts that import isChecksumAddress', () => {
  const KECCAK = /node_modules\/@noble\/hashes\/esm\/sha3\.js$/

  async function eagerKeccak(host: string) {
    const outdir = mkdtempSync(join(tmpdir(), 'vb-keccak-'))
    try {
      const { metafile } = await build({ ...hostFromSource(host), outdir })
      const eager = eagerOutputs(metafile, entryOutput(metafile, 'host.ts'))
      return [...eager].some((file) =>
        Object.entries(metafile.outputs[file]!.inputs).some(([input, { bytesInOutput }]) => KECCAK.test(input) && bytesInOutput > 0),
      )
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  }

  const base = `import { createKernel } from 'vestibule/kernel'\nimport { eip155, mainnet } from 'vestibule/chains/eip155'\n`

  it('an eip155 host without isChecksumAddress loads no keccak before viem is needed', async () => {
    expect(await eagerKeccak(`${base}createKernel({ plugins: [eip155({ networks: [mainnet] })] })`)).toBe(false)
  })

  it('a host calling isChecksumAddress gets keccak', async () => {
    expect(
      await eagerKeccak(
        `${base}import { isChecksumAddress } from 'vestibule/chains/eip155'\ncreateKernel({ plugins: [eip155({ networks: [mainnet] })] })\nconsole.log(isChecksumAddress(location.hash))`,
      ),
    ).toBe(true)
  })
})

describe('two address rules, named apart', () => {
  it('isAddress is structural (letter case unchecked), isChecksumAddress also checks EIP-55', () => {
    const wrongCase = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    expect(isAddress(wrongCase)).toBe(true)
    expect(isChecksumAddress(wrongCase)).toBe(false)
    expect(isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isChecksumAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
  })
})
