/** Code loaded once on first use: shared while it loads, loaded again after a failure, never a kept rejection. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { lazyOnce } from '../../kernel/lazy-once.js'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('lazyOnce', () => {
  it('a module that failed to load (missing, as a chunk is offline) is imported again on the next call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lazy-once-'))
    dirs.push(dir)
    const file = join(dir, 'chunk.mjs')
    let imports = 0
    const load = lazyOnce(() => (imports++, import(/* @vite-ignore */ pathToFileURL(file).href) as Promise<{ answer: number }>))
    await expect(load()).rejects.toThrow()
    writeFileSync(file, 'export const answer = 42\n')
    expect((await load()).answer).toBe(42)
    // Loaded: later calls share that module without importing again.
    expect(await load()).toBe(await load())
    expect(imports).toBe(2)
  })

  it('calls while it loads share one load; a rejection reaches every caller of that load, and only them', async () => {
    let runs = 0
    let fail: (error: Error) => void = () => undefined
    const load = lazyOnce(() => (runs++, new Promise<string>((_, reject) => (fail = reject))))
    const first = load()
    const second = load()
    expect(first).toBe(second)
    fail(new Error('Failed to fetch dynamically imported module'))
    await expect(first).rejects.toThrow('Failed to fetch dynamically imported module')
    await expect(second).rejects.toThrow('Failed to fetch dynamically imported module')
    void load().catch(() => undefined)
    expect(runs).toBe(2)
  })

  it('runs the load in the caller’s task, and a throw from it is a rejection, tried again next time', async () => {
    let runs = 0
    const load = lazyOnce(() => {
      runs++
      if (runs === 1) throw new Error('not yet')
      return 'ready'
    })
    const first = load()
    expect(runs).toBe(1)
    await expect(first).rejects.toThrow('not yet')
    await expect(load()).resolves.toBe('ready')
    await expect(load()).resolves.toBe('ready')
    expect(runs).toBe(2)
  })

  it('started() is the load under way or done, never starting one, and nothing after a failure', async () => {
    let runs = 0
    let fail: (error: Error) => void = () => undefined
    const load = lazyOnce(() => (runs++, new Promise<string>((_, reject) => (fail = reject))))
    expect(load.started()).toBeUndefined()
    expect(runs).toBe(0)
    const first = load()
    expect(load.started()).toBe(first)
    fail(new Error('offline'))
    await expect(first).rejects.toThrow('offline')
    expect(load.started()).toBeUndefined()
    expect(runs).toBe(1)
  })
})
