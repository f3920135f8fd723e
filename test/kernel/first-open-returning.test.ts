// A returning user's first open waits for the session restore (the connection code loads first).
import { describe, expect, it, vi } from 'vitest'
import { modalWithWallet } from './kernel-fixtures.js'
import { recordingBackend } from './helpers.js'

// The connection module arrives only when the test says so, like a slow network.
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

describe('kernel: first open of a returning user', () => {
  it('with a stored session, the first open waits for the restore', async () => {
    const backend = recordingBackend({ '@vestibule/v1/connectedNamespaces': '["eip155"]', '@vestibule/v1/connectorId:eip155': '"io.fake"' })
    const { modal } = modalWithWallet({ storage: backend })
    const opened = modal.open().then(() => 'opened')
    const first = await Promise.race([opened, new Promise((r) => setTimeout(() => r('waited'), 200))])
    expect(first).toBe('waited')
    gate.release()
    await opened
  })
})
