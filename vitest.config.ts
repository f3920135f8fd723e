import { defineConfig } from 'vitest/config'
import { sourceEntry } from './sandbox/resolve.mjs'

export default defineConfig({
  // Examples import the package by name, as outside authors do; tests run them on the sources.
  plugins: [{ name: 'vestibule-source', enforce: 'pre', resolveId: (id: string) => (/^vestibule(\/|$)/.test(id) ? sourceEntry(id) : undefined) }],
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A browser flow (connect, fill a form, wait for a block) runs against real processes on two loaded cores.
    testTimeout: 60_000,
    // Browser and chain tests wait for real processes on a loaded two-core machine: a polled expectation gets 10 s.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    hookTimeout: 60_000,
    // Browser and chain tests start real processes; keep them from fighting over two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
