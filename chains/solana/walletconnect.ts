import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
import { WalletRequestError, bytesOf, ended, fromBase58, fromBase64, eventAddresses, listeners, pickChain, send, sessionAccounts, sessionAddresses, toBase58, toBase64 } from '../shared/walletconnect.js'

const FEATURES = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type Change = { accounts: readonly Account[] }

const malformed = (what: string) => new WalletRequestError(-32603, `The wallet returned a malformed ${what}`)

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
 * speaks): `standard:connect` shares the session's accounts, and the signing features become
 * `solana_signMessage`, `solana_signTransaction` and `solana_signAndSendTransaction` requests on the chain the
 * transaction names when the session approved it.
 */
export function createSolanaFacade(context: RemoteSessionContext): RemoteSessionFacade {
  const changes = listeners<(change: Change) => void>()
  let connected = false
  let shown: Account[] = []

  const accountsOf = (up: RemoteSession | undefined, addresses = sessionAddresses(up, 'solana')): Account[] => {
    const all = sessionAccounts(up, 'solana')
    return addresses.flatMap((address) => {
      const publicKey = fromBase58(address)
      if (publicKey?.length !== 32) return []
      const chains = all.filter((a) => a.address === address).map((a) => a.chain)
      return [Object.freeze({ address, publicKey, chains: Object.freeze(chains.length ? chains : [...new Set(all.map((a) => a.chain))]), features: FEATURES })]
    })
  }

  const live = async () => {
    const up = await context.session
    if (!up?.session) throw ended()
    return up
  }

  /** Runs `sign` for each input in turn (one wallet prompt at a time), on the chain it names. */
  const each =
    <I, O>(sign: (up: RemoteSession, chain: string, input: I) => Promise<O>) =>
    async (...inputs: I[]) => {
      const up = await live()
      const outputs: O[] = []
      for (const input of inputs) {
        const account = (input as { account?: Account })?.account
        if (!account || !shown.some((a) => a.address === account.address)) throw new WalletRequestError(4100, 'The account is not connected')
        const chain = pickChain(up, 'solana', context, (input as { chain?: string })?.chain)
        if (!chain) throw ended()
        outputs.push(await sign(up, chain, input))
      }
      return outputs
    }

  const show = (next: Account[]) => {
    const same = next.length === shown.length && next.every((a, i) => a.address === shown[i]!.address && String(a.chains) === String(shown[i]!.chains))
    shown = next
    if (!same && connected) changes.emit({ accounts: shown })
  }

  const provider = {
    version: '1.0.0' as const,
    name: context.wallet.name,
    icon: context.wallet.icon,
    get chains() {
      return [...new Set(shown.flatMap((a) => a.chains))]
    },
    get accounts() {
      return connected ? shown : []
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect(input?: { silent?: boolean }) {
          const up = await context.session
          if (!up?.session) {
            if (input?.silent) return { accounts: [] }
            throw ended()
          }
          shown = accountsOf(up)
          connected = true
          return { accounts: shown }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        // The plugin ends the WalletConnect session itself when the kernel disconnects the namespace.
        async disconnect() {
          connected = false
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (change: Change) => void) => (event === 'change' ? changes.add(listener) : () => {}),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: each(async (up, chain, input: { account: Account; message: Uint8Array }) => {
          const message = bytesOf(input.message)
          if (!message) throw new WalletRequestError(-32602, 'The message must be bytes')
          const result = await send<{ signature?: unknown }>(up, chain as never, 'solana_signMessage', { message: toBase58(message), pubkey: input.account.address })
          const signature = fromBase58(result?.signature)
          if (signature?.length !== 64) throw malformed('signature')
          return { signedMessage: message, signature }
        }),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        signTransaction: each(async (up, chain, input: { account: Account; transaction: Uint8Array; chain?: string }) => {
          const transaction = bytesOf(input.transaction)
          if (!transaction) throw new WalletRequestError(-32602, 'The transaction must be bytes')
          const result = await send<{ signature?: unknown; transaction?: unknown }>(up, chain as never, 'solana_signTransaction', {
            transaction: toBase64(transaction),
            pubkey: input.account.address,
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
        signAndSendTransaction: each(async (up, chain, input: { account: Account; transaction: Uint8Array; chain?: string; options?: object }) => {
          const transaction = bytesOf(input.transaction)
          if (!transaction) throw new WalletRequestError(-32602, 'The transaction must be bytes')
          const result = await send<{ signature?: unknown }>(up, chain as never, 'solana_signAndSendTransaction', {
            transaction: toBase64(transaction),
            pubkey: input.account.address,
            ...(input.options ? { sendOptions: input.options } : {}),
          })
          const signature = fromBase58(result?.signature)
          if (signature?.length !== 64) throw malformed('transaction signature')
          return { signature }
        }),
      },
    },
  }

  return {
    provider,
    onSessionEvent(name, data) {
      if (name !== 'accountsChanged' || !Array.isArray(data)) return
      void context.session.then((up) => show(accountsOf(up, eventAddresses(data))))
    },
    onSessionUpdate() {
      void context.session.then((up) => show(accountsOf(up)))
    },
  }
}

/** Solana: messages and transactions signed by the wallet, or signed and sent by it. */
export const remoteSession: RemoteSessionMapping = {
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
  createFacade: createSolanaFacade,
}
