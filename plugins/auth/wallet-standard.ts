/**
 * The embedded wallet as a Wallet Standard wallet for the solana chain plugin: connect gives the user's Solana
 * account; signing a message and signing and sending a transaction wait for the user's approval and are then
 * done by the secure site.
 */
import { AuthError, AuthErrorText } from './errors.js'
import type { FrameUser } from './protocol.js'
import type { AuthContext } from './core.js'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Base58 text to bytes (Solana addresses and signatures); throws on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  let n = 0n
  for (const c of text) {
    const digit = ALPHABET.indexOf(c)
    if (digit < 0) throw new AuthError(AuthErrorText.generic)
    n = n * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn))
  for (const c of text) {
    if (c !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
const fromBase64 = (text: unknown) => (typeof text === 'string' ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0)) : new Uint8Array())

export interface SolanaDeps {
  ctx: AuthContext
  ask(type: 'RpcRequest', payload: object): Promise<unknown>
  user(): FrameUser | undefined
  restore(): Promise<FrameUser | undefined>
  approve(namespace: string, method: string, params: unknown): Promise<boolean>
}

type Account = { address: string; publicKey: Uint8Array; chains: string[]; features: string[] }

export function createSolanaRequests(deps: SolanaDeps) {
  /** The chains the account is on: each network's CAIP-2 id and the cluster name wallets use for it. */
  const chains = () =>
    (deps.ctx.chains.get('solana')?.networks ?? []).flatMap((n) => {
      const walletChain = n.custom?.walletChain
      return typeof walletChain === 'string' ? [n.caipNetworkId, walletChain] : [n.caipNetworkId]
    })
  const accountOf = (user: FrameUser | undefined): Account[] => {
    const address = user?.accounts.solana?.[0]?.address
    if (!address) return []
    return [
      { address, publicKey: decodeBase58(address), chains: chains(), features: ['solana:signMessage', 'solana:signAndSendTransaction'] },
    ]
  }
  const approved = async (method: string, params: unknown) => {
    if (!(await deps.approve('solana', method, params)))
      throw new AuthError(/sign/i.test(method) && !/send/i.test(method) ? 'Signature declined' : 'Transaction declined', 4001)
  }
  return {
    accounts: () => accountOf(deps.user()),
    async connect(input?: { silent?: boolean }) {
      const user = deps.user() ?? (input?.silent ? await deps.restore() : undefined)
      const accounts = accountOf(user)
      if (!accounts.length && !input?.silent) throw new AuthError('Sign in with email or a social account first', 4100)
      return { accounts }
    },
    async signMessage(inputs: Array<{ message: Uint8Array }>) {
      const out = []
      for (const { message } of inputs) {
        await approved('solana_signMessage', [new TextDecoder().decode(message)])
        const answer = (await deps.ask('RpcRequest', {
          namespace: 'solana',
          chainId: chains()[0] ?? '',
          method: 'solana_signMessage',
          params: { message: toBase64(message) },
        })) as { signature?: unknown }
        out.push({ signedMessage: message, signature: fromBase64(answer?.signature) })
      }
      return out
    },
    async signAndSendTransaction(inputs: Array<{ transaction: Uint8Array; chain?: string }>) {
      const out = []
      for (const { transaction, chain } of inputs) {
        await approved('solana_signAndSendTransaction', [`${transaction.length} bytes on ${chain ?? chains()[0] ?? 'solana'}`])
        const answer = (await deps.ask('RpcRequest', {
          namespace: 'solana',
          chainId: chain ?? chains()[0] ?? '',
          method: 'solana_signAndSendTransaction',
          params: { transaction: toBase64(transaction) },
        })) as { signature?: unknown }
        if (typeof answer?.signature !== 'string') throw new AuthError(AuthErrorText.generic)
        out.push({ signature: decodeBase58(answer.signature) })
      }
      return out
    },
  }
}
