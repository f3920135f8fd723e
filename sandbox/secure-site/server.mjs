// The sandbox's secure site: the embedded wallet's frame page and the API behind it, on its own loopback origin.
// Each user (an email, or a social account) gets real keys derived here from a server secret: an EOA (viem) for
// eip155 and an ed25519 keypair for solana. Codes go out by email over SMTP; social logins go through the local
// OAuth-style provider; signatures and transactions are made here and sent to the local chains.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { randomBytes, randomInt } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createWalletClient, http, keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../anvil.mjs'
import { encodeBase58, signSolanaMessage, signSolanaTransaction, solanaAddress } from './solana-key.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const ERR = {
  origin: 'Unauthorized: origin not allowed',
  session: 'JWT Token is not yet valid',
  rpc: 'Requested RPC call is not allowed',
  network: 'Network Not Found',
  action: 'Action not allowed',
}
/** A new embedded wallet starts with this much ETH on every local chain, so it can pay for gas at once. */
const START_BALANCE = 10n ** 19n
/** And 5 SOL on the local Solana cluster. */
const START_LAMPORTS = 5_000_000_000
const CODE_TTL_MS = 10 * 60_000
const isEmail = (v) => typeof v === 'string' && v.length <= 254 && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v)

/**
 * Starts the secure site. `rpcUrls` maps CAIP-2 ids to local nodes, `mail` is the sandbox mail (`send`), `oauth`
 * the local provider. `allowOrigin(origin)` lets a dapp page embed the frame (others get "origin not allowed").
 */
