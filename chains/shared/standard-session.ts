/**
 * A remote session's side of one namespace as a Wallet Standard wallet: `standard:connect` shares the session's
 * accounts, `standard:disconnect` forgets them, `standard:events` reports changes; the chain plugin adds its
 * signing features, each run input by input on the chain the input names when the session approved it.
 */
import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade } from 'vestibule/kernel'
import {
  WalletRequestError,
  ended,
  listeners,
  liveSession,
  pickChain,
  sessionAccounts,
  sessionAddresses,
  sessionHooks,
} from './walletconnect.js'

/** A Wallet Standard account of the session: its address, key, CAIP-2 chains and the features it signs with. */
export interface StandardAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
}

/** Runs `sign` for each input in turn (one wallet prompt at a time), on the chain it names; resolves with the outputs. */
export type EachInput = <I, O>(sign: (up: RemoteSession, chain: string, input: I) => Promise<O>) => (...inputs: I[]) => Promise<O[]>

export interface StandardSessionSpec {
  namespace: string
  /** The public key of a session address; undefined leaves the address out. */
  publicKey(address: string): Uint8Array | undefined
  /** Runs before `standard:connect` shares the accounts; `ask`: the user is there to answer the wallet. */
  beforeConnect?(up: RemoteSession, ask: boolean): Promise<void>
  /** The session event that changes the accounts, and the addresses its data names. */
  accountsEvent: string
  eventAddresses(data: readonly unknown[]): string[]
  /** The signing features (the accounts list their names), over the input runner, the check of an account and the accounts the wallet shows. */
  signing(tools: { each: EachInput; own(address: unknown): string; shown(): readonly StandardAccount[] }): Record<string, object>
}

/** The facade of `spec.namespace` over `context`'s session. */
export function createStandardFacade(context: RemoteSessionContext, spec: StandardSessionSpec): RemoteSessionFacade {
  type Change = { accounts: readonly StandardAccount[] }
  const changes = listeners<(change: Change) => void>()
  let connected = false
  let shown: StandardAccount[] = []

  const accountsOf = (up: RemoteSession | undefined, addresses = sessionAddresses(up, spec.namespace)): StandardAccount[] => {
    const all = sessionAccounts(up, spec.namespace)
    return addresses.flatMap((address) => {
      const publicKey = spec.publicKey(address)
      if (!publicKey) return []
      const chains = all.filter((a) => a.address === address).map((a) => a.chain)
      return [
        Object.freeze({
          address,
          publicKey,
          chains: Object.freeze(chains.length ? chains : [...new Set(all.map((a) => a.chain))]),
          features,
        }),
      ]
    })
  }

  const each: EachInput =
    (sign) =>
    async (...inputs) => {
      const up = await liveSession(context)
      const outputs = []
      for (const input of inputs) {
        const chain = pickChain(up, spec.namespace, context, (input as { chain?: string })?.chain)
        if (!chain) throw ended()
        outputs.push(await sign(up, chain, input))
      }
      return outputs
    }

  /** `address` when the wallet shows it; else the request is refused (4100). */
  const own = (address: unknown) => {
    if (typeof address !== 'string' || !shown.some((a) => a.address === address))
      throw new WalletRequestError(4100, `The account ${String(address)} is not connected`)
    return address
  }

  /** An account moving to other chains is a change as much as another account. */
  const show = (next: StandardAccount[]) => {
    const same =
      next.length === shown.length && next.every((a, i) => a.address === shown[i]!.address && String(a.chains) === String(shown[i]!.chains))
    shown = next
    if (!same && connected) changes.emit({ accounts: shown })
  }

  const signing = spec.signing({ each, own, shown: () => shown })
  const features = Object.keys(signing)

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
          await spec.beforeConnect?.(up, !input?.silent)
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
      ...signing,
    },
  }

  return { provider, ...sessionHooks(context, spec.accountsEvent, spec.eventAddresses, (up, addresses) => show(accountsOf(up, addresses))) }
}
