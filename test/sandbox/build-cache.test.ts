import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cachedBuild } from '../../sandbox/build-cache.mjs'

describe('the sandbox bundle cache', () => {
  let dir: string
  let entry: string
  let dependency: string
  const options = () => ({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm' as const,
    outfile: '/out.js',
    logLevel: 'silent' as const,
  })
  const text = async () => new TextDecoder().decode((await cachedBuild(options()))[0]!.contents)

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vb-build-cache-'))
    entry = path.join(dir, 'entry.js')
    dependency = path.join(dir, 'word.js')
    await writeFile(entry, "import { word } from './word.js'\nconsole.log(word)\n")
    await writeFile(dependency, "export const word = 'first'\n")
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('answers an unchanged build from the cache, and rebuilds when a file it read changes', async () => {
    // Whole seconds, which every file system keeps exactly.
    const then = new Date('2026-01-01T00:00:00Z')
    await utimes(dependency, then, then)
    expect(await text()).toContain('"first"')
    // Same size and modification time: the cache cannot tell, so its answer (the old word) proves it was used.
    await writeFile(dependency, "export const word = 'fresh'\n")
    await utimes(dependency, then, then)
    expect(await text()).toContain('"first"')
    // A real edit moves the modification time: the bundle is built again.
    await writeFile(dependency, "export const word = 'third'\n")
    await utimes(dependency, then, new Date(then.getTime() + 5_000))
    expect(await text()).toContain('"third"')
  })

  it('rebuilds a bundle whose input file has gone', async () => {
    await text()
    await writeFile(entry, "console.log('alone')\n")
    await rm(dependency)
    expect(await text()).toContain('alone')
  })
})
