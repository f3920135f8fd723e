import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { sourceEntry } from './sandbox/resolve.mjs'

const UNIT_EXCLUDE = ['test/e2e/**', 'test/build/**', '**/node_modules/**']

/**
 * Unit test files that ask for a fresh module graph: their first line is `// @isolated: <why>`. Such a file tests
 * what happens the first time a module loads (a registry starts empty, lazily loaded code is not there yet), which
 * another file run before it in the same graph would already have done.
 */
const TESTS = fileURLToPath(new URL('./test/', import.meta.url))
const isolatedUnitFiles = readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
  .filter((path) => /\.test\.tsx?$/.test(path) && !/^(e2e|build)[\\/]/.test(path))
  .filter((path) => /^\/\/ @isolated: \S/.test(readFileSync(TESTS + path, 'utf8')))
  .map((path) => `test/${path.replaceAll('\\', '/')}`)

export default defineConfig({
  // Examples import the package by name, as outside authors do; tests run them on the sources.
  plugins: [
    { name: 'vestibule-source', enforce: 'pre', resolveId: (id: string) => (/^vestibule(\/|$)/.test(id) ? sourceEntry(id) : undefined) },
  ],
  test: {
    environment: 'node',
    // A browser flow (connect, fill a form, wait for a block) runs against real processes on two loaded cores.
    testTimeout: 60_000,
    // Browser and chain tests wait for real processes on a loaded two-core machine: a polled expectation gets 10 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    // …and so does vi.waitFor.
    setupFiles: ['test/setup/wait-for.ts'],
    hookTimeout: 60_000,
    // Browser and chain tests start real processes; keep them from fighting over two cores.
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      // Unit files share one module graph per worker process (`isolate: false`): loading the sources afresh for each
      // of the ~240 files took two thirds of the project's time. A file owns its state (its own kernel, chain, server,
      // page) and undoes what it stubs; test/setup/file-cleanup.ts resets what a file may have left behind. Module
      // state a file cannot own (a module's first load) makes it ask for a fresh graph with `// @isolated: <why>` as
      // its first line: it then runs in "unit-isolated" instead. `--project 'unit*'` runs both.
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: [...UNIT_EXCLUDE, ...isolatedUnitFiles],
          setupFiles: ['test/setup/file-cleanup.ts'],
          pool: 'forks',
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: isolatedUnitFiles, exclude: UNIT_EXCLUDE, isolate: true },
      },
      // A browser test is run once more when it fails. In full runs on two busy cores 2 to 4 of 3,286 tests per run
      // passed only on a second try, most of them after a click that was lost: content arriving just after a view
      // appeared moved the button between press and release, and the browser gave the click to neither. The card
      // now keeps its top, Connect's clicks wait for its list (h.listSettled), and a click the browser did not
      // deliver is made again (delivered-click.ts, printed when it happens). The retry stays for what remains; the
      // report names every test that needed it.
      {
        extends: true,
        test: { name: 'browser', include: ['test/e2e/**/*.test.{ts,tsx}', 'test/build/**/*.test.{ts,tsx}'], retry: 1 },
      },
    ],
  },
})
