import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
import {
  WalletRequestError,
  ended,
  eventAddresses,
  fromBase58,
  listeners,
  liveSession,
  malformed,
  pickChain,
  send,
  sessionAddresses,
  sessionHooks,
  toHex,
} from '../shared/walletconnect.js'

interface Account {
  address: string
  name: string
  genesisHash: null
}

const SIGNATURE = /^0x([0-9a-fA-F]{2}){64,65}$/

/**
 * The 32-byte key of an SS58 address (its prefix takes one byte below 64, else two; two checksum bytes follow),
 * to recognise one account under another network's prefix. The wallet checks the checksum when it signs.
 */
function publicKeyOf(address: unknown): string | undefined {
  const bytes = fromBase58(address)
  if (!bytes?.length) return undefined
  const prefix = bytes[0]! < 64 ? 1 : 2
  return bytes.length === prefix + 34 ? toHex(bytes.subarray(prefix, prefix + 32)) : undefined
}

/** The signature of a wallet's answer (`{ signature: 0x… }`), checked: 64 bytes, or 65 with the key type byte. */
function signatureOf(result: unknown): string {
  const signature = (result as { signature?: unknown } | null)?.signature
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) throw malformed('signature')
  return signature
}

/**
 * The polkadot side of a WalletConnect session as a polkadot-js style extension (an entry of
 * `window.injectedWeb3`, the shape the polkadot chain plugin speaks). `enable` shares the session's accounts;
 * `signRaw` becomes `polkadot_signMessage` (the hex bytes, which the wallet wraps in <Bytes>…</Bytes> as
 * extensions do) and `signPayload` becomes `polkadot_signTransaction` on the chain of the payload's genesis hash.
 */
export function createPolkadotFacade(context: RemoteSessionContext): RemoteSessionFacade {
  const subscribers = listeners<(accounts: Account[]) => void>()
  let ids = 0
  let shown: Account[] = []

  const accountsOf = (up: RemoteSession | undefined, addresses = sessionAddresses(up, 'polkadot')): Account[] =>
    addresses.map((address) => ({ address, name: context.wallet.name, genesisHash: null }))

  const live = () => liveSession(context)
  const chainFor = (up: RemoteSession, genesisHash?: unknown) => {
    const requested =
      typeof genesisHash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(genesisHash)
        ? `polkadot:${genesisHash.slice(2, 34).toLowerCase()}`
        : undefined
    const chain = pickChain(up, 'polkadot', context, requested)
    if (!chain) throw ended()
    return chain
  }
  /** The session's address of the account `address` names (in any network's encoding). */
  const own = (up: RemoteSession, address: unknown) => {
    const key = publicKeyOf(address)
    const found = sessionAddresses(up, 'polkadot').find((a) => a === address || (key && publicKeyOf(a) === key))
    if (!found) throw new WalletRequestError(4100, `Unable to find the account ${String(address)}`)
    return found
  }
  const show = (next: Account[]) => {
    const changed = String(next.map((a) => a.address)) !== String(shown.map((a) => a.address))
    shown = next
    if (changed) subscribers.emit(shown)
  }

  const extension = {
    accounts: {
      get: async () => (shown = accountsOf(await live())),
      subscribe(callback: (accounts: Account[]) => void) {
        const off = subscribers.add(callback)
        callback(shown)
        return off
      },
    },
    signer: {
      async signRaw(raw: { address: string; data: string; type?: string }) {
        const up = await live()
        const address = own(up, raw?.address)
        if (typeof raw.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(raw.data))
          throw new WalletRequestError(-32602, 'signRaw expects hex data')
        const result = await send(up, chainFor(up), 'polkadot_signMessage', { address, message: raw.data })
        return { id: ++ids, signature: signatureOf(result) }
      },
      async signPayload(payload: { address?: unknown; genesisHash?: unknown }) {
        const up = await live()
        const address = own(up, payload?.address)
        const result = await send(up, chainFor(up, payload.genesisHash), 'polkadot_signTransaction', {
          address,
          transactionPayload: payload,
        })
        return { id: ++ids, signature: signatureOf(result) }
      },
    },
  }

  return {
    provider: {
      version: 'walletconnect',
      async enable() {
        const up = await live()
        shown = accountsOf(up)
        return extension
      },
    },
    ...sessionHooks(context, 'accountsChanged', eventAddresses, (up, addresses) => show(accountsOf(up, addresses))),
  }
}

/** Polkadot: raw bytes (wrapped in <Bytes>…</Bytes> by the wallet) and extrinsic payloads (SignerPayloadJSON). */
export const remoteSession: RemoteSessionMapping = {
  methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
  events: ['accountsChanged', 'chainChanged'],
  createFacade: createPolkadotFacade,
}