export async function startSecureSite({ port = 0, rpcUrls, mail, oauth }) {
  const secret = randomBytes(32)
  const origins = new Set()
  const users = new Map() // id -> { id, email?, socialProvider?, userName? }
  const sessions = new Map() // token -> user id
  const codes = new Map() // email -> { code, expires }
  const socialStates = new Map() // state -> { provider, origin }
  const farcasterChannels = new Map() // channel -> origin
  const funded = new Set()
  const frameJs = await readFile(path.join(here, 'frame.js'), 'utf8')
  let siteUrl = ''

  const keyOf = (id) => keccak256(toHex(`${secret.toString('hex')}:${id}`))
  const accountOf = (id) => privateKeyToAccount(keyOf(id))
  const userOf = (id, fields) => {
    const user = users.get(id) ?? { id }
    Object.assign(user, fields)
    users.set(id, user)
    return user
  }
  const newSession = async (user) => {
    const token = randomBytes(24).toString('hex')
    sessions.set(token, user.id)
    const address = accountOf(user.id).address
    if (!funded.has(address)) {
      funded.add(address)
      const solana = solanaAddress(keyOf(user.id))
      await Promise.all(
        Object.entries(rpcUrls).map(([id, url]) =>
          (id.startsWith('eip155:') ? rpc(url, 'anvil_setBalance', [address, `0x${START_BALANCE.toString(16)}`]) : rpc(url, 'requestAirdrop', [solana, START_LAMPORTS])).catch(() => undefined),
        ),
      )
    }
    return { token }
  }
  const sendCode = async (email, subject) => {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    codes.set(email.toLowerCase(), { code, expires: Date.now() + CODE_TTL_MS })
    await mail.send({ to: email, subject, text: `Your Vestibule Sandbox code is ${code}\n\nIt expires in 10 minutes.` })
  }
  const checkCode = (email, otp) => {
    const entry = codes.get(String(email).toLowerCase())
    if (!entry || entry.expires < Date.now() || entry.code !== otp) return false
    codes.delete(String(email).toLowerCase())
    return true
  }

  const describe = (user) => ({
    email: user.email,
    socialProvider: user.socialProvider,
    userName: user.userName ?? user.email,
    accounts: { eip155: [{ address: accountOf(user.id).address, type: 'eoa' }], solana: [{ address: solanaAddress(keyOf(user.id)), type: 'eoa' }] },
  })

  async function solanaCall(user, { chainId, method, params }) {
    const key = keyOf(user.id)
    if (method === 'solana_signMessage') return { signature: signSolanaMessage(key, Buffer.from(String(params?.message ?? ''), 'base64')).toString('base64') }
    if (method === 'solana_signAndSendTransaction') {
      const url = rpcUrls[chainId] ?? Object.entries(rpcUrls).find(([id]) => id.startsWith('solana:'))?.[1]
      if (!url) throw new Error(ERR.network)
      const signed = signSolanaTransaction(key, Buffer.from(String(params?.transaction ?? ''), 'base64'))
      await rpc(url, 'sendTransaction', [signed.toString('base64'), { encoding: 'base64' }])
      // The transaction's id is its first signature.
      return { signature: encodeBase58(signed.subarray(1, 65)) }
    }
    throw new Error(ERR.rpc)
  }

  async function signOrSend(user, { namespace, chainId, method, params }) {
    if (namespace === 'solana') return solanaCall(user, { chainId, method, params })
    const account = accountOf(user.id)
    const list = Array.isArray(params) ? params : []
    const own = (address) => typeof address === 'string' && address.toLowerCase() === account.address.toLowerCase()
    if (method === 'personal_sign') {
      if (!own(list[1])) throw new Error(ERR.action)
      return account.signMessage({ message: { raw: list[0] } })
    }
    if (method === 'eth_sign') {
      if (!own(list[0])) throw new Error(ERR.action)
      return account.signMessage({ message: { raw: list[1] } })
    }
    if (method === 'eth_signTypedData_v4') {
      if (!own(list[0])) throw new Error(ERR.action)
      const typed = typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]
      const { EIP712Domain: _, ...types } = typed.types ?? {}
      return account.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message: typed.message })
    }
    if (method === 'eth_sendTransaction') {
      const tx = list[0] ?? {}
      if (tx.from && !own(tx.from)) throw new Error(ERR.action)
      const url = rpcUrls[chainId]
      if (!url) throw new Error(ERR.network)
      const id = Number(String(chainId).split(':')[1])
      const chain = { id, name: chainId, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } }
      const client = createWalletClient({ account, chain, transport: http(url) })
      return client.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : undefined, data: tx.data, gas: tx.gas ? BigInt(tx.gas) : undefined })
    }
    throw new Error(ERR.rpc)
  }

  /** The API: each route gets the JSON body and the signed-in user (or undefined). */
  const routes = {
    'email/start': async ({ email }) => {
      if (!isEmail(email)) throw new Error('Invalid email')
      await sendCode(email, 'Your login code')
      return { action: 'VERIFY_OTP' }
    },
    'email/verify': async ({ email, otp }) => {
      if (!checkCode(email, otp)) throw new Error('Invalid code')
      const id = `email:${String(email).toLowerCase()}`
      return newSession(userOf(id, users.get(id)?.email ? {} : { email }))
    },
    'email/update': async ({ email }, user) => {
      if (!user) throw new Error(ERR.session)
      if (!isEmail(email)) throw new Error('Invalid email')
      await sendCode(email, 'Confirm your new email')
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    'email/update/verify': async ({ email, otp }, user) => {
      if (!user) throw new Error(ERR.session)
      if (!checkCode(email, otp)) throw new Error('Invalid code')
      user.email = email
      if (!user.socialProvider) user.userName = email
      return { email }
    },
    user: async (_, user) => {
      if (!user) throw new Error(ERR.session)
      return describe(user)
    },
    'social/start': async ({ provider }, _, origin) => {
      const state = randomBytes(16).toString('hex')
      socialStates.set(state, { provider, origin })
      const uri = new URL(`${oauth.url}/authorize`)
      uri.searchParams.set('provider', provider)
      uri.searchParams.set('state', state)
      uri.searchParams.set('redirect_uri', `${siteUrl}/social/callback`)
      return { uri: uri.toString() }
    },
    'social/connect': async ({ uri }, _, origin) => {
      const back = new URL(uri)
      const started = socialStates.get(back.searchParams.get('state') ?? '')
      if (!started || started.origin !== origin || back.origin !== new URL(siteUrl).origin) throw new Error(ERR.action)
      socialStates.delete(back.searchParams.get('state'))
      if (back.searchParams.get('error')) throw new Error('The login was declined')
      const grant = await (await fetch(`${oauth.url}/token?code=${encodeURIComponent(back.searchParams.get('code') ?? '')}`)).json()
      if (!grant.id) throw new Error('The login was declined')
      return newSession(userOf(`social:${grant.id}`, { socialProvider: grant.provider, userName: grant.username }))
    },
    'farcaster/start': async (_, __, origin) => {
      const { channel } = await (await fetch(`${oauth.url}/farcaster/channel`)).json()
      farcasterChannels.set(channel, origin)
      return { channel, url: `${oauth.url}/farcaster?channel=${channel}` }
    },
    'farcaster/status': async ({ channel }, _, origin) => {
      if (farcasterChannels.get(channel) !== origin) throw new Error(ERR.action)
      const status = await (await fetch(`${oauth.url}/farcaster/status?channel=${encodeURIComponent(channel)}`)).json()
      if (!status.approved) return { pending: true }
      farcasterChannels.delete(channel)
      return newSession(userOf(`farcaster:${status.username}`, { socialProvider: 'farcaster', userName: status.username }))
    },
    rpc: async (body, user) => {
      if (!user) throw new Error(ERR.session)
      return { result: await signOrSend(user, body) }
    },
    signout: async (_, __, ___, token) => (sessions.delete(token), {}),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      res.end(type === 'application/json' ? JSON.stringify(body) : body)
    }
    if (url.pathname === '/frame') return send(200, `<!doctype html><meta charset="utf-8"><title>Vestibule secure site</title><script src="/frame.js"></script>`, 'text/html; charset=utf-8')
    if (url.pathname === '/frame.js') return send(200, frameJs, 'text/javascript; charset=utf-8')
    // Back from the provider: the popup hands its address to the page that opened the login, then closes.
    if (url.pathname === '/social/callback') {
      const started = socialStates.get(url.searchParams.get('state') ?? '')
      const target = JSON.stringify(started?.origin ?? 'null')
      return send(200, `<!doctype html><meta charset="utf-8"><title>Signing in…</title><p>Signing in…</p><script>window.opener && window.opener.postMessage({ vestibule: 'auth', type: 'social-callback', url: location.href }, ${target})</script>`, 'text/html; charset=utf-8')
    }
    const route = url.pathname.startsWith('/api/') ? routes[url.pathname.slice(5)] : undefined
    if (!route || req.method !== 'POST') return send(404, { error: 'Not found' })
    const origin = req.headers['x-vestibule-origin']
    if (typeof origin !== 'string' || !origins.has(origin)) return send(403, { error: ERR.origin })
    const chunks = []
    for await (const chunk of req) chunks.push(chunk)
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '')
    const user = sessions.has(token) ? users.get(sessions.get(token)) : undefined
    try {
      send(200, await route(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'), user, origin, token))
    } catch (error) {
      send(400, { error: error instanceof Error ? error.message.split('\n')[0].slice(0, 160) : 'An error occurred' })
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  siteUrl = `http://127.0.0.1:${server.address().port}`
  oauth.allowRedirect(`${siteUrl}/social/callback`)
  return {
    url: siteUrl,
    frameUrl: `${siteUrl}/frame`,
    allowOrigin: (origin) => void origins.add(origin),
    /** The eip155 address of an email's embedded wallet (for tests). */
    addressOf: (email) => accountOf(`email:${email.toLowerCase()}`).address,
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}
