// The user the secure site describes is untrusted text: its email, name and social provider pass the modal's text
// rule (direction overrides, zero-width and control characters out, capped) before they reach the account state.
import { describe, expect, it } from 'vitest'
import { parseUser } from '../../../plugins/auth/protocol.js'

const accounts = { eip155: [{ address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', type: 'eoa' }] }

describe('the user of a GetUser answer', () => {
  it('a right-to-left override, zero-width characters and controls are taken out of the email and the name', () => {
    const user = parseUser({
      accounts,
      email: 'moc.liame\u202e@evil.example',
      userName: 'ad\u200bmin\u0000\u202e',
      socialProvider: 'git\u2066hub',
    })
    expect(user.email).toBe('moc.liame @evil.example')
    expect(user.userName).toBe('ad min')
    expect(user.socialProvider).toBe('git hub')
    for (const text of [user.email, user.userName, user.socialProvider]) expect(text).not.toMatch(/[\u200b\u202e\u2066\u0000]/)
  })

  it('markup characters go, a long name is cut to 120 characters, and nothing visible left is no name', () => {
    const user = parseUser({ accounts, userName: `<b>${'x'.repeat(500)}</b>`, email: '\u202e\u200b' })
    expect(user.userName).toHaveLength(120)
    expect(user.userName!.startsWith('bxxx')).toBe(true)
    expect(user.email).toBeUndefined()
  })

  it('plain values are kept as they are', () => {
    expect(parseUser({ accounts, email: 'ana@example.com', userName: 'ana@example.com', socialProvider: 'github' })).toEqual({
      accounts,
      email: 'ana@example.com',
      userName: 'ana@example.com',
      socialProvider: 'github',
    })
  })
})
