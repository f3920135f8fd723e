/**
 * A Tally wallet in the Wallet Standard shape, signing with a real ed25519 key (Web Crypto, in Node and in the
 * page): `tally:signMessage` over "Tally Signed Message:\n" + message, `tally:signTransfer` over the transfer text.
 * `approve` decides each request, as a person would (false: the wallet rejects with code 4001).
 */
import { messageBytes } from '../../examples/tally/verify.js'
import { transferText } from '../../examples/tally/session.js'

type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }

export async function createTallyWallet(options: {
  privateKey: JsonWebKey
  chains: string[]
  name?: string
  approve?: (what: string) => boolean
}) {
  const { privateKey: jwk, chains, approve = () => true } = options
  const key = await crypto.subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign'])
  const publicKey = Uint8Array.from(atob(jwk.x!.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0))
  const address = Array.from(publicKey, (b) => b.toString(16).padStart(2, '0')).join('')
  const account: Account = { address, publicKey, chains, features: ['tally:signMessage', 'tally:signTransfer'] }
  let accounts: Account[] = []
  const listeners = new Set<(change: { accounts: Account[] }) => void>()
  const ask = (what: string) => {
    if (!approve(what)) throw Object.assign(new Error('User rejected the request'), { code: 4001 })
  }
  const signed = async (bytes: Uint8Array<ArrayBuffer>) => ({ signature: new Uint8Array(await crypto.subtle.sign('Ed25519', key, bytes)) })
  return {
    address,
    wallet: {
      version: '1.0.0',
      name: options.name ?? 'Tally Test Wallet',
      icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
      chains,
      get accounts() {
        return accounts
      },
      features: {
        'standard:connect': {
          async connect(input?: { silent?: boolean }) {
            if (!input?.silent) ask('connect')
            if (!input?.silent || accounts.length) accounts = [account]
            return { accounts }
          },
        },
        'standard:disconnect': { disconnect: async () => void (accounts = []) },
        'standard:events': {
          on: (_: 'change', listener: (change: { accounts: Account[] }) => void) => (
            listeners.add(listener), () => listeners.delete(listener)
          ),
        },
        'tally:signMessage': {
          signMessage: async ({ message }: { message: Uint8Array }) => (
            ask('signMessage'), signed(messageBytes(new TextDecoder().decode(message)))
          ),
        },
        'tally:signTransfer': {
          signTransfer: async ({ transfer }: { transfer: Parameters<typeof transferText>[0] }) => (
            ask('signTransfer'), signed(new TextEncoder().encode(transferText(transfer)))
          ),
        },
      },
    },
  }
}
