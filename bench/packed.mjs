// The package as hosts receive it: `npm pack` of the built dist/, installed with npm into a folder outside the
// repository together with the peers a host installs (at the versions this repository develops against).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** The version of `name` installed in the repository, which is the one its tests ran against. */
const installedVersion = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version

/** The `vestibule/plugins/<feature>` entries the package exports. */
export const featureEntries = Object.keys(manifest.exports)
  .filter((key) => key.startsWith('./plugins/'))
  .map((key) => key.slice(2))

/**
 * Packs the package (building dist/ first if it is missing) and installs the tarball into a fresh host project
 * outside the repository. npm reads the registry only for what its cache lacks.
 */
export function installPackedPackage() {
  if (!existsSync(join(root, 'dist/ui/index.js'))) execFileSync('npx', ['rollup', '-c', '--silent'], { cwd: root, stdio: 'inherit' })
  const dir = mkdtempSync(join(tmpdir(), 'vb-host-'))
  const packs = join(dir, 'packs')
  mkdirSync(packs)
  execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', packs], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
  const tarball = readdirSync(packs).find((f) => f.endsWith('.tgz'))
  if (!tarball) throw new Error('npm pack wrote no tarball')
  const peers = Object.fromEntries(Object.keys(manifest.peerDependencies).map((name) => [name, installedVersion(name)]))
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'vb-host', private: true, type: 'module', dependencies: { vestibule: `file:packs/${tarball}`, ...peers } }, null, 2),
  )
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] })
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
