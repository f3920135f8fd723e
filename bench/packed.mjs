// The package as hosts receive it: `npm pack` of the built dist/, installed with npm into a folder outside the
// repository together with the peers a host installs (at the versions this repository develops against).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

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
  const dir = mkdtempSync(join(tmpdir(), 'vb-host-'))
  const packs = join(dir, 'packs')
  mkdirSync(packs)
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packs], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = readdirSync(packs).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error('npm pack wrote no tarball')
  const peers = Object.fromEntries(
    Object.keys(manifest.peerDependencies)
      .filter((name) => !WAGMI_PEERS.has(name) && !SERVER_PEERS.has(name))
      .map((name) => [name, installedVersion(name)]),
  )
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify(
      {
        name: 'vb-host',
        private: true,
        type: 'module',
        dependencies: {
          vestibule: `file:packs/${tarball}`,
          ...peers,
          ...Object.fromEntries(extra.map((name) => [name, installedVersion(name)])),
        },
      },
      null,
      2,
    ),
  )
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  // Removing the host's node_modules takes a minute on a loaded machine: it runs off the main thread.
  return { dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) }
}
