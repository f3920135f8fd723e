// A local OAuth-style provider for the sandbox's social logins (google, github, apple, facebook, x, discord) and
// Farcaster's sign-in link: a consent page on its own loopback origin that sends the user back to the secure site
// with a one-time code, and the code exchange the secure site calls server to server.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'

const PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord']
const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
const page = (title, body) =>
  `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>body{font:16px system-ui;max-width:420px;margin:40px auto}button{font:inherit;padding:8px 16px;margin-right:8px}</style>${body}`

/** Starts the provider; `allowRedirect(prefix)` names the only place users may be sent back to (the secure site). */
export async function startOAuth({ port = 0 } = {}) {
  const codes = new Map()
  const farcaster = new Map()
  let redirectPrefix
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const q = url.searchParams
    const html = (status, body) => (
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }), res.end(body)
    )
    const json = (status, body) => (
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }), res.end(JSON.stringify(body))
    )
    const provider = q.get('provider') ?? ''
    const redirect = q.get('redirect_uri') ?? ''
    const state = q.get('state') ?? ''
    if (url.pathname === '/authorize') {
      if (!PROVIDERS.includes(provider) || !redirectPrefix || !redirect.startsWith(redirectPrefix))
        return html(400, page('Error', '<p>Unknown provider or redirect address</p>'))
      const hidden = `<input type="hidden" name="provider" value="${escapeHtml(provider)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirect)}"><input type="hidden" name="state" value="${escapeHtml(state)}">`
      return html(
        200,
        page(
          `Sign in with ${provider}`,
          `<h1 data-testid="oauth-title">Sandbox ${escapeHtml(provider)}</h1><p>Vestibule Sandbox asks for your ${escapeHtml(provider)} name.</p><form action="/approve">${hidden}<label>Username <input name="username" data-testid="oauth-username" value="sandbox-${escapeHtml(provider)}-user"></label><p><button data-testid="oauth-allow">Allow</button></p></form><form action="/deny">${hidden}<button data-testid="oauth-deny">Deny</button></form>`,
        ),
      )
    }
    if (url.pathname === '/approve' || url.pathname === '/deny') {
      if (!PROVIDERS.includes(provider) || !redirectPrefix || !redirect.startsWith(redirectPrefix))
        return html(400, page('Error', '<p>Unknown provider or redirect address</p>'))
      const back = new URL(redirect)
      back.searchParams.set('state', state)
      if (url.pathname === '/deny') back.searchParams.set('error', 'access_denied')
      else {
        const username = (q.get('username') ?? '').replace(/[^\w.-]/g, '').slice(0, 40) || `sandbox-${provider}-user`
        const code = randomBytes(16).toString('hex')
        codes.set(code, { provider, username })
        back.searchParams.set('code', code)
      }
      res.writeHead(302, { location: back.toString() })
      return res.end()
    }
    // The code exchange: once per code.
    if (url.pathname === '/token') {
      const grant = codes.get(q.get('code') ?? '')
      if (!grant) return json(400, { error: 'invalid_grant' })
      codes.delete(q.get('code'))
      return json(200, { provider: grant.provider, id: `${grant.provider}-${grant.username}`, username: grant.username })
    }
    // Farcaster: the sign-in link shown as a QR code, approved on "another device" (this page).
    const channel = q.get('channel') ?? ''
    if (url.pathname === '/farcaster/channel') {
      const id = randomBytes(8).toString('hex')
      farcaster.set(id, { approved: false })
      return json(200, { channel: id })
    }
    if (url.pathname === '/farcaster') {
      if (!farcaster.has(channel)) return html(404, page('Farcaster', '<p>Unknown sign-in link</p>'))
      return html(
        200,
        page(
          'Farcaster',
          `<h1>Sandbox Farcaster</h1><form action="/farcaster/approve"><input type="hidden" name="channel" value="${escapeHtml(channel)}"><label>Username <input name="username" value="sandbox-fc-user"></label><button data-testid="farcaster-approve">Sign in</button></form>`,
        ),
      )
    }
    if (url.pathname === '/farcaster/approve') {
      if (!farcaster.has(channel)) return html(404, page('Farcaster', '<p>Unknown sign-in link</p>'))
      farcaster.set(channel, {
        approved: true,
        username: (q.get('username') ?? '').replace(/[^\w.-]/g, '').slice(0, 40) || 'sandbox-fc-user',
      })
      return html(200, page('Farcaster', '<p data-testid="farcaster-done">Signed in. You can close this page.</p>'))
    }
    if (url.pathname === '/farcaster/status') return json(200, farcaster.get(channel) ?? { approved: false })
    html(404, page('Not found', '<p>Not found</p>'))
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    allowRedirect: (prefix) => void (redirectPrefix = prefix),
    stop: () => new Promise((resolve) => server.close(resolve)),
  }
}
