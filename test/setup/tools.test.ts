// Tests that need a tool outside npm skip only on a developer's machine; under CI a missing tool fails the run.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toolAvailable } from './tools.js'

afterEach(() => vi.unstubAllEnvs())

describe('toolAvailable', () => {
  it('a tool that runs is available, CI or not', () => {
    vi.stubEnv('CI', '1')
    expect(toolAvailable(true, 'litecoind', 'apt-get install -y litecoind')).toBe(true)
  })
  it('under CI a missing tool is an error naming it and how to install it', () => {
    vi.stubEnv('CI', '1')
    expect(() => toolAvailable(false, 'litecoind', 'apt-get install -y litecoind')).toThrow(
      'litecoind is required when CI is set, and it does not run here. Install it: apt-get install -y litecoind',
    )
  })
  it('without CI a missing tool skips its tests with a warning', () => {
    vi.stubEnv('CI', '')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    expect(toolAvailable(false, 'chopsticks', 'npm install --prefix sandbox/polkadot/tools')).toBe(false)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('chopsticks'))
  })
})
