// The sandbox's secure site over HTTP, as its frame page calls it: only allowed dapp origins, codes by email over
// SMTP to the local mailbox, one EOA and one Solana key per user, signatures made with them, other methods refused.
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startMail } from '../../sandbox/mail/server.mjs'
import { startOAuth } from '../../sandbox/oauth/server.mjs'
import { startSecureSite } from '../../sandbox/secure-site/server.mjs'
import { signSolanaTransaction, solanaSeed } from '../../sandbox/secure-site/solana-key.mjs'

const DAPP = 'http://127.0.0.1:5999'
let mail: Awaited<ReturnType<typeof startMail>>
let oauth: Awaited<ReturnType<typeof startOAuth>>
let site: Awaited<ReturnType<typeof startSecureSite>>

beforeAll(async () => {
  mail = await startMail()
  oauth = await startOAuth()
  site = await startSecureSite({ rpcUrls: {}, mail, oauth })
  site.allowOrigin(DAPP)
})
afterAll(async () => {
  await site?.stop()
  await oauth?.stop()
  await mail?.stop()
})

async function api(path: string, body: object, { origin = DAPP, token = '', project = 'sandbox' } = {}) {
  const response = await fetch(`${site.url}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-vestibule-project': project,
      'x-vestibule-origin': origin,
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function signIn(email: string) {
  await api('email/start', { email })
  const code = /\b(\d{6})\b/.exec(mail.messages(email).at(-1)!.text)![1]!
  return (await api('email/verify', { email, otp: code })).body.token as string
}

describe('sandbox secure site', () => {
  it('refuses a page whose origin is not allowed', async () => {
    expect(await api('email/start', { email: 'a@example.com' }, { origin: 'http://127.0.0.1:1' })).toEqual({
      status: 403,
      body: { error: 'Unauthorized: origin not allowed' },
    })
    expect(mail.messages('a@example.com')).toEqual([])
  })

  it('answers only for a project it serves: none named is not configured, an unknown one an invalid key', async () => {
    expect(await api('email/start', { email: 'p@example.com' }, { project: '' })).toEqual({
      status: 401,
      body: { error: 'Project ID Not Configured' },
    })
    expect(await api('email/start', { email: 'p@example.com' }, { project: 'someone-else' })).toEqual({
      status: 401,
      body: { error: 'Unauthorized: invalid key' },
    })
    expect(mail.messages('p@example.com')).toEqual([])
    expect((await api('email/start', { email: 'p@example.com' })).body).toEqual({ action: 'VERIFY_OTP' })
  })

  it('mails a code over SMTP; a wrong code is refused, the right one signs in once', async () => {
    const email = 'Mallory@Example.com'
    expect((await api('email/start', { email })).body).toEqual({ action: 'VERIFY_OTP' })
    const [sent] = mail.messages('mallory@example.com')
    const code = /\b(\d{6})\b/.exec(sent!.text)![1]!
    expect(await api('email/verify', { email, otp: code === '000000' ? '111111' : '000000' })).toEqual({
      status: 400,
      body: { error: 'Invalid code' },
    })
    const ok = await api('email/verify', { email, otp: code })
    expect(ok.status).toBe(200)
    expect(await api('email/verify', { email, otp: code })).toEqual({ status: 400, body: { error: 'Invalid code' } })
    const user = (await api('user', {}, { token: ok.body.token as string })).body as { accounts: Record<string, { address: string }[]> }
    expect(user.accounts.eip155![0]!.address).toBe(site.addressOf(email))
    expect(user.accounts.solana![0]!.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect((await api('user', {}, { token: 'nope' })).body).toEqual({ error: 'JWT Token is not yet valid' })
  })

  it('signs a message with the user key; other methods are not allowed', async () => {
    const email = 'signer@example.com'
    const token = await signIn(email)
    const address = site.addressOf(email)
    const signed = await api(
      'rpc',
      { namespace: 'eip155', chainId: 'eip155:31337', method: 'personal_sign', params: ['0x68656c6c6f', address] },
      { token },
    )
    expect(await verifyMessage({ address, message: 'hello', signature: signed.body.result as `0x${string}` })).toBe(true)
    expect(
      (
        await api(
          'rpc',
          {
            namespace: 'eip155',
            chainId: 'eip155:31337',
            method: 'personal_sign',
            params: ['0x68', '0x0000000000000000000000000000000000000001'],
          },
          { token },
        )
      ).body,
    ).toEqual({ error: 'Action not allowed' })
    expect(
      (await api('rpc', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_coinbase', params: [] }, { token })).body,
    ).toEqual({ error: 'Requested RPC call is not allowed' })
  })

  it('signs a Solana transaction in the signature slot of the user key', () => {
    const key = '0x' + '11'.repeat(32)
    const user = Keypair.fromSeed(solanaSeed(key))
    const tx = new Transaction({ feePayer: user.publicKey, recentBlockhash: new PublicKey(Buffer.alloc(32, 7)).toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: user.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 }),
    )
    const signed = Transaction.from(signSolanaTransaction(key, tx.serialize({ requireAllSignatures: false, verifySignatures: false })))
    expect(signed.verifySignatures()).toBe(true)
    const stranger = new Transaction({ feePayer: Keypair.generate().publicKey, recentBlockhash: tx.recentBlockhash }).add(
      SystemProgram.transfer({ fromPubkey: Keypair.generate().publicKey, toPubkey: user.publicKey, lamports: 5 }),
    )
    expect(() => signSolanaTransaction(key, stranger.serialize({ requireAllSignatures: false, verifySignatures: false }))).toThrow(
      'Action not allowed',
    )
  })
})
