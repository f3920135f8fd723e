import type { RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
import { createStandardFacade, type StandardAccount } from '../shared/standard-session.js'
import {
  WalletRequestError,
  bytesOf,
  eventAddresses,
  fromBase58,
  fromBase64,
  malformed,
  send,
  toBase58,
  toBase64,
} from '../shared/walletconnect.js'

/** Reads a compact-u16 (Solana's "shortvec") at `offset`: its value and the offset after it. */
function shortvec(bytes: Uint8Array, offset: number): [number, number] {
  let value = 0
  for (let shift = 0; shift < 21; shift += 7) {
    const byte = bytes[offset++]
    if (byte === undefined) throw malformed('transaction')
    value |= (byte & 0x7f) << shift
    if (!(byte & 0x80)) return [value, offset]
  }
  throw malformed('transaction')
}

/**
 * `transaction` (wire format: signatures, then the legacy or v0 message) with `signature` in the slot of `signer`
 * among the message's required signers. Wallets that answer with the signature only are completed this way.
 */
export function withSignature(transaction: Uint8Array, signer: Uint8Array, signature: Uint8Array): Uint8Array {
  const [count, signaturesAt] = shortvec(transaction, 0)
  let at = signaturesAt + count * 64
  if ((transaction[at]! & 0x80) !== 0) at++ // versioned message prefix
  const required = transaction[at]!
  const [keys, keysAt] = shortvec(transaction, at + 3)
  for (let i = 0; i < Math.min(required, keys, count); i++) {
    const key = transaction.subarray(keysAt + i * 32, keysAt + i * 32 + 32)
    if (key.length === 32 && key.every((b, j) => b === signer[j])) {
      const signed = transaction.slice()
      signed.set(signature, signaturesAt + i * 64)
      return signed
    }
  }
  throw new WalletRequestError(-32602, 'The account is not a signer of this transaction')
}

/**
 * The solana side of a WalletConnect session as a Wallet Standard wallet (the shape the solana chain plugin
 * speaks): `standard:connect` shares the session's accounts (each address is its 32-byte public key), and the
 * signing features become `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction`
 * requests on the chain the transaction names when the session approved it.
 */
export function createSolanaFacade(context: RemoteSessionContext): RemoteSessionFacade {
  return createStandardFacade(context, {
    namespace: 'solana',
    publicKey: (address) => {
      const key = fromBase58(address)
      return key?.length === 32 ? key : undefined
    },
    accountsEvent: 'accountsChanged',
    eventAddresses,
    signing: ({ each, own }) => ({
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: each(async (up, chain, input: { account: StandardAccount; message: Uint8Array }) => {
          const pubkey = own(input?.account?.address)
          const message = bytesOf(input.message)
          if (!message) throw new WalletRequestError(-32602, 'The message must be bytes')
          const result = await send<{ signature?: unknown }>(up, chain as never, 'solana_signMessage', {
            message: toBase58(message),
            pubkey,
          })
          const signature = fromBase58(result?.signature)
          if (signature?.length !== 64) throw malformed('signature')
          return { signedMessage: message, signature }
        }),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        signTransaction: each(async (up, chain, input: { account: StandardAccount; transaction: Uint8Array; chain?: string }) => {
          const pubkey = own(input?.account?.address)
          const transaction = bytesOf(input.transaction)
          if (!transaction) throw new WalletRequestError(-32602, 'The transaction must be bytes')
          const result = await send<{ signature?: unknown; transaction?: unknown }>(up, chain as never, 'solana_signTransaction', {
            transaction: toBase64(transaction),
            pubkey,
          })
          const signed = fromBase64(result?.transaction)
          if (signed) return { signedTransaction: signed }
          const signature = fromBase58(result?.signature)
          if (signature?.length !== 64) throw malformed('signature')
          return { signedTransaction: withSignature(transaction, input.account.publicKey, signature) }
        }),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: each(
          async (up, chain, input: { account: StandardAccount; transaction: Uint8Array; chain?: string; options?: object }) => {
            const pubkey = own(input?.account?.address)
            const transaction = bytesOf(input.transaction)
            if (!transaction) throw new WalletRequestError(-32602, 'The transaction must be bytes')
            const result = await send<{ signature?: unknown }>(up, chain as never, 'solana_signAndSendTransaction', {
              transaction: toBase64(transaction),
              pubkey,
              ...(input.options ? { sendOptions: input.options } : {}),
            })
            const signature = fromBase58(result?.signature)
            if (signature?.length !== 64) throw malformed('transaction signature')
            return { signature }
          },
        ),
      },
    }),
  })
}

/** Solana: messages and transactions signed by the wallet, or signed and sent by it. */
export const remoteSession: RemoteSessionMapping = {
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
  createFacade: createSolanaFacade,
}
