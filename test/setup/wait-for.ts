// `vi.waitFor` polls for as long as `expect.poll` does (vitest.config.ts): on two loaded cores a lazily loaded
// plugin part and a request to a local server can take longer than its own 1 s default. A test passing its own
// timeout keeps it. Unit files share one `vi` (vitest.config.ts), and this file runs before each of them: vitest's
// own `vi.waitFor` is kept beside it and wrapped once, not once per file.
import { vi } from 'vitest'

const ORIGINAL = Symbol.for('vestibule.test.waitFor')
const holder = vi as typeof vi & { [ORIGINAL]?: typeof vi.waitFor }
holder[ORIGINAL] ??= vi.waitFor.bind(vi)
const waitFor = holder[ORIGINAL]
const POLL = { timeout: 10_000, interval: 50 }
vi.waitFor = ((callback: Parameters<typeof waitFor>[0], options?: Parameters<typeof waitFor>[1]) =>
  waitFor(callback, typeof options === 'number' ? { ...POLL, timeout: options } : { ...POLL, ...options })) as typeof vi.waitFor
