import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
import { WalletRequestError, bytesOf, ended, fromBase64, fromHex, listeners, pickChain, send, sessionAccounts, sessionAddresses, toBase64 } from '../shared/walletconnect.js'

const FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}
type Change = { accounts: readonly Account[] }
type AddressEntry = { address?: unknown; publicKey?: unknown }

const malformed = (what: string) => new WalletRequestError(-32603, `The wallet returned a malformed ${what}`)

/** Public keys by address from a `getAccountAddresses` answer (an array of `{ address, publicKey }`, keys in hex). */
function publicKeys(entries: unknown): Map<string, Uint8Array> {
  const keys = new Map<string, Uint8Array>()
  for (const entry of Array.isArray(entries) ? (entries as AddressEntry[]) : []) {
    const key = fromHex(entry?.publicKey)
    if (typeof entry?.address === 'string' && key && (key.length === 33 || key.length === 32)) keys.set(entry.address, key)
  }
  return keys
}

/** A signature in base64 (the usual encoding of Bitcoin message signatures) or hex. */
function signatureBytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== 'string' || !value) return undefined
  return /^(0x)?([0-9a-fA-F]{2})+$/.test(value) && value.replace(/^0x/, '').length !== 88 ? fromHex(value) : fromBase64(value)
}

/** The accounts the wallet listed in the session properties (`bip122_getAccountAddresses`, an array or its JSON). */
function listedInSession(up: RemoteSession): unknown {
  const properties = (up.session as { sessionProperties?: Record<string, unknown> } | undefined)?.sessionProperties
  const listed: unknown = properties?.bip122_getAccountAddresses
  if (typeof listed !== 'string') return listed
  try {
    return JSON.parse(listed)
  } catch {
    return undefined
  }
}

/**
 * The bip122 side of a WalletConnect session as a Bitcoin Wallet Standard wallet (the shape the bip122 chain
 * plugin speaks). `standard:connect` shares the session's accounts (public keys from the session properties or
 * `getAccountAddresses`), `bitcoin:signMessage` becomes `signMessage` (ECDSA) and `bitcoin:signTransaction`
 * becomes `signPsbt` without broadcast: the chain plugin finalizes and broadcasts, as with any wallet.
 */
export function createBip122Facade(context: RemoteSessionContext): RemoteSessionFacade {
  const changes = listeners<(change: Change) => void>()
  let connected = false
  let shown: Account[] = []
  const keys = new Map<string, Uint8Array>()

  const accountsOf = (up: RemoteSession | undefined, addresses = sessionAddresses(up, 'bip122')): Account[] => {
    const all = sessionAccounts(up, 'bip122')
    return addresses.map((address) => {
      const chains = all.filter((a) => a.address === address).map((a) => a.chain)
      return Object.freeze({ address, publicKey: keys.get(address) ?? new Uint8Array(), chains: Object.freeze(chains.length ? chains : [...new Set(all.map((a) => a.chain))]), features: FEATURES })
    })
  }

  const live = async () => {
    const up = await context.session
    if (!up?.session) throw ended()
    return up
  }

  /** Learns the accounts' public keys: from the session properties, else (when the user is there) by asking the wallet. */
  const learnKeys = async (up: RemoteSession, ask: boolean) => {
    for (const [address, key] of publicKeys(listedInSession(up))) keys.set(address, key)
    const [first] = sessionAccounts(up, 'bip122')
    if (!ask || !first || keys.has(first.address)) return
    // Only the payment address is needed (PSBT inputs of P2TR and P2SH-P2WPKH accounts carry the key).
    const answer = await send(up, first.chain, 'getAccountAddresses', { account: first.address, intentions: ['payment'] }).catch(() => undefined)
    for (const [address, key] of publicKeys(answer)) keys.set(address, key)
  }

  const each =
    <I, O>(sign: (up: RemoteSession, chain: string, input: I) => Promise<O>) =>
    async (...inputs: I[]) => {
      const up = await live()
      const outputs: O[] = []
      for (const input of inputs) {
        const chain = pickChain(up, 'bip122', context, (input as { chain?: string })?.chain)
        if (!chain) throw ended()
        outputs.push(await sign(up, chain, input))
      }
      return outputs
    }
  const own = (address: unknown) => {
    if (typeof address !== 'string' || !shown.some((a) => a.address === address)) throw new WalletRequestError(4100, `Account ${String(address)} is not connected`)
    return address
  }
  const show = (next: Account[]) => {
    const same = next.length === shown.length && next.every((a, i) => a.address === shown[i]!.address)
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
          await learnKeys(up, !input?.silent)
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
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: each(async (up, chain, input: { account: Account; message: Uint8Array }) => {
          const address = own(input?.account?.address)
          const message = bytesOf(input.message)
          if (!message) throw new WalletRequestError(-32602, 'The message must be bytes')
          const result = await send<{ signature?: unknown }>(up, chain as never, 'signMessage', {
            account: address,
            address,
            message: new TextDecoder().decode(message),
            protocol: 'ecdsa',
          })
          const signature = signatureBytes(result?.signature)
          if (!signature?.length) throw malformed('signature')
          return { signedMessage: message, signature }
        }),
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: each(async (up, chain, input: { psbt: Uint8Array; chain: string; inputsToSign: { account: Account; signingIndexes: number[]; sigHash?: number }[] }) => {
          const psbt = bytesOf(input.psbt)
          if (!psbt) throw new WalletRequestError(-32602, 'The PSBT must be bytes')
          const entries = Array.isArray(input.inputsToSign) ? input.inputsToSign : []
          const signInputs = entries.flatMap((entry) => {
            const address = own(entry?.account?.address)
            return (Array.isArray(entry.signingIndexes) ? entry.signingIndexes : []).map((index) => ({
              address,
              index,
              ...(typeof entry.sigHash === 'number' ? { sighashTypes: [entry.sigHash] } : {}),
            }))
          })
          const account = signInputs[0]?.address ?? shown[0]?.address
          const result = await send<{ psbt?: unknown }>(up, chain as never, 'signPsbt', { account, psbt: toBase64(psbt), signInputs, broadcast: false })
          const signedPsbt = fromBase64(result?.psbt)
          if (!signedPsbt?.length) throw malformed('PSBT')
          return { signedPsbt }
        }),
      },
    },
  }

  return {
    provider,
    onSessionEvent(name, data) {
      if (name !== 'bip122_addressesChanged' || !Array.isArray(data)) return
      // Address entries ({ address, publicKey? }) or plain addresses.
      for (const [address, key] of publicKeys(data)) keys.set(address, key)
      const addresses = data.map((entry) => (typeof entry === 'string' ? entry : (entry as AddressEntry)?.address)).filter((a): a is string => typeof a === 'string' && a.length > 0)
      void context.session.then((up) => show(accountsOf(up, [...new Set(addresses)])))
    },
    onSessionUpdate() {
      void context.session.then((up) => show(accountsOf(up)))
    },
  }
}

/** Bitcoin: the WalletConnect Bitcoin methods carry no namespace prefix; the addresses event does. */
export const remoteSession: RemoteSessionMapping = {
  methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  events: ['bip122_addressesChanged'],
  createFacade: createBip122Facade,
}
