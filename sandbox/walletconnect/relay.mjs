/**
 * A loopback WalletConnect v2 relay: JSON-RPC over WebSocket, enough of the protocol for the real SDKs
 * (`@walletconnect/universal-provider` in the app, `@reown/walletkit` in the wallet) to pair, settle sessions,
 * exchange requests and end them.
 *
 * - `irn_subscribe`, `irn_batchSubscribe`, `irn_unsubscribe`, `irn_batchUnsubscribe`, `irn_publish`,
 *   `irn_batchPublish`, `irn_batchFetchMessages` as in `@walletconnect/relay-api`;
 * - `wc_proposeSession` (app) and `wc_approveSession` (wallet), which sign-client 2.2x publishes instead of
 *   plain `irn_publish`: the caller is subscribed implicitly (proposer to the pairing topic, approver to the
 *   session topic) and the payloads are published to their topics;
 * - a mailbox: a message nobody else listens to yet (or that a client dropped before acknowledging) waits
 *   until a subscriber comes, for its TTL;
 * - messages are pushed as `irn_subscription` and kept until acknowledged; sockets are pinged every 30 s;
 * - a publisher's Verify `attestation` (a JWT the receiving wallet checks) travels with its message.
 */
import { createHash, randomBytes } from 'node:crypto'
import { WebSocketServer, WebSocket } from 'ws'

const TAGS = { proposal: 1100, proposalResponse: 1101, settle: 1102 }
const attestationOf = (entry) => (entry.attestation ? { attestation: entry.attestation } : {})
const DEFAULT_TTL_S = 300

/** The client's identity from the `auth` JWT of its URL (`iss`, a did:key), stable across its reconnects. */
function clientIdentity(requestUrl) {
  try {
    const auth = new URL(requestUrl ?? '/', 'ws://relay').searchParams.get('auth') ?? ''
    const payload = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString('utf8'))
    if (typeof payload.iss === 'string' && payload.iss) return payload.iss
  } catch {
    /* no usable token: the socket is its own identity */
  }
  return `anonymous:${randomBytes(8).toString('hex')}`
}

/**
 * Starts the relay on 127.0.0.1. `stop()` closes it; `dropConnections()` cuts every socket (an outage) while
 * keeping the mailbox.
 */
