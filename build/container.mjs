// The built package carries the DI container's module (tsyringe's ES build, from the `#tsyringe-container` entry of
// package.json "imports") inside its kernel file, with the one compiler helper it calls taken from
// kernel/container-helpers.ts instead of the shared helper package. A host bundler then never puts that package
// (which CommonJS SDKs such as WalletConnect's also require, whole) into the code loaded before the first click.
// Used by the package build (Rollup) and by the benches that bundle the sources (esbuild), so both measure alike.
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
/** The container module bundlers get (the "default" condition of the `#tsyringe-container` import). */
export const CONTAINER_ENTRY = '#tsyringe-container'
// Real paths: node_modules may be a link, and bundlers name modules by their real path.
const containerFile = realpathSync(join(root, 'node_modules', manifest.imports[CONTAINER_ENTRY].default))
const containerDir = dirname(containerFile)
const HELPERS = join(root, 'kernel/container-helpers.ts')
const HELPER_PACKAGE = 'tslib'
const LICENSE = '/*! tsyringe | MIT License | Copyright (c) Microsoft Corporation. All rights reserved. */'

const inContainer = (file) => Boolean(file) && file.replace(/\\/g, '/').startsWith(containerDir.replace(/\\/g, '/'))

/** Whether a module is the container's or its helper (they go with the kernel's core). */
export const containerModule = (id) => id === HELPERS || inContainer(id)

/** Whether a bare import goes into the built package (the container and its helper) instead of staying a dependency. */
export const bundled = (id, importer) => id === CONTAINER_ENTRY || (id === HELPER_PACKAGE && inContainer(importer))

/** The file an import of the container or of one of its modules resolves to; undefined for the rest. */
function containerPath(id, importer) {
  if (id === CONTAINER_ENTRY) return containerFile
  if (id === HELPER_PACKAGE && inContainer(importer)) return HELPERS
  if (!id.startsWith('.') || !inContainer(importer)) return undefined
  // The ES build's own imports omit the extension (`./providers`, a folder with index.js).
  const base = resolve(dirname(importer), id)
  return (base.endsWith('.js') ? [base] : [`${base}.js`, join(base, 'index.js')]).find(existsSync)
}

/** Rollup: bundles the container (with the license notice on the file holding it). */
export const rollupContainer = () => ({
  name: 'vestibule-container',
  resolveId: (id, importer) => containerPath(id, importer) ?? null,
  renderChunk(code, chunk) {
    return Object.keys(chunk.modules).some((m) => inContainer(m)) ? `${LICENSE}\n${code}` : null
  },
})

/** esbuild: the sources resolve the container's helper as the built package does. */
export const esbuildContainer = {
  name: 'vestibule-container',
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${HELPER_PACKAGE}$`) }, ({ path, importer }) =>
      inContainer(importer) ? { path: containerPath(path, importer) } : undefined,
    )
  },
}
