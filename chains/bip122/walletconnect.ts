import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
import { createStandardFacade, type StandardAccount } from '../shared/standard-session.js'
import { WalletRequestError, bytesOf, fromBase64, fromHex, malformed, send, sessionAccounts, toBase64 } from '../shared/walletconnect.js'

type AddressEntry = { address?: unknown; publicKey?: unknown }

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
  const keys = new Map<string, Uint8Array>()
  const learn = (entries: unknown) => {
    for (const [address, key] of publicKeys(entries)) keys.set(address, key)
  }

  /** Learns the accounts' public keys: from the session properties, else (when the user is there) by asking the wallet. */
  const learnKeys = async (up: RemoteSession, ask: boolean) => {
    learn(listedInSession(up))
    const [first] = sessionAccounts(up, 'bip122')
    if (!ask || !first || keys.has(first.address)) return
    // Only the payment address is needed (PSBT inputs of P2TR and P2SH-P2WPKH accounts carry the key).
    learn(await send(up, first.chain, 'getAccountAddresses', { account: first.address, intentions: ['payment'] }).catch(() => undefined))
  }

  return createStandardFacade(context, {
    namespace: 'bip122',
    publicKey: (address) => keys.get(address) ?? new Uint8Array(),
    beforeConnect: learnKeys,
    accountsEvent: 'bip122_addressesChanged',
    // Address entries ({ address, publicKey? }) or plain addresses.
    eventAddresses: (data) => {
      learn(data)
      const addresses = data
        .map((entry) => (typeof entry === 'string' ? entry : (entry as AddressEntry)?.address))
        .filter((a): a is string => typeof a === 'string' && a.length > 0)
      return [...new Set(addresses)]
    },
    signing: ({ each, own, shown }) => ({
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: each(async (up, chain, input: { account: StandardAccount; message: Uint8Array }) => {
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
        signTransaction: each(
          async (
            up,
            chain,
            input: {
              psbt: Uint8Array
              chain: string
              inputsToSign: { account: StandardAccount; signingIndexes: number[]; sigHash?: number }[]
            },
          ) => {
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
            const account = signInputs[0]?.address ?? shown()[0]?.address
            const result = await send<{ psbt?: unknown }>(up, chain as never, 'signPsbt', {
              account,
              psbt: toBase64(psbt),
              signInputs,
              broadcast: false,
            })
            const signedPsbt = fromBase64(result?.psbt)
            if (!signedPsbt?.length) throw malformed('PSBT')
            return { signedPsbt }
          },
        ),
      },
    }),
  })
}

/** Bitcoin: the WalletConnect Bitcoin methods carry no namespace prefix; the addresses event does. */
export const remoteSession: RemoteSessionMapping = {
  methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
  events: ['bip122_addressesChanged'],
  createFacade: createBip122Facade,
}
