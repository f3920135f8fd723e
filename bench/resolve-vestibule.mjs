import { fileURLToPath } from 'node:url'
import { esbuildContainer } from '../build/container.mjs'
import { loadOwnSource, ownSourcesFilter, sourceEntry } from '../sandbox/resolve.mjs'

/** The repository root: the resolver maps package specifiers to the sources here. */
export const root = fileURLToPath(new URL('..', import.meta.url))

/** Source file of a `vestibule…` specifier, mirroring package.json "exports"; undefined if there is none. */
export const vestibuleSource = (specifier) => sourceEntry(specifier)

/**
 * esbuild plugin: hosts import `vestibule`, `vestibule/chains/eip155`, … and get the TypeScript sources,
 * so the test and the bench measure the code as it is now, without `npm run build` first.
 */
export const vestibuleFromSource = {
  name: 'vestibule-from-source',
  setup(build) {
    build.onResolve({ filter: /^vestibule(\/|$)/ }, ({ path }) => {
      const file = vestibuleSource(path)
      return file ? { path: file } : { errors: [{ text: `No vestibule entry for "${path}"` }] }
    })
    build.onLoad({ filter: ownSourcesFilter }, loadOwnSource)
    // The container's compiler helper, as the built package resolves it.
    esbuildContainer.setup(build)
  },
}
