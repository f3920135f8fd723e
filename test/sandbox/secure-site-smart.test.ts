// The secure site's smart accounts on a real anvil node: each user's account is listed beside the EOA, signs with
// EIP-6492 before it exists and as an EIP-1271 contract after, is deployed by its first transaction and sends
// through `execute`; the account type route takes eoa or smartAccount only.
import { toHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defineNetwork } from '../../chains/eip155/index.js'
import { verifyMessage } from '../../chains/eip155/verify-message.js'
import { rpc, startAnvil } from '../../sandbox/anvil.mjs'
import { ERC6492_MAGIC } from '../../sandbox/contracts/smart-account.mjs'
import { startMail } from '../../sandbox/mail/server.mjs'
import { startOAuth } from '../../sandbox/oauth/server.mjs'
import { startSecureSite } from '../../sandbox/secure-site/server.mjs'

const DAPP = 'http://127.0.0.1:5998'
const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
let anvil: Awaited<ReturnType<typeof startAnvil>>
let mail: Awaited<ReturnType<typeof startMail>>
let oauth: Awaited<ReturnType<typeof startOAuth>>
let site: Awaited<ReturnType<typeof startSecureSite>>

beforeAll(async () => {
  anvil = await startAnvil()
  mail = await startMail()
  oauth = await startOAuth()
  site = await startSecureSite({ rpcUrls: { 'eip155:31337': anvil.url }, mail, oauth })
  site.allowOrigin(DAPP)
}, 60_000)
afterAll(async () => {
  await site?.stop()
  await oauth?.stop()
  await mail?.stop()
  await anvil?.stop()
})

async function api(path: string, body: object, token = '') {
  const response = await fetch(`${site.url}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-vestibule-project': 'sandbox',
      'x-vestibule-origin': DAPP,
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

const network = () =>
  defineNetwork({
    id: 31337,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
const sign = (token: string, address: string, message: string) =>
  api('rpc', { namespace: 'eip155', chainId: 'eip155:31337', method: 'personal_sign', params: [toHex(message), address] }, token)

describe('secure site smart accounts', () => {
  it('lists the smart account after the EOA; it signs with EIP-6492 before deployment, is deployed by its first transaction, then signs as EIP-1271', async () => {
    const email = 'smart@example.com'
    const token = await signIn(email)
    const smart = await site.smartAddressOf(email)
    const user = (await api('user', {}, token)).body as { accounts: { eip155: { address: string; type: string }[] } }
    expect(user.accounts.eip155).toEqual([
      { address: site.addressOf(email), type: 'eoa' },
      { address: smart, type: 'smartAccount' },
    ])
    expect(await rpc(anvil.url, 'eth_getCode', [smart, 'latest'])).toBe('0x')

    const before = (await sign(token, smart, 'before deployment')).body.result as string
    expect(before.endsWith(ERC6492_MAGIC.slice(2))).toBe(true)
    expect(await verifyMessage({ address: smart, message: 'before deployment', signature: before, network: network() })).toBe(true)
    expect(await verifyMessage({ address: smart, message: 'another message', signature: before, network: network() })).toBe(false)
    // Verifying simulated the deployment: nothing was deployed.
    expect(await rpc(anvil.url, 'eth_getCode', [smart, 'latest'])).toBe('0x')

    const received = BigInt(await rpc(anvil.url, 'eth_getBalance', [RECEIVER, 'latest']))
    const sent = await api(
      'rpc',
      {
        namespace: 'eip155',
        chainId: 'eip155:31337',
        method: 'eth_sendTransaction',
        params: [{ from: smart, to: RECEIVER, value: '0x16345785d8a0000' }],
      },
      token,
    )
    expect(sent.body.result).toMatch(/^0x[0-9a-f]{64}$/)
    expect(BigInt(await rpc(anvil.url, 'eth_getBalance', [RECEIVER, 'latest'])) - received).toBe(100_000_000_000_000_000n)
    expect(BigInt(await rpc(anvil.url, 'eth_getBalance', [smart, 'latest']))).toBe(10n ** 19n - 100_000_000_000_000_000n)
    expect(await rpc(anvil.url, 'eth_getCode', [smart, 'latest'])).not.toBe('0x')

    const after = (await sign(token, smart, 'after deployment')).body.result as string
    expect(after).toMatch(/^0x[0-9a-f]{130}$/)
    expect(await verifyMessage({ address: smart, message: 'after deployment', signature: after, network: network() })).toBe(true)
    expect(await verifyMessage({ address: smart, message: 'before deployment', signature: after, network: network() })).toBe(false)
  }, 60_000)

  it('the account type route takes eoa or smartAccount for a signed-in user only; a transaction to a malformed address is refused', async () => {
    const email = 'types@example.com'
    const token = await signIn(email)
    expect(await api('account/type', { type: 'smartAccount' })).toEqual({ status: 400, body: { error: 'JWT Token is not yet valid' } })
    expect(await api('account/type', { type: 'admin' }, token)).toEqual({ status: 400, body: { error: 'Action not allowed' } })
    expect(await api('account/networks', {}, token)).toEqual({ status: 200, body: { networks: ['eip155:31337'] } })
    expect((await api('account/networks', {})).status).toBe(400)
    const answer = (await api('account/type', { type: 'smartAccount' }, token)).body as { accounts: { eip155: { type: string }[] } }
    expect(answer.accounts.eip155.map((a) => a.type)).toEqual(['eoa', 'smartAccount'])
    const smart = await site.smartAddressOf(email)
    expect(
      (
        await api(
          'rpc',
          {
            namespace: 'eip155',
            chainId: 'eip155:31337',
            method: 'eth_sendTransaction',
            params: [{ from: smart, to: 'nowhere', value: '0x1' }],
          },
          token,
        )
      ).body,
    ).toEqual({ error: 'Action not allowed' })
    expect(
      (await api('rpc', { namespace: 'eip155', chainId: 'eip155:31337', method: 'eth_signTypedData_v4', params: [smart, '{}'] }, token))
        .body,
    ).toEqual({ error: 'Requested RPC call is not allowed' })
  }, 60_000)
})
