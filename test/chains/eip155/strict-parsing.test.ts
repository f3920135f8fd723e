// What a wallet reports is parsed strictly: chain ids are hex quantities or decimal digits, accounts 0x and 40 hex
// digits with a valid EIP-55 checksum when mixed case; the checksum code stays out of the eager bundle.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { hostFromSource } from '../../../bench/host-build.mjs'
import { eagerOutputs, entryOutput, outputsWith } from '../../../bench/metafile.mjs'
import { parseChainId } from '../../../chains/eip155/session.js'
import { kernelOf } from '../../../kernel/kernel-of.js'
import { CHECKSUMMED, LOWER, useStrictPage } from './strict-wallet.js'

// One letter's case flipped: mixed case with a wrong checksum.
const WRONG_CHECKSUM = '0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const { wallet, modalWith } = useStrictPage()

describe('chain ids', () => {
  it.each([
    ['0x1', 1],
    ['0x3e8', 1000],
    ['0X3E8', Number.NaN],
    ['1000', 1000],
    [1000, 1000],
  ])('%j is chain %d', (value, id) => {
    if (Number.isNaN(id)) expect(() => parseChainId(value)).toThrow('invalid chain id')
    else expect(parseChainId(value)).toBe(id)
  })

  it.each(['0x1ZZ', '1e3', '1.0', ' 1', '0x', '01', '-1', '0', '0x0', '9007199254740993', 1.5, null, {}, [1]])(
    '%j is no chain id',
    (value) => {
      expect(() => parseChainId(value)).toThrow('The wallet reported an invalid chain id')
    },
  )

  it('connecting to a wallet reporting chain "0x1ZZ" fails with a wallet error instead of connecting chain 1', async () => {
    const { modal } = wallet([LOWER], '0x1ZZ')
    await expect(modal.connect('io.strict')).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: 'The wallet reported an invalid chain id: 0x1ZZ',
    })
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('a chainChanged to "1e3" or "0x1ZZ" is ignored; "0x3e8" moves to chain 1000', async () => {
    const { modal, emit } = wallet([LOWER])
    await modal.connect('io.strict')
    emit('chainChanged', '1e3')
    emit('chainChanged', '0x1ZZ')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:1')
    emit('chainChanged', '0x3e8')
    expect(modal.getNetwork().caipNetworkId).toBe('eip155:1000')
  })
})

describe('accounts', () => {
  it('accountsChanged with a wrong checksum or without 0x is ignored; an empty list disconnects', async () => {
    const { modal, emit } = wallet([LOWER])
    await modal.connect('io.strict')
    const seen: string[] = []
    kernelOf(modal).state.$snapshot.listen((s) => s.address !== undefined && seen.push(s.address))
    emit('accountsChanged', [WRONG_CHECKSUM])
    emit('accountsChanged', [LOWER.slice(2)])
    emit('accountsChanged', 'not a list')
    // Changes apply in the order sent: once the valid one after them applied, the three were refused.
    emit('accountsChanged', [CHECKSUMMED])
    await expect.poll(() => modal.getAccount().address).toBe(CHECKSUMMED)
    expect(new Set(seen)).toEqual(new Set([CHECKSUMMED]))
    expect(modal.getAccount().status).toBe('connected')
    emit('accountsChanged', [])
    await expect.poll(() => modal.getAccount().status).toBe('disconnected')
  })

  it.each([
    ['without 0x', LOWER.slice(2)],
    ['with a wrong EIP-55 checksum', WRONG_CHECKSUM],
    ['too short', LOWER.slice(0, 41)],
    ['not a string', 42],
  ])('an account %s is refused at connect', async (_what, account) => {
    const { modal } = wallet([account])
    await expect(modal.connect('io.strict')).rejects.toMatchObject({
      code: 'WALLET_ERROR',
      message: expect.stringMatching(/^The wallet returned an invalid account/),
    })
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('no account is "no account"', async () => {
    const { modal } = wallet([])
    await expect(modal.connect('io.strict')).rejects.toMatchObject({ code: 'WALLET_ERROR', message: 'The wallet returned no account' })
  })

  it.each([
    ['checksummed', CHECKSUMMED],
    ['all lowercase', LOWER],
    ['all uppercase hex', `0x${LOWER.slice(2).toUpperCase()}`],
  ])('a %s account connects', async (_what, account) => {
    const { modal } = wallet([account])
    await modal.connect('io.strict')
    expect(modal.getAccount().address).toBe(account)
  })
})

describe('wallet errors', () => {
  it("a wallet error of 1 MB reaches the host as 200 characters of the wallet's words", async () => {
    const modal = modalWith('io.loud', {
      request: async () => Promise.reject(Object.assign(new Error(`Denied ${'x'.repeat(1_000_000)}`), { code: -32000 })),
    })
    const error = (await modal.connect('io.loud').catch((e: unknown) => e)) as {
      code: string
      message: string
      walletMessage: string
      walletCode: number
    }
    expect(error).toMatchObject({ code: 'WALLET_ERROR', walletCode: -32000 })
    expect(error.message).toHaveLength(200)
    expect(error.message.startsWith('Denied xxx')).toBe(true)
    expect(error.walletMessage).toBe(error.message)
  })
})

describe('the EIP-55 checksum code', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'vb-eip55-'))

  it('is not in the eager bundle of a host that uses the eip155 plugin, only in a chunk loaded on demand', async () => {
    try {
      const { metafile } = await build({
        ...hostFromSource(`import { eip155, mainnet } from 'vestibule/chains/eip155'\nconsole.log(eip155({ networks: [mainnet] }))`),
        outdir,
      })
      const eager = eagerOutputs(metafile, entryOutput(metafile, 'host.ts'))
      const keccak = outputsWith(metafile, /node_modules\/@noble\/hashes\/(esm\/)?sha3/)
      expect(keccak.length).toBeGreaterThan(0)
      expect(keccak.filter((output) => eager.has(output))).toEqual([])
    } finally {
      rmSync(outdir, { recursive: true, force: true })
    }
  })
})
