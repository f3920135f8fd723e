// The packed-host cache: a tarball is packed and installed once per content, every host gets its own folder with
// real files, a change of what npm packs gives a new install, and an unfinished install is never used, also when
// two processes ask at once. A small package of its own (no dependencies) keeps npm quick and offline.
import { execFile } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { cachedFolder, installTarball, packKey, root } from '../../bench/packed.mjs'

const work = mkdtempSync(join(tmpdir(), 'vb-packed-test-'))
const pkg = join(work, 'pkg')
let cacheDir = ''
const hosts: Array<{ remove(): Promise<void> }> = []

const writeDist = (text: string) => {
  mkdirSync(join(pkg, 'dist'), { recursive: true })
  writeFileSync(join(pkg, 'dist/index.js'), text)
}
const install = () => {
  const host = installTarball(pkg, 'vb-fixture', {}, { cacheDir })
  hosts.push(host)
  return host
}
const installedText = (dir: string) => readFileSync(join(dir, 'node_modules/vb-fixture/dist/index.js'), 'utf8')

beforeEach(() => {
  rmSync(pkg, { recursive: true, force: true })
  mkdirSync(pkg)
  writeFileSync(
    join(pkg, 'package.json'),
    JSON.stringify({ name: 'vb-fixture', version: '1.0.0', type: 'module', main: 'dist/index.js', files: ['dist'] }),
  )
  writeFileSync(join(pkg, 'README.md'), '# fixture\n')
  writeDist('export const version = 1\n')
  cacheDir = mkdtempSync(join(work, 'cache-'))
})
afterAll(async () => {
  await Promise.all(hosts.map((host) => host.remove()))
  rmSync(work, { recursive: true, force: true })
})

describe('the packed-host cache', () => {
  it('installs a tarball once: the next host of the same content is a copy with real files in a folder of its own', {
    timeout: 120_000,
  }, () => {
    const first = install()
    const second = install()
    expect([first.installed, second.installed]).toEqual([true, false])
    expect(second.dir).not.toBe(first.dir)
    expect(installedText(second.dir)).toBe('export const version = 1\n')
    // npm's layout, at real paths inside the host: a bundler resolving from the host stays in its folder.
    expect(lstatSync(join(second.dir, 'node_modules')).isSymbolicLink()).toBe(false)
    expect(realpathSync(join(second.dir, 'node_modules/vb-fixture/dist/index.js'))).toBe(
      join(second.dir, 'node_modules/vb-fixture/dist/index.js'),
    )
    expect(readdirSync(join(second.dir, 'packs'))).toEqual(['vb-fixture-1.0.0.tgz'])
    // What a host writes stays in that host.
    writeFileSync(join(first.dir, 'node_modules/vb-fixture/written.js'), '')
    expect(existsSync(join(second.dir, 'node_modules/vb-fixture/written.js'))).toBe(false)
    expect(install().installed).toBe(false)
  })

  it('installs again when a packed file changes, and keeps what earlier hosts got', { timeout: 120_000 }, () => {
    const before = install()
    writeDist('export const version = 2\n')
    const after = install()
    expect(after.installed).toBe(true)
    expect(installedText(after.dir)).toBe('export const version = 2\n')
    expect(installedText(before.dir)).toBe('export const version = 1\n')
    // Back to the first content: its install is still there.
    writeDist('export const version = 1\n')
    expect(install().installed).toBe(false)
  })

  it('keys the pack by package.json, the README and every file under `files`, and nothing else', () => {
    const key = packKey(pkg)
    writeFileSync(join(pkg, 'notes.txt'), 'not packed')
    expect(packKey(pkg)).toBe(key)
    writeFileSync(join(pkg, 'README.md'), '# fixture, changed\n')
    const readme = packKey(pkg)
    expect(readme).not.toBe(key)
    writeFileSync(join(pkg, 'dist/extra.js'), '')
    expect(packKey(pkg)).not.toBe(readme)
    // The repository's own key covers its dist/.
    expect(packKey(root)).toMatch(/^[0-9a-f]{24}$/)
  })

  it('never uses an unfinished folder: a failed or interrupted make is done again', () => {
    expect(() =>
      cachedFolder(cacheDir, 'entry', (folder) => {
        writeFileSync(join(folder, 'half'), '')
        throw new Error('npm failed')
      }),
    ).toThrow('npm failed')
    expect(readdirSync(cacheDir)).toEqual([])
    // A folder in place without its completion marker (a process killed while writing it).
    mkdirSync(join(cacheDir, 'entry'))
    writeFileSync(join(cacheDir, 'entry/half'), '')
    const made = cachedFolder(cacheDir, 'entry', (folder) => writeFileSync(join(folder, 'whole'), ''))
    expect(made.made).toBe(true)
    expect(readdirSync(made.path).sort()).toEqual(['.complete', 'whole'])
    expect(cachedFolder(cacheDir, 'entry', () => expect.unreachable()).made).toBe(false)
  })

  it('keeps the three most recently used folders, and none used in the last half hour is removed', () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    for (const [name, hours] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
      ['d', 0.1],
    ] as const) {
      cachedFolder(cacheDir, name, () => undefined)
      utimesSync(join(cacheDir, name, '.complete'), hoursAgo(hours), hoursAgo(hours))
    }
    cachedFolder(cacheDir, 'e', () => undefined)
    // e (new), d (in use) and a (the most recent of the idle ones): b and c are removed.
    expect(readdirSync(cacheDir).sort()).toEqual(['a', 'd', 'e'])
  })

  it('installs once when two processes ask for the same tarball at once', { timeout: 180_000 }, async () => {
    const script = `
      import { installTarball } from ${JSON.stringify(join(root, 'bench/packed.mjs'))}
      const host = installTarball(${JSON.stringify(pkg)}, 'vb-fixture', {}, { cacheDir: ${JSON.stringify(cacheDir)} })
      console.log(JSON.stringify({ dir: host.dir, installed: host.installed }))`
    const run = () => promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]).then((r) => JSON.parse(r.stdout))
    const results: Array<{ dir: string; installed: boolean }> = await Promise.all([run(), run()])
    for (const { dir } of results) hosts.push({ remove: async () => rmSync(dir, { recursive: true, force: true }) })
    expect(results.map((r) => r.installed).sort()).toEqual([false, true])
    for (const { dir } of results) expect(installedText(dir)).toBe('export const version = 1\n')
    expect(readdirSync(join(cacheDir, 'installs'))).toHaveLength(1)
  })
})
