// Unit files share a module graph and a process (vitest.config.ts): whatever one file left switched on is switched
// off before the next file in the same worker starts — fake timers, stubbed globals and environment variables
// (spies vitest restores itself between files) — and the BroadcastChannels it opened are closed, as the tabs that
// opened them would be. A modal a file did not destroy would otherwise still hear the next file's modals over
// Node's process-wide BroadcastChannel, as another tab of the same origin.
import { afterAll, vi } from 'vitest'

const NATIVE = Symbol.for('vestibule.test.BroadcastChannel')
const holder = globalThis as typeof globalThis & { [NATIVE]?: typeof BroadcastChannel }
holder[NATIVE] ??= globalThis.BroadcastChannel
const Native = holder[NATIVE]
const opened = new Set<BroadcastChannel>()

class FileChannel extends Native {
  constructor(name: string) {
    super(name)
    opened.add(this)
  }
  override close() {
    opened.delete(this)
    super.close()
  }
}
globalThis.BroadcastChannel = FileChannel

afterAll(() => {
  for (const channel of opened) channel.close()
  globalThis.BroadcastChannel = Native
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
})
