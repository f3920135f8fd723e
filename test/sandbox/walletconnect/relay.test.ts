/**
 * The loopback relay against the real SDKs in Node: the app side through the walletConnect plugin (real
 * `@walletconnect/universal-provider`, real eip155 chain plugin) and the wallet side on `@reown/walletkit`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { startRelay } from '../../../sandbox/walletconnect/relay.mjs'
import { MOBILE_WALLET_PRIVATE_KEY } from '../../../sandbox/walletconnect/sandbox.mjs'
import { createKernel } from '../../../kernel/kernel.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { defineNetwork } from '../../../chains/eip155/networks.js'
import { walletConnect, type WalletConnectApi } from '../../../plugins/walletconnect/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

// The SDKs' own test flag: no Verify round trip (5 s per proposal without internet).
vi.stubEnv('IS_VITEST', 'true')

type Relay = Awaited<ReturnType<typeof startRelay>>
let relay: Relay

beforeAll(async () => {
  relay = await startRelay({ pingIntervalMs: 100 })
})
afterAll(async () => {
  await relay?.stop()
})

/** A raw JSON-RPC client of the relay; `auth` stands in for the SDK's JWT (its `iss` is the client identity). */
async function rawClient(identity: string) {
  const token = `x.${Buffer.from(JSON.stringify({ iss: identity })).toString('base64url')}.y`
  const ws = new WebSocket(`${relay.url}/?auth=${token}&projectId=p`)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
  const inbox: Array<{
    id: number
    method?: string
    params?: { data: { topic: string; message: string; tag: number } }
    result?: unknown
    error?: { code: number }
  }> = []
  const waiters: Array<() => void> = []
  ws.on('message', (raw) => {
    inbox.push(JSON.parse(raw.toString()))
    waiters.splice(0).forEach((w) => w())
  })
  let id = 1
  const next = async <T>(predicate: (m: (typeof inbox)[number]) => boolean): Promise<(typeof inbox)[number] & T> => {
    for (;;) {
      const index = inbox.findIndex(predicate)
      if (index >= 0) return inbox.splice(index, 1)[0] as never
      await new Promise<void>((resolve) => waiters.push(resolve))
    }
  }
  return {
    ws,
    inbox,
    next,
    async call(method: string, params: unknown) {
      const requestId = id++
      ws.send(JSON.stringify({ id: requestId, jsonrpc: '2.0', method, params }))
      return next((m) => m.id === requestId && m.method === undefined)
    },
    ack: (messageId: number) => ws.send(JSON.stringify({ id: messageId, jsonrpc: '2.0', result: true })),
    close: () => new Promise((resolve) => (ws.once('close', resolve), ws.close())),
  }
}

