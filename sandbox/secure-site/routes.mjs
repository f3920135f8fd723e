// The secure site's API behind the frame page: email codes, social and Farcaster logins, the user, signing.
import { randomInt, randomBytes } from 'node:crypto'
import { ERR } from './signing.mjs'

const CODE_TTL_MS = 10 * 60_000
const isEmail = (v) => typeof v === 'string' && v.length <= 254 && /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v)

/**
 * The routes by path; each gets the JSON body, the signed-in user (or undefined), the embedding page's origin and
 * the session token. `site` holds the users, sessions, mail, OAuth provider, signer and the site's URL.
 */
export function createRoutes(site) {
  const { users, mail, oauth, userOf, newSession, describe, signer } = site
  const codes = new Map() // email -> { code, expires }
  const socialStates = site.socialStates // state -> { provider, origin }
  const farcasterChannels = new Map() // channel -> origin
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

  return {
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
    'social/start': async ({ provider, returnTo }, _, origin) => {
      // Without a popup (Telegram) the user comes back to `returnTo`, a page of the same origin as the embedding one.
      let back
      if (returnTo !== undefined) {
        back = typeof returnTo === 'string' && returnTo.length <= 2048 && URL.canParse(returnTo) ? new URL(returnTo) : undefined
        if (!back || back.origin !== origin) throw new Error(ERR.action)
      }
      const state = randomBytes(16).toString('hex')
      socialStates.set(state, { provider, origin, returnTo: back?.href })
      const uri = new URL(`${oauth.url}/authorize`)
      uri.searchParams.set('provider', provider)
      uri.searchParams.set('state', state)
      uri.searchParams.set('redirect_uri', `${site.url()}/social/callback`)
      return { uri: uri.toString() }
    },
    'social/connect': async ({ uri }, _, origin) => {
      const back = new URL(uri)
      const started = socialStates.get(back.searchParams.get('state') ?? '')
      if (!started || started.origin !== origin || back.origin !== new URL(site.url()).origin) throw new Error(ERR.action)
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
      return { result: await signer.sign(user, body) }
    },
    signout: async (_, __, ___, token) => (site.sessions.delete(token), {}),
  }
}
