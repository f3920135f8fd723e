import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Browser and chain tests start real processes; keep them from fighting over two cores.
    fileParallelism: true,
    maxWorkers: 2,
  },
})