export async function startRelay({ port = 0, pingIntervalMs = 30_000, log = () => {} } = {}) {
  const server = new WebSocketServer({ host: '127.0.0.1', port })
  await new Promise((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  /** topic → clients subscribed */
  const topics = new Map()
  /** topic → messages waiting for a subscriber */
  const mailbox = new Map()
  const clients = new Set()
  const stats = { connections: 0, published: 0, delivered: 0, methods: {} }
  let nextId = Date.now() * 1000

  const subscriptionId = (topic) => createHash('sha256').update(topic).digest('hex')
  const send = (client, payload) => {
    if (client.ws.readyState === WebSocket.OPEN) client.ws.send(JSON.stringify(payload))
  }

  const deliver = (client, entry) => {
    const id = nextId++
    client.unacked.set(id, entry)
    stats.delivered++
    send(client, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: {
        id: subscriptionId(entry.topic),
        data: { topic: entry.topic, message: entry.message, publishedAt: entry.publishedAt, tag: entry.tag, ...attestationOf(entry) },
      },
    })
  }

  const keep = (entry) => {
    if (entry.expiresAt <= Date.now()) return
    const list = mailbox.get(entry.topic) ?? []
    if (!list.some((e) => e.message === entry.message)) list.push(entry)
    mailbox.set(entry.topic, list)
  }

  const subscribe = (client, topic) => {
    if (typeof topic !== 'string' || !topic) throw new Error('Missing topic')
    if (!topics.has(topic)) topics.set(topic, new Set())
    topics.get(topic).add(client)
    client.topics.add(topic)
    // The mailbox empties into the first subscriber that did not write the messages itself.
    const waiting = mailbox.get(topic) ?? []
    const forOthers = waiting.filter((e) => e.from !== client.identity && e.expiresAt > Date.now())
    if (forOthers.length) {
      mailbox.set(
        topic,
        waiting.filter((e) => !forOthers.includes(e)),
      )
      for (const entry of forOthers) deliver(client, entry)
    }
    return subscriptionId(topic)
  }

  const unsubscribe = (client, topic) => {
    topics.get(topic)?.delete(client)
    client.topics.delete(topic)
  }

  const publish = (client, { topic, message, tag, ttl, attestation }) => {
    if (typeof topic !== 'string' || typeof message !== 'string') throw new Error('Missing topic or message')
    const entry = {
      topic,
      message,
      tag: tag ?? 0,
      publishedAt: Date.now(),
      expiresAt: Date.now() + (Number(ttl) || DEFAULT_TTL_S) * 1000,
      from: client.identity,
    }
    // A JWT of reasonable size; anything else is not passed on.
    if (typeof attestation === 'string' && attestation.length <= 4096) entry.attestation = attestation
    stats.published++
    const receivers = [...(topics.get(topic) ?? [])].filter((c) => c.identity !== client.identity && c.ws.readyState === WebSocket.OPEN)
    if (receivers.length === 0) keep(entry)
    for (const receiver of receivers) deliver(receiver, entry)
  }

  const handlers = {
    irn_subscribe: (client, p) => subscribe(client, p.topic),
    irn_batchSubscribe: (client, p) => (p.topics ?? []).map((topic) => subscribe(client, topic)),
    irn_unsubscribe: (client, p) => (unsubscribe(client, p.topic), true),
    irn_batchUnsubscribe: (client, p) => ((p.subscriptions ?? []).forEach((s) => unsubscribe(client, s.topic)), true),
    irn_publish: (client, p) => (publish(client, p), true),
    irn_batchPublish: (client, p) => ((p.messages ?? []).forEach((m) => publish(client, m)), true),
    irn_batchFetchMessages: (client, p) => {
      const messages = []
      for (const topic of p.topics ?? []) {
        const waiting = mailbox.get(topic) ?? []
        const mine = waiting.filter((e) => e.from !== client.identity && e.expiresAt > Date.now())
        mailbox.set(
          topic,
          waiting.filter((e) => !mine.includes(e)),
        )
        messages.push(
          ...mine.map((e) => ({ topic: e.topic, message: e.message, publishedAt: e.publishedAt, tag: e.tag, ...attestationOf(e) })),
        )
      }
      return { messages, hasMore: false }
    },
    wc_proposeSession: (client, p) => {
      subscribe(client, p.pairingTopic)
      publish(client, { topic: p.pairingTopic, message: p.sessionProposal, tag: TAGS.proposal, ttl: p.ttl, attestation: p.attestation })
      return true
    },
    wc_approveSession: (client, p) => {
      subscribe(client, p.sessionTopic)
      publish(client, { topic: p.pairingTopic, message: p.sessionProposalResponse, tag: TAGS.proposalResponse, ttl: p.ttl })
      publish(client, { topic: p.sessionTopic, message: p.sessionSettlementRequest, tag: TAGS.settle, ttl: p.ttl })
      return true
    },
  }

  server.on('connection', (ws, request) => {
    const client = { ws, identity: clientIdentity(request.url), topics: new Set(), unacked: new Map() }
    clients.add(client)
    stats.connections++
    ws.on('message', (raw) => {
      let payload
      try {
        payload = JSON.parse(raw.toString())
      } catch {
        return send(client, { id: null, jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } })
      }
      // An answer to one of our pushes is its acknowledgement.
      if (payload.method === undefined) return void client.unacked.delete(payload.id)
      stats.methods[payload.method] = (stats.methods[payload.method] ?? 0) + 1
      log(`${payload.method} ${JSON.stringify(payload.params ?? {}).slice(0, 120)}`)
      const handler = handlers[payload.method]
      if (!handler)
        return send(client, { id: payload.id, jsonrpc: '2.0', error: { code: -32601, message: `Method not found: ${payload.method}` } })
      try {
        send(client, { id: payload.id, jsonrpc: '2.0', result: handler(client, payload.params ?? {}) })
      } catch (error) {
        send(client, {
          id: payload.id,
          jsonrpc: '2.0',
          error: { code: -32602, message: error instanceof Error ? error.message : String(error) },
        })
      }
    })
    ws.on('close', () => {
      clients.delete(client)
      for (const topic of client.topics) topics.get(topic)?.delete(client)
      // What the client never acknowledged waits for its next connection.
      for (const entry of client.unacked.values()) keep(entry)
      client.unacked.clear()
    })
    ws.on('error', () => {})
  })

  const pings = setInterval(() => {
    for (const client of clients) if (client.ws.readyState === WebSocket.OPEN) client.ws.ping()
  }, pingIntervalMs)
  pings.unref?.()

  const url = `ws://127.0.0.1:${server.address().port}`
  return {
    url,
    port: server.address().port,
    stats,
    /** Cuts every socket, as an outage would; clients reconnect on their own. */
    dropConnections() {
      for (const client of clients) client.ws.terminate()
    },
    async stop() {
      clearInterval(pings)
      for (const client of clients) client.ws.terminate()
      await new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
