// The sandbox's secure site: the embedded wallet's frame page and the API behind it, on its own loopback origin.
// Each user (an email, or a social account) gets real keys derived here from a server secret: an EOA (viem) for
// eip155 and an ed25519 keypair for solana. Codes go out by email over SMTP; social logins go through the local
// OAuth-style provider; signatures and transactions are made here and sent to the local chains.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { keccak256, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../anvil.mjs'
import { solanaAddress } from './solana-key.mjs'
import { createSigner, ERR } from './signing.mjs'
import { createRoutes } from './routes.mjs'
import { createSmartAccounts } from './smart-account.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
/** A new embedded wallet starts with this much ETH on every local chain, so it can pay for gas at once. */
const START_BALANCE = 10n ** 19n
/** And 5 SOL on the local Solana cluster. */
const START_LAMPORTS = 5_000_000_000

/**
 * Starts the secure site. `rpcUrls` maps CAIP-2 ids to local nodes, `mail` is the sandbox mail (`send`), `oauth`
 * the local provider. `allowOrigin(origin)` lets a dapp page embed the frame (others get "origin not allowed").
 * `projects` are the project ids the site serves: every API call names its project (`x-vestibule-project`); none
 * gives "Project ID Not Configured", one the site does not know "Unauthorized: invalid key".
 */
export async function startSecureSite({ port = 0, rpcUrls, mail, oauth, projects = ['sandbox'] }) {
  const secret = randomBytes(32)
  const knownProjects = new Set(projects)
  const origins = new Set()
  const users = new Map() // id -> { id, email?, socialProvider?, userName? }
  const sessions = new Map() // token -> user id
  const socialStates = new Map() // state -> { provider, origin }
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
          (id.startsWith('eip155:')
            ? rpc(url, 'anvil_setBalance', [address, `0x${START_BALANCE.toString(16)}`])
            : rpc(url, 'requestAirdrop', [solana, START_LAMPORTS])
          ).catch(() => undefined),
        ),
      )
    }
    return { token }
  }
  const smart = createSmartAccounts({ rpcUrls, keyOf })
  /** Fields every description of a user is answered with over the user's own (`setUserFields`: a hostile site). */
  let userFields = {}
  const describe = async (user) => ({
    email: user.email,
    socialProvider: user.socialProvider,
    userName: user.userName ?? user.email,
    ...userFields,
    accounts: {
      eip155: [{ address: accountOf(user.id).address, type: 'eoa' }, ...(await smart.accountsOf(user))],
      solana: [{ address: solanaAddress(keyOf(user.id)), type: 'eoa' }],
    },
  })

  /** The API: each route gets the JSON body and the signed-in user (or undefined). */
  const signer = createSigner({ rpcUrls, keyOf, smart })
  const routes = {
    ...createRoutes({ users, sessions, mail, oauth, userOf, newSession, describe, signer, socialStates, url: () => siteUrl }),
    ...smart.routes(describe),
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      res.end(type === 'application/json' ? JSON.stringify(body) : body)
    }
    if (url.pathname === '/frame')
      return send(
        200,
        `<!doctype html><meta charset="utf-8"><title>Vestibule secure site</title><script src="/frame.js"></script>`,
        'text/html; charset=utf-8',
      )
    if (url.pathname === '/frame.js') return send(200, frameJs, 'text/javascript; charset=utf-8')
    // Back from the provider: the popup hands its address to the page that opened the login, then closes.
    if (url.pathname === '/social/callback') {
      const started = socialStates.get(url.searchParams.get('state') ?? '')
      const target = JSON.stringify(started?.origin ?? 'null')
      // A login that left the page (Telegram) goes back to that page with this address in its query instead.
      const returnTo = started?.returnTo ? new URL(started.returnTo) : undefined
      if (returnTo)
        returnTo.search = `${returnTo.search ? `${returnTo.search}&` : '?'}result_uri=${encodeURIComponent(`${siteUrl}${url.pathname}${url.search}`)}`
      const hand = returnTo
        ? `location.replace(${JSON.stringify(returnTo.href).replace(/</g, '\\u003c')})`
        : `window.opener && window.opener.postMessage({ vestibule: 'auth', type: 'social-callback', url: location.href }, ${target})`
      return send(
        200,
        `<!doctype html><meta charset="utf-8"><title>Signing in…</title><p>Signing in…</p><script>${hand}</script>`,
        'text/html; charset=utf-8',
      )
    }
    const route = url.pathname.startsWith('/api/') ? routes[url.pathname.slice(5)] : undefined
    if (!route || req.method !== 'POST') return send(404, { error: 'Not found' })
    // The project first: the origins a dapp may embed the frame from are those of its project.
    const project = req.headers['x-vestibule-project']
    if (typeof project !== 'string' || project === '') return send(401, { error: ERR.projectId })
    if (!knownProjects.has(project)) return send(401, { error: ERR.key })
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
    /**
     * Answers every user description (GetUser) with `fields` (`email`, `userName`, `socialProvider`, any value) over
     * the user's own, as a hostile or broken site would; `undefined` answers with the users' own again.
     */
    setUserFields: (fields) => void (userFields = fields ?? {}),
    /** The eip155 address of an email's embedded wallet (for tests). */
    addressOf: (email) => accountOf(`email:${email.toLowerCase()}`).address,
    /** The address of an email's smart account (for tests). */
    smartAddressOf: (email) => smart.addressOf({ id: `email:${email.toLowerCase()}` }),
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}
