/**
 * Smart accounts of the embedded wallet (eip155). The secure site lists the user's EOA and the smart account
 * contract the EOA owns; the account the modal uses is the one of the preferred type (written into the account as
 * `preferredAccountType` at a connection): the connected account's (changed by `setPreferredAccountType`), else
 * the type chosen last, else the host's `defaultAccountTypes`, else the chain's default (smartAccount on eip155).
 * A change of type is told to the secure site (SetPreferredAccount) and the account's address becomes that type's. `smartAccountDeployed` is read on
 * chain: code at the smart account's address.
 */
import { atom } from 'nanostores'
import { parseUser, type FrameUser } from './protocol.js'
import { AuthError } from './errors.js'
import { ID_AUTH } from './state.js'
import type { Core } from './core.js'

declare module './protocol.js' {
  interface FrameRequests {
    /** The account type the user prefers (eoa, smartAccount); answered with the user. */
    SetPreferredAccount: { type: string }
    /** The networks the user's smart account can be used on; answered with `{ networks: CAIP-2 ids }`. */
    GetSmartAccountEnabledNetworks: Record<string, never>
  }
}

export const EOA = 'eoa'
export const SMART_ACCOUNT = 'smartAccount'
/** The record of the eip155 type chosen last, read before a login. */
export const ACCOUNT_TYPE_KEY = 'accountType'
/** Shown when the secure site cannot switch to the smart account. */
export const SMART_ACCOUNT_UNSUPPORTED = 'This application might not support Smart Accounts'

const HEX = /^0x[0-9a-fA-F]*$/

export interface SmartAccountDeps {
  core: Pick<Core, 'ctx' | 'ask' | 'user' | 'setUser'>
  /** Emits an EIP-1193 event of the eip155 provider (accountsChanged). */
  emit(event: string, data: unknown): void
  /** A read-only eip155 request (eth_getCode) on the current network. */
  read(method: string, params: unknown[]): Promise<unknown>
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>

export function createSmartAccounts(deps: SmartAccountDeps) {
  const { ctx } = deps.core
  /** The eip155 account when the embedded wallet is the connected one. */
  const authAccount = () => {
    const account = ctx.state.$chains?.get().eip155?.accountState
    return account?.connectorId === ID_AUTH && account.status === 'connected' ? account : undefined
  }
  const stored = () => {
    const type = ctx.storage.get<unknown>(ACCOUNT_TYPE_KEY)
    return type === EOA || type === SMART_ACCOUNT ? type : undefined
  }
  const preferred = () =>
    authAccount()?.preferredAccountType ??
    stored() ??
    ctx.options.defaultAccountTypes?.eip155 ??
    ctx.chains.get('eip155')?.defaultAccountType ??
    EOA
  /** The user with the preferred type's eip155 account first (the one the provider answers with). */
  const order = (user: FrameUser | undefined): FrameUser | undefined => {
    const list = user?.accounts.eip155
    if (!user || !list) return user
    const type = preferred()
    return {
      ...user,
      accounts: { ...user.accounts, eip155: [...list.filter((a) => a.type === type), ...list.filter((a) => a.type !== type)] },
    }
  }
  const current = () => order(deps.core.user())?.accounts.eip155?.[0]
  const typeOf = (address: string) =>
    deps.core.user()?.accounts.eip155?.find((a) => a.address.toLowerCase() === address.toLowerCase())?.type

  /** `smartAccountEnabledNetworks`: the eip155 networks the secure site names (CAIP-2 ids; anything else left out). */
  async function readEnabledNetworks() {
    const answer = (await deps.core.ask('GetSmartAccountEnabledNetworks', {})) as { networks?: unknown } | undefined
    const list = Array.isArray(answer?.networks)
      ? answer.networks.filter((id): id is `eip155:${string}` => typeof id === 'string' && /^eip155:\d{1,20}$/.test(id))
      : []
    if (authAccount()) ctx.connection.setNetworkFields('eip155', { smartAccountEnabledNetworks: [...new Set(list)].slice(0, 100) })
  }

  /** The connected account's record of the type in use (`preferredAccountType`, and `allAccounts`). */
  const record = (type: string) => {
    const address = authAccount()?.address
    if (address) ctx.connection.setAccountFields('eip155', { preferredAccountType: type, allAccounts: [{ address, type }] })
  }

  /** The connected address moves to the account of the preferred type when it is another one. */
  const align = () => {
    const address = authAccount()?.address
    const next = current()
    if (address && next && next.address.toLowerCase() !== address.toLowerCase()) deps.emit('accountsChanged', [next.address])
    return refreshDeployed()
  }

  /** `smartAccountDeployed`: whether the connected smart account has code on its network (undefined for an EOA). */
  async function refreshDeployed() {
    const address = authAccount()?.address
    if (!address) return
    if (typeOf(address) !== SMART_ACCOUNT) return ctx.connection.setAccountFields('eip155', { smartAccountDeployed: undefined })
    const code = await deps.read('eth_getCode', [address, 'latest'])
    // An answer for an account no longer connected, or not hex, changes nothing.
    if (authAccount()?.address !== address || typeof code !== 'string' || !HEX.test(code)) return
    ctx.connection.setAccountFields('eip155', { smartAccountDeployed: code.length > 2 })
  }

  /** A type change under way, and what went wrong with the last one (as shown). */
  const $status = atom<{ busy: boolean; error?: string }>({ busy: false })
  let applying: Promise<void> = Promise.resolve()
  let reverting: string | undefined
  /** The preferred type changed (the Account switch, or the host): the secure site is told, then the address follows. */
  async function apply(type: string) {
    if (type !== EOA && type !== SMART_ACCOUNT) return
    ctx.storage.set(ACCOUNT_TYPE_KEY, type)
    if (!authAccount()) return
    const user = parseUser(await deps.core.ask('SetPreferredAccount', { type }))
    if (!user.accounts.eip155?.some((a) => a.type === type)) throw new AuthError(SMART_ACCOUNT_UNSUPPORTED)
    deps.core.setUser(user)
    await align()
  }

  return {
    $status,
    preferred,
    order,
    align,
    /**
     * A new connection of the embedded wallet: its account takes the preferred type; what went wrong in an earlier
     * one is not shown.
     */
    connected() {
      record(preferred())
      if (!$status.get().busy) $status.set({ busy: false })
      // Networks the site cannot name stay unknown; the account works the same.
      return Promise.all([align(), readEnabledNetworks().catch(() => undefined)]).then(() => undefined)
    },
    refreshDeployed,
    /**
     * Applies a type change in order; on failure the previous type is put back (the account's record and the
     * plugin's) and `$status` says what went wrong.
     */
    setType(type: string) {
      if (type === EOA || type === SMART_ACCOUNT) record(type)
      // Putting the previous type back after a failure: the account never left it.
      if (type === reverting) return ((reverting = undefined), applying)
      // The type of the address in use (the account's record already says the new one).
      const address = authAccount()?.address
      const previous = address ? typeOf(address) : undefined
      $status.set({ busy: true })
      const run = applying.then(() => apply(type))
      applying = run.then(
        () => $status.set({ busy: false }),
        (error: unknown) => {
          $status.set({ busy: false, error: error instanceof AuthError ? error.message : SMART_ACCOUNT_UNSUPPORTED })
          if (!previous || previous === type) return
          ctx.storage.set(ACCOUNT_TYPE_KEY, previous)
          reverting = previous
          ctx.getPlugin('auth').setPreferredAccountType('eip155', previous)
        },
      )
      return applying
    },
  }
}
