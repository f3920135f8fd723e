/**
 * A polkadot-js style extension with a real key: what `window.injectedWeb3[name]` holds. It asks before
 * connecting and before every signature, signs for real (sr25519 or ed25519 from @polkadot/keyring) and wraps
 * raw bytes in <Bytes>…</Bytes> exactly as the polkadot-js extension does. Shared by the browser Sandbox
 * Polkadot Wallet (wallet.ts) and the Node integration tests.
 */
import { Keyring } from '@polkadot/keyring'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { hexToU8a, isHex, u8aToHex, u8aToString, u8aWrapBytes } from '@polkadot/util'
import { base58Decode, cryptoWaitReady, decodeAddress, encodeAddress } from '@polkadot/util-crypto'

/**
 * A balances transfer read without the chain's metadata, for the prompt: "balances.transferKeepAlive: 1.5 (1500000000000
 * planck) to <address>". The sandbox's Asset Hub has Balances at pallet index 10 (call 0 transferAllowDeath, 3
 * transferKeepAlive) and 12 decimals; another call (or shape) is undefined and the prompt shows its hex.
 */
export function describeCall(method: string, from: string): string | undefined {
  if (!isHex(method)) return undefined
  const bytes = hexToU8a(method)
  if (bytes.length < 36 || bytes[0] !== 10 || (bytes[1] !== 0 && bytes[1] !== 3) || bytes[2] !== 0) return undefined
  let amount: bigint
  try {
    const compact = new TypeRegistry().createType('Compact<u128>', bytes.subarray(35))
    if (compact.encodedLength !== bytes.length - 35) return undefined
    amount = compact.toBigInt()
  } catch {
    return undefined
  }
  // The receiver under the sender's own address format (its SS58 prefix, one byte below 64).
  const prefix = base58Decode(from)[0]!
  const to = encodeAddress(bytes.subarray(3, 35), prefix < 64 ? prefix : 42)
  const whole = `${amount / 10n ** 12n}${amount % 10n ** 12n ? `.${(amount % 10n ** 12n).toString().padStart(12, '0').replace(/0+$/, '')}` : ''}`
  return `balances.${bytes[1] === 3 ? 'transferKeepAlive' : 'transferAllowDeath'}: ${whole} (${amount} planck) to ${to}`
}

export interface SandboxExtensionOptions {
  /** 32-byte seed, 0x hex. */
  seed: string
  keyType?: 'sr25519' | 'ed25519'
  accountName?: string
  /** Shows a prompt; resolves true on Approve. */
  ask(title: string, detail?: string): Promise<boolean>
  /** Where the granted authorization is remembered (a page's localStorage); none: ask on every enable. */
  storage?: { getItem(key: string): string | null; setItem(key: string, value: string): void }
  /** Leave out a signer method to play a wallet without that feature. */
  features?: { signRaw?: boolean; signPayload?: boolean }
  /** Restricts the account to one chain (an extension's per-account genesisHash). */
  genesisHash?: string
}

export const AUTH_KEY = 'sandbox-polkadot-wallet:authorized'

export interface SandboxExtension {
  version: string
  enable(appName: string): Promise<unknown>
  /** The account as the extension shares it (generic Substrate prefix 42, as polkadot-js does). */
  address: string
  publicKey: Uint8Array
  /** Every request the extension received, for tests. */
  calls: Array<{ method: string; params: unknown }>
  /** Replaces the accounts and tells subscribers, as an extension does when the user switches or removes accounts. */
  setAccounts(accounts: Array<{ address: string; name?: string; genesisHash?: string | null }>): void
}

let ids = 0

export async function createSandboxExtension(options: SandboxExtensionOptions): Promise<SandboxExtension> {
  await cryptoWaitReady()
  const type = options.keyType ?? 'sr25519'
  const pair = new Keyring({ type, ss58Format: 42 }).addFromSeed(hexToU8a(options.seed), { name: options.accountName ?? 'Sandbox demo' })
  const features = { signRaw: true, signPayload: true, ...options.features }
  const calls: SandboxExtension['calls'] = []
  let accounts = [{ address: pair.address, name: options.accountName ?? 'Sandbox demo', type, genesisHash: options.genesisHash ?? null }]
  const subscribers = new Set<(list: typeof accounts) => void>()

  const ours = (address: string) => {
    try {
      return u8aToHex(decodeAddress(address)) === u8aToHex(pair.publicKey)
    } catch {
      return false
    }
  }
  const readable = (data: string) => {
    const bytes = hexToU8a(data)
    const text = u8aToString(bytes)
    return /^[\P{C}\n\t]*$/u.test(text) ? text : data
  }

  const signer: Record<string, unknown> = {}
  if (features.signRaw) {
    signer.signRaw = async (raw: { address: string; data: string; type: string }) => {
      calls.push({ method: 'signRaw', params: raw })
      if (!ours(raw.address)) throw new Error(`Unable to find the account ${raw.address}`)
      if (!isHex(raw.data)) throw new Error('signRaw expects hex data')
      if (!(await options.ask('Sign this message', readable(raw.data)))) throw new Error('Cancelled')
      // As polkadot-js: the bytes are wrapped in <Bytes>…</Bytes> (unless they already are), so no extrinsic payload can be signed here.
      return { id: ++ids, signature: u8aToHex(pair.sign(u8aWrapBytes(hexToU8a(raw.data)))) }
    }
  }
  if (features.signPayload) {
    signer.signPayload = async (payload: SignerPayloadJSON) => {
      calls.push({ method: 'signPayload', params: payload })
      if (!ours(payload.address)) throw new Error(`Unable to find the account ${payload.address}`)
      const detail = `${describeCall(payload.method, payload.address) ?? `call ${payload.method}`}\nnonce ${Number.parseInt(payload.nonce, 16)} · tip ${BigInt(payload.tip)}\nchain ${payload.genesisHash.slice(0, 18)}…`
      if (!(await options.ask('Approve transaction', detail))) throw new Error('Cancelled')
      // As the polkadot-js extension signs without the chain's metadata: a bare registry knowing the signed extensions.
      const registry = new TypeRegistry()
      registry.setSignedExtensions(payload.signedExtensions)
      const { signature } = registry.createType('ExtrinsicPayload', payload, { version: payload.version }).sign(pair)
      return { id: ++ids, signature }
    }
  }

  return {
    version: '0.1.0-sandbox',
    address: pair.address,
    publicKey: pair.publicKey,
    calls,
    setAccounts(list) {
      accounts = list.map((a) => ({ name: 'Account', type, genesisHash: null, ...a }))
      for (const cb of subscribers) cb(accounts)
    },
    async enable(appName: string) {
      calls.push({ method: 'enable', params: appName })
      if (options.storage?.getItem(AUTH_KEY) !== 'granted') {
        const approved = await options.ask(`Connect "${appName}"?`, `Share ${encodeAddress(pair.publicKey, 42)} (${type}) with this site`)
        if (!approved) throw new Error('Rejected')
        options.storage?.setItem(AUTH_KEY, 'granted')
      }
      return {
        accounts: {
          get: async () => accounts,
          subscribe(cb: (list: typeof accounts) => void) {
            subscribers.add(cb)
            cb(accounts)
            return () => subscribers.delete(cb)
          },
        },
        signer,
      }
    },
  }
}
