// The package as hosts receive it: `npm pack` of the built dist/, installed with npm into a folder outside the
// repository together with the peers a host installs (at the versions this repository develops against).
//
// Packing and installing take about a minute on a loaded machine, and every host of one run gets the same
// tarball: a tarball is packed once per content of what `npm pack` reads, and installed once per tarball and
// dependency list, into a cache under the system's temporary folder. Each host is a fresh folder of its own whose
// node_modules is a hard-linked copy of that install (real files at real paths inside the host, as npm leaves
// them), so a host's builds and extra files never reach another host or the cache.
import { execFileSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import { rm } from 'node:fs/promises'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** Where packed tarballs and their installs are kept between runs (shared by concurrent test workers). */
export const CACHE_DIR = join(tmpdir(), 'vb-packed-cache')

/** The version of `name` installed in the repository, which is the one its tests ran against. */
const installedVersion = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version

/**
 * Optional peers only a host using `vestibule/wagmi` has; the connector takes nothing but their types, so the
 * hosts here go without them (what a host without wagmi installs).
 */
const WAGMI_PEERS = new Set(['wagmi', '@wagmi/core', '@tanstack/react-query'])
/** The optional peer only a host's server has (the Redis client of `vestibule/server`): the browser hosts go without it. */
const SERVER_PEERS = new Set(['redis'])

/** The `vestibule/plugins/<feature>` entries the package exports (not the modules a plugin exports apart). */
export const featureEntries = Object.keys(manifest.exports)
  .filter((key) => /^\.\/plugins\/[^/]+$/.test(key))
  .map((key) => key.slice(2))

/** The newest modification time (ms) of the files under `path` (a file or a folder). */
const newest = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), 0)
}

/** The package's sources: dist/ older than any of them is built again. */
const SOURCES = ['index.ts', 'kernel', 'ui', 'chains', 'plugins', 'wagmi', 'server', 'package.json', 'rollup.config.mjs', 'tsconfig.json']

/** Files npm packs whatever `files` says (matched in the package's root folder). */
const ALWAYS_PACKED = /^(package\.json|readme|license|licence|copying|notice|changelog|changes|history)(\.[^/]*)?$/i

/**
 * A hash of everything `npm pack` of `packageDir` can read: package.json and the root files npm always packs, and
 * every file (path and bytes) under each `files` entry. It is a superset of the tarball's content, so two equal
 * hashes pack the same tarball, and any change of a packed file gives a new hash.
 */
export function packKey(packageDir) {
  const hash = createHash('sha256')
  const add = (relative) => {
    const path = join(packageDir, relative)
    const stat = statSync(path, { throwIfNoEntry: false })
    if (!stat) return
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(relative, name))
      return
    }
    hash.update(`${relative}\0${stat.size}\0`)
    hash.update(readFileSync(path))
  }
  const { files = [] } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'))
  for (const name of readdirSync(packageDir).sort()) if (ALWAYS_PACKED.test(name)) add(name)
  for (const entry of [...files].sort()) add(entry.replace(/^\.?\//, ''))
  return hash.digest('hex').slice(0, 24)
}

/** Written last into a finished cache folder: a folder without it is never used. */
const MARKER = '.complete'
/** A lock older than this is taken over (its holder died without removing it). */
const STALE_LOCK_MS = 20 * 60_000
/** A cache folder not used for this long is removed when another one is made. */
const UNUSED_MS = 6 * 60 * 60_000

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)

/** Whether the lock folder's owner (pid@host written into it) is gone, or the lock is too old to trust. */
function staleLock(lock) {
  const stat = statSync(lock, { throwIfNoEntry: false })
  if (!stat) return false
  if (Date.now() - stat.mtimeMs > STALE_LOCK_MS) return true
  let owner
  try {
    owner = readFileSync(join(lock, 'owner'), 'utf8')
  } catch {
    // Taken a moment ago; its owner is about to write its name.
    return Date.now() - stat.mtimeMs > 30_000
  }
  const [pid, host] = owner.split('@')
  if (host !== hostname()) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    return error.code === 'ESRCH'
  }
}

/** Runs `work` holding the lock folder `lock` (mkdir is atomic: one process at a time, across processes). */
function withLock(lock, work) {
  const deadline = Date.now() + 30 * 60_000
  for (;;) {
    try {
      mkdirSync(lock)
      break
    } catch (error) {
      if (error.code !== 'EEXIST') throw error
      if (staleLock(lock)) rmSync(lock, { recursive: true, force: true })
      else if (Date.now() > deadline) throw new Error(`${lock} is still held after 30 minutes`)
      else sleep(500)
    }
  }
  try {
    writeFileSync(join(lock, 'owner'), `${process.pid}@${hostname()}`)
    return work()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** Finished cache folders kept per kind beyond those used in the last UNUSED_MS: the most recently used. */
const KEEP = 3
/** A folder is never removed within this time of its last use (a process may be copying it). */
const IN_USE_MS = 30 * 60_000

/**
 * Removes the cache folders under `parent` nobody used for UNUSED_MS, the least recently used beyond KEEP (an
 * install is hundreds of MB), and unfinished ones a crashed process left.
 */
function evict(parent, keep) {
  const folders = readdirSync(parent)
    .filter((name) => name !== keep && !name.endsWith('.lock'))
    .map((name) => {
      const path = join(parent, name)
      const used = statSync(join(path, MARKER), { throwIfNoEntry: false }) ?? statSync(path, { throwIfNoEntry: false })
      return { name, path, idle: used ? Date.now() - used.mtimeMs : 0 }
    })
    .sort((a, b) => a.idle - b.idle)
  folders.forEach(({ name, path, idle }, rank) => {
    if (idle < IN_USE_MS || (idle < UNUSED_MS && rank + 1 < KEEP)) return
    // Renamed first, so no process finds it half removed.
    const trash = join(parent, `${name}.trash-${randomBytes(4).toString('hex')}`)
    try {
      renameSync(path, trash)
    } catch {
      return
    }
    rmSync(trash, { recursive: true, force: true })
  })
}

/**
 * The finished cache folder `parent/name`, made by `make(folder)` when there is none: in a temporary folder,
 * under a lock (a concurrent process waits, then finds it finished), marked complete and renamed into place only
 * when `make` returned. Returns the folder and whether this call made it.
 */
export function cachedFolder(parent, name, make) {
  const path = join(parent, name)
  const marker = join(path, MARKER)
  const use = () => {
    const now = new Date()
    utimesSync(marker, now, now)
    return path
  }
  if (existsSync(marker)) return { path: use(), made: false }
  mkdirSync(parent, { recursive: true })
  return withLock(`${path}.lock`, () => {
    if (existsSync(marker)) return { path: use(), made: false }
    // An unfinished folder of an older layout or a crashed process: never used.
    rmSync(path, { recursive: true, force: true })
    const temporary = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
    mkdirSync(temporary)
    try {
      make(temporary)
      writeFileSync(join(temporary, MARKER), new Date().toISOString())
      renameSync(temporary, path)
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true })
      throw error
    }
    evict(parent, name)
    return { path, made: true }
  })
}

