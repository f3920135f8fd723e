// The first open waits for a session restore only when a session was stored: a new user's view must not wait
// for the connection code (loaded with import()) to arrive.
import { describe, expect, it, vi } from 'vitest'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

// The connection module arrives only once the test has looked, like a very slow network.
const gate = vi.hoisted(() => {
  let release: () => void = () => {}
  const arrived = new Promise<void>((resolve) => (release = resolve))
  return { arrived, release: () => release() }
})
vi.mock('../../kernel/connection.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../kernel/connection.js')>()
  await gate.arrived
  return actual
})

describe('kernel: first open and the lazily loaded connection code', () => {
  it('with nothing stored, the first open shows Connect before the connection code has arrived', async () => {
    const { modal } = modalWithWallet()
    let opened = false
    void modal.open().then(() => (opened = true))
    // The connection code never arrives until released below: the open resolves without it.
    await expect.poll(() => opened, { timeout: 2_000 }).toBe(true)
    expect(modal.getState().view).toBe('Connect')
    // Let the load finish inside the test, so nothing is still importing when the file is torn down.
    gate.release()
    await (kernelOf(modal).connection as unknown as { load(): Promise<unknown> }).load()
  })
})
