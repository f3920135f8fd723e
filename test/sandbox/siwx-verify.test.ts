// The sandbox sign-in backend's signature check: the family's own verifier, loaded from the sources and compiled
// for Node; a family without a verifier module gives undefined; no compiled file is left in the temporary folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSource } from '../../sandbox/siwx/load.mjs'
import { verifySignature } from '../../sandbox/siwx/verify-signature.mjs'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const message = 'Sign in to the sandbox'

// os.tmpdir() reads TMPDIR on every call: the loads below write under a folder of this test's own.
const previous = process.env.TMPDIR
let temp = ''
beforeAll(() => {
  temp = mkdtempSync(path.join(tmpdir(), 'siwx-verify-test-'))
  process.env.TMPDIR = temp
})
afterAll(() => {
  if (previous === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previous
  rmSync(temp, { recursive: true, force: true })
})

describe('verifySignature', () => {
  it("checks an eip155 signature with the chain plugin's verifier: the signer's is true, another's false", async () => {
    const signature = await account.signMessage({ message })
    expect(await verifySignature({ chainId: 'eip155:1', address: account.address, message, signature })).toBe(true)
    expect(await verifySignature({ chainId: 'eip155:1', address: account.address, message: `${message}!`, signature })).toBe(false)
    expect(readdirSync(temp)).toEqual([])
  })

  it('a family without a verifier module, or a namespace that is not one, gives undefined', async () => {
    expect(await verifySignature({ chainId: 'nofamily:1', address: 'a', message, signature: 's' })).toBeUndefined()
    expect(await verifySignature({ chainId: '../kernel:1', address: 'a', message, signature: 's' })).toBeUndefined()
    expect(readdirSync(temp)).toEqual([])
  })
})

describe('loadSource', () => {
  it('compiles a module once per process and leaves no file behind', async () => {
    const first = loadSource('plugins/siwx/messages.ts')
    expect(loadSource('plugins/siwx/messages.ts')).toBe(first)
    expect(Object.keys(await first).length).toBeGreaterThan(0)
    expect(readdirSync(temp)).toEqual([])
  })

  it('a missing module rejects with ENOENT and is tried again on the next call', async () => {
    const missing = loadSource('chains/nofamily/verify-message.ts')
    await expect(missing).rejects.toMatchObject({ code: 'ENOENT' })
    expect(loadSource('chains/nofamily/verify-message.ts')).not.toBe(missing)
    await expect(loadSource('chains/nofamily/verify-message.ts')).rejects.toMatchObject({ code: 'ENOENT' })
  })
})
