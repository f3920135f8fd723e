// `vi.waitFor` polls for as long as `expect.poll` does (vitest.config.ts): on two loaded cores a lazily loaded
// plugin part and a request to a local server can take longer than its own 1 s default. A test passing its own
// timeout keeps it.
import { vi } from 'vitest'

const waitFor = vi.waitFor.bind(vi)
const POLL = { timeout: 10_000, interval: 50 }
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(callback, typeof options === 'number' ? { ...POLL, timeout: options } : { ...POLL, ...options })) as typeof vi.waitFor
