/**
 * The legacy `siweConfig` callbacks as a session store: the host's getNonce, verifyMessage, getSession and
 * signOut drive the same flow as `siwx`, on eip155 accounts.
 */
import type { SiweConfig, SiwxSession, SiwxSessionStore } from './types.js'

export function legacyStore(config: SiweConfig): SiwxSessionStore {
  const signedOut = async () => {
    await config.signOut()
    config.onSignOut?.()
  }
  return {
    async prepare() {
      const nonce = await config.getNonce()
      if (typeof nonce !== 'string') throw new Error('getNonce() did not return a string')
      const params = (await config.getMessageParams?.()) ?? {}
      const extra: { statement?: string; resources?: string[]; expirationTime?: string } = {}
      if (typeof params.statement === 'string') extra.statement = params.statement
      if (Array.isArray(params.resources)) extra.resources = params.resources.filter((r): r is string => typeof r === 'string')
      if (typeof params.expiry === 'number' && params.expiry > 0)
        extra.expirationTime = new Date(Date.now() + params.expiry * 1000).toISOString()
      return { nonce, ...extra }
    },
    async add(session) {
      if ((await config.verifyMessage({ message: session.message, signature: session.signature })) !== true)
        throw new Error('the server did not accept the signature')
      const chainId = Number(session.data.chainId.split(':')[1])
      config.onSignIn?.({ address: session.data.accountAddress, chainId })
      return { address: session.data.accountAddress, chainId }
    },
    async get(chainId, address) {
      const session = await config.getSession()
      if (
        !session ||
        typeof session.address !== 'string' ||
        `eip155:${session.chainId}` !== chainId ||
        session.address.toLowerCase() !== address.toLowerCase()
      )
        return []
      // The server keeps the message; what the page knows of the session is its account and chain.
      const known: SiwxSession = { data: { accountAddress: session.address, chainId } as SiwxSession['data'], message: '', signature: '' }
      return [known]
    },
    revoke: signedOut,
    clear: signedOut,
  }
}
