// Unit files share a module graph (vitest.config.ts): whatever one file left switched on is switched off before
// the next file in the same worker starts — fake timers, stubbed globals and environment variables. (Spies vitest
// restores itself between files.)
import { afterAll, vi } from 'vitest'

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})