const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error']

/** The tarball `npm pack` makes of `packageDir`, packed once per packKey. */
export function packedTarball(packageDir, cacheDir = CACHE_DIR) {
  const { path, made } = cachedFolder(join(cacheDir, 'packs'), packKey(packageDir), (folder) =>
    execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', folder], {
      cwd: packageDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  )
  const tarball = readdirSync(path).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error(`npm pack wrote no tarball into ${path}`)
  return { path: join(path, tarball), made }
}

/**
 * A copy of `from` at `to` whose files are hard links (symbolic links are copied as links); a plain copy where
 * the system's cp cannot link.
 */
function linkedCopy(from, to) {
  try {
    execFileSync('cp', ['-a', '--link', from, to], { stdio: ['ignore', 'ignore', 'ignore'] })
  } catch {
    rmSync(to, { recursive: true, force: true })
    cpSync(from, to, { recursive: true, verbatimSymlinks: true })
  }
}

/**
 * Installs `dependencies` (name → version or `file:` spec relative to the folder) with npm into the fresh folder
 * `dir`: npm runs once per package.json (and `files`: name → path of a file it refers to, copied beside it) into
 * the cache; `dir` gets that package.json, lock file and files, and a hard-linked copy of its node_modules.
 * Returns whether npm ran for this call.
 */
export function installDependencies(dir, dependencies, { files = {}, cacheDir = CACHE_DIR } = {}) {
  const packageJson = `${JSON.stringify({ name: 'vb-host', private: true, type: 'module', dependencies }, null, 2)}\n`
  const hash = createHash('sha256').update(packageJson)
  for (const [name, file] of Object.entries(files).sort()) hash.update(`\0${name}\0`).update(readFileSync(file))
  const { path, made } = cachedFolder(join(cacheDir, 'installs'), hash.digest('hex').slice(0, 24), (folder) => {
    for (const [name, file] of Object.entries(files)) {
      mkdirSync(join(folder, name, '..'), { recursive: true })
      writeFileSync(join(folder, name), readFileSync(file))
    }
    writeFileSync(join(folder, 'package.json'), packageJson)
    execFileSync('npm', NPM_INSTALL, { cwd: folder, stdio: ['ignore', 'ignore', 'inherit'] })
  })
  mkdirSync(dir, { recursive: true })
  for (const name of readdirSync(path)) if (name !== MARKER) linkedCopy(join(path, name), join(dir, name))
  return made
}

/**
 * Installs the tarball of `packageDir` (as `name`) and `dependencies` into a fresh folder outside the repository,
 * through the cache (see installDependencies). `installed`: whether npm ran for this host.
 */
export function installTarball(packageDir, name, dependencies, { cacheDir = CACHE_DIR } = {}) {
  const tarball = packedTarball(packageDir, cacheDir)
  const file = `packs/${tarball.path.split('/').pop()}`
  const dir = mkdtempSync(join(tmpdir(), 'vb-host-'))
  try {
    const installed = installDependencies(dir, { [name]: `file:${file}`, ...dependencies }, { files: { [file]: tarball.path }, cacheDir })
    // Removing a host's node_modules takes seconds on a loaded machine: it runs off the main thread.
    return { dir, installed, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw error
  }
}

/**
 * Packs the package (building dist/ first when it is missing or older than a source file: a stale build would be
 * measured and tested instead of the code) and installs the tarball into a fresh host project outside the
 * repository. npm reads the registry only for what its cache lacks. `extra`: packages of the repository's own install
 * a host also has (`@types/react` for a host written in TSX, wagmi for one using `vestibule/wagmi`), at its versions.
 */
export function installPackedPackage({ extra = [] } = {}) {
  const built = newest(join(root, 'dist/index.js'))
  if (!built || SOURCES.some((source) => newest(join(root, source)) > built))
    execFileSync('npx', ['rollup', '-c', '--silent'], { cwd: root, stdio: 'inherit' })
  const peers = Object.keys(manifest.peerDependencies).filter((name) => !WAGMI_PEERS.has(name) && !SERVER_PEERS.has(name))
  const dependencies = Object.fromEntries([...peers, ...extra].sort().map((name) => [name, installedVersion(name)]))
  return installTarball(root, manifest.name, dependencies)
}
