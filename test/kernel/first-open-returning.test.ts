// A returning user's first open waits for the session restore (the connection code loads first).
import { describe, expect, it, vi } from 'vitest'
import { modalWithWallet } from './kernel-fixtures.js'
import { recordingBackend } from './helpers.js'

// The connection module arrives only when the test says so, like a slow network.
const gate = vi.hoisted(() => {
  let release: () => void = () => {}
  let ask: () => void = () => {}
  const arrived = new Promise<void>((resolve) => (release = resolve))
  /** Resolves once the connection code was asked for (its import is under way). */
  const asked = new Promise<void>((resolve) => (ask = resolve))
  return { arrived, asked, release: () => release(), ask: () => ask() }
})
vi.mock('../../kernel/connection.js', async (importOriginal) => {
  gate.ask()
  const actual = await importOriginal<typeof import('../../kernel/connection.js')>()
  await gate.arrived
  return actual
})

describe('kernel: first open of a returning user', () => {
  it('with a stored session, the first open waits for the restore', async () => {
    const backend = recordingBackend({ '@vestibule/v1/connectedNamespaces': '["eip155"]', '@vestibule/v1/connectorId:eip155': '"io.fake"' })
    const { modal } = modalWithWallet({ storage: backend })
    const order: string[] = []
    const opened = modal.open().then(() => order.push('opened'))
    // The open asked for the connection code and has not resolved: it resolves only after the code arrives.
    await gate.asked
    expect(order).toEqual([])
    order.push('code arrived')
    gate.release()
    await opened
    expect(order).toEqual(['code arrived', 'opened'])
  })
})
