// How the sandbox loads vestibule/server and other TypeScript modules in plain Node: compiled from the sources once
// per process, no compiled file left in the temporary folder.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadSource } from '../../sandbox/siwx/load.mjs'

// os.tmpdir() reads TMPDIR on every call: the loads below write under a folder of this test's own.
const previous = process.env.TMPDIR
let temp = ''
beforeAll(() => {
  temp = mkdtempSync(path.join(tmpdir(), 'load-source-test-'))
  process.env.TMPDIR = temp
})
afterAll(() => {
  if (previous === undefined) delete process.env.TMPDIR
  else process.env.TMPDIR = previous
  rmSync(temp, { recursive: true, force: true })
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