describe('loopback relay protocol', () => {
  it('keeps a message nobody else listens to yet (mailbox) and never returns one to its author', async () => {
    const author = await rawClient('did:key:author')
    expect((await author.call('irn_publish', { topic: 't-mailbox', message: 'hello', ttl: 300, tag: 1 })).result).toBe(true)
    expect((await author.call('irn_subscribe', { topic: 't-mailbox' })).result).toMatch(/^[0-9a-f]{64}$/)
    const reader = await rawClient('did:key:reader')
    await reader.call('irn_subscribe', { topic: 't-mailbox' })
    const pushed = await reader.next((m) => m.method === 'irn_subscription')
    expect(pushed.params!.data).toMatchObject({ topic: 't-mailbox', message: 'hello', tag: 1 })
    expect(author.inbox.some((m) => m.method === 'irn_subscription')).toBe(false)
    await Promise.all([author.close(), reader.close()])
  })

  it('delivers again what a client did not acknowledge before it went away', async () => {
    const author = await rawClient('did:key:a2')
    const reader = await rawClient('did:key:r2')
    await reader.call('irn_subscribe', { topic: 't-ack' })
    await author.call('irn_publish', { topic: 't-ack', message: 'm1', ttl: 300 })
    await reader.next((m) => m.method === 'irn_subscription')
    await reader.close()
    const again = await rawClient('did:key:r2')
    await again.call('irn_batchSubscribe', { topics: ['t-ack'] })
    const pushed = await again.next((m) => m.method === 'irn_subscription')
    expect(pushed.params!.data.message).toBe('m1')
    again.ack(pushed.id)
    await Promise.all([author.close(), again.close()])
  })

  it('subscribes the proposer to the pairing topic and the approver to the session topic implicitly', async () => {
    const app = await rawClient('did:key:app')
    const wallet = await rawClient('did:key:wallet')
    await wallet.call('irn_subscribe', { topic: 'pairing' })
    await app.call('wc_proposeSession', { pairingTopic: 'pairing', sessionProposal: 'proposal', ttl: 300 })
    expect((await wallet.next((m) => m.method === 'irn_subscription')).params!.data).toMatchObject({
      topic: 'pairing',
      message: 'proposal',
      tag: 1100,
    })
    await wallet.call('wc_approveSession', {
      pairingTopic: 'pairing',
      sessionTopic: 'session',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    })
    expect((await app.next((m) => m.method === 'irn_subscription')).params!.data).toMatchObject({
      topic: 'pairing',
      message: 'response',
      tag: 1101,
    })
    // The app was not subscribed to the session topic yet: the settlement waits in the mailbox.
    await app.call('irn_subscribe', { topic: 'session' })
    expect((await app.next((m) => m.method === 'irn_subscription')).params!.data).toMatchObject({
      topic: 'session',
      message: 'settle',
      tag: 1102,
    })
    // And the approver hears what the app publishes on the session topic.
    await app.call('irn_publish', { topic: 'session', message: 'request', ttl: 300 })
    expect((await wallet.next((m) => m.method === 'irn_subscription')).params!.data.message).toBe('request')
    await Promise.all([app.close(), wallet.close()])
  })

  it('passes a publisher’s Verify attestation on with its message (pushed, fetched, and with a proposal)', async () => {
    const app = await rawClient('did:key:app4')
    const wallet = await rawClient('did:key:wallet4')
    await wallet.call('irn_subscribe', { topic: 'pairing-4' })
    await app.call('wc_proposeSession', { pairingTopic: 'pairing-4', sessionProposal: 'proposal', ttl: 300, attestation: 'h.p.s' })
    expect((await wallet.next((m) => m.method === 'irn_subscription')).params!.data).toMatchObject({
      message: 'proposal',
      attestation: 'h.p.s',
    })
    await app.call('irn_publish', { topic: 'pairing-4', message: 'request', ttl: 300, attestation: 'h2.p2.s2' })
    expect((await wallet.next((m) => m.method === 'irn_subscription')).params!.data).toMatchObject({
      message: 'request',
      attestation: 'h2.p2.s2',
    })
    await app.call('irn_publish', { topic: 'later-4', message: 'kept', ttl: 300, attestation: 'h3.p3.s3' })
    expect((await wallet.call('irn_batchFetchMessages', { topics: ['later-4'] })).result).toMatchObject({
      messages: [{ message: 'kept', attestation: 'h3.p3.s3' }],
    })
    // Without one, none is made up.
    await app.call('irn_publish', { topic: 'pairing-4', message: 'plain', ttl: 300 })
    expect((await wallet.next((m) => m.method === 'irn_subscription')).params!.data).not.toHaveProperty('attestation')
    await Promise.all([app.close(), wallet.close()])
  })

  it('answers batch fetches from the mailbox, unknown methods with -32601, and pings its clients', async () => {
    const author = await rawClient('did:key:a3')
    await author.call('irn_publish', { topic: 't-fetch', message: 'kept', ttl: 300 })
    const reader = await rawClient('did:key:r3')
    expect((await reader.call('irn_batchFetchMessages', { topics: ['t-fetch'] })).result).toMatchObject({
      messages: [{ topic: 't-fetch', message: 'kept' }],
      hasMore: false,
    })
    expect((await reader.call('irn_nope', {})).error).toMatchObject({ code: -32601 })
    await new Promise((resolve) => reader.ws.once('ping', resolve))
    await Promise.all([author.close(), reader.close()])
  })
})

describe('the walletConnect plugin with the real SDKs over the relay', () => {
  it('pairs with a WalletKit wallet, signs a message that verifies, and sees the wallet end the session', async () => {
    const { Core } = await import('@walletconnect/core')
    const { WalletKit } = await import('@reown/walletkit')
    const { buildApprovedNamespaces, getSdkError } = await import('@walletconnect/utils')
    const account = privateKeyToAccount(MOBILE_WALLET_PRIVATE_KEY)

    const core = new Core({ projectId: 'sandbox', relayUrl: relay.url, customStoragePrefix: 'relay-test-wallet', logger: 'silent' })
    const kit = await WalletKit.init({ core, metadata: { name: 'Node Wallet', description: '', url: 'http://127.0.0.1', icons: [] } })
    kit.on('session_proposal', ({ id, params }) => {
      const namespaces = buildApprovedNamespaces({
        proposal: params,
        supportedNamespaces: {
          eip155: {
            chains: ['eip155:31337'],
            methods: ['personal_sign', 'eth_sendTransaction'],
            events: ['chainChanged', 'accountsChanged'],
            accounts: [`eip155:31337:${account.address}`],
          },
        },
      })
      void kit.approveSession({ id, namespaces })
    })
    kit.on('session_request', async ({ topic, id, params }) => {
      const signature = await account.signMessage({ message: { raw: (params.request.params as `0x${string}`[])[0]! } })
      await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result: signature } })
    })

    const local = defineNetwork({
      id: 31337,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    })
    const modal = createKernel(
      {
        projectId: 'sandbox',
        storage: null,
        storagePrefix: 'relay-test-app',
        plugins: [eip155({ networks: [local] }), walletConnect({ relayUrl: relay.url })],
      },
      {},
    )
    const api = modal.getPlugin('walletConnect') as WalletConnectApi
    const paired = api.pair()
    await new Promise<void>((resolve) => {
      const off = api.$state.subscribe((s) => s.uri && (off(), void kit.pair({ uri: s.uri }).then(() => resolve())))
    })
    await paired
    expect(api.$state.get().status).toBe('connected')
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: account.address,
      caipAddress: `eip155:31337:${account.address}`,
    })

    const signature = (await modal.signMessage('Hello over the loopback relay')) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: 'Hello over the loopback relay', signature })).toBe(true)

    const topic = Object.keys(kit.getActiveSessions())[0]!
    await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
    await expect.poll(() => modal.getAccount().status).toBe('disconnected')
    expect(kernelOf(modal).chains.findConnector('walletConnect', 'eip155')).toBeUndefined()
    modal.destroy()
  })
})
