import { defineConfig } from 'vitest/config'
import { sourceEntry } from './sandbox/resolve.mjs'

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
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.{ts,tsx}'], exclude: ['test/e2e/**', 'test/build/**', '**/node_modules/**'] },
      },
      // No test is run again: a browser flow that misses a deadline on a loaded machine fails the run.
      { extends: true, test: { name: 'browser', include: ['test/e2e/**/*.test.{ts,tsx}', 'test/build/**/*.test.{ts,tsx}'] } },
    ],
  },
})
