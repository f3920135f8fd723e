/**
 * `vestibule/plugins/identity`: who the connected account is, and names that stand for addresses.
 *
 * Names come from the chain first, where the network names an ENS universal resolver (the chain plugin's
 * `onChainNames`: viem's getEnsName, getEnsAddress, getEnsAvatar), authoritative for that network; the provider API
 * answers what the chain does not hold.
 *
 * - The account's name and avatar (its primary name on chain, else the blockchain API's `/v1/identity/{address}`)
 *   are written to its account state (`profileName`, `profileImage`), which the Account view shows above the
 *   address. They are read while the modal is open (on open, on connect, on another account or network), cached
 *   5 min.
 * - The names capability (`Capabilities.Names`): a receiver typed as a name (`alice.eth`, `alice.sandbox.id`) is
 *   resolved on chain, else through `/v1/profile/account/{name}`, with the name's avatar; send uses it.
 * - `modal.getPlugin('identity').namesOf(address)` lists the names pointing at an address (its primary name on
 *   chain, `/v1/profile/reverse`) whose own forward lookup gives that address back.
 *
 * Everything the API answers is checked: a name is plain text in a name's shape of at most 255 characters (shown
 * cut to 48) that does not pass for an address nor piles combining marks (such a name is refused outright, and a
 * look-up of it rejects with "NameRefused"), an avatar follows the modal's image rule; a wrong answer shows nothing
 * rather than something wrong.
 * Names exist on EVM networks only.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), identity(), send()] })
 */
import { Capabilities, lazyOnce, type CaipNetwork, type NamesService, type Plugin } from 'vestibule/kernel'
import type { NameRecord, Profile } from './checks.js'
import type { Profiles } from './profiles.js'
import { NAME_SHAPE } from './shape.js'

export type { NameRecord, Profile } from './checks.js'

/** What `modal.getPlugin('identity')` returns. */
export interface IdentityApi {
  /** The checked name and avatar of `address` (the active account's by default); undefined when unknown or failed. */
  identity(address?: string): Promise<Profile | undefined>
  /** The names pointing at `address` (the active account's by default); rejects with "Error fetching names for address". */
  namesOf(address?: string): Promise<readonly NameRecord[]>
}

declare module 'vestibule/kernel' {
  interface PluginApis {
    identity: IdentityApi
  }
}

/** Adds the account's name and avatar to Account and provides the names capability. */
export function identity(): Plugin<IdentityApi> {
  return {
    name: 'identity',
    setup(ctx) {
      const load = lazyOnce((): Promise<Profiles> => import('./profiles.js').then((m) => m.createProfiles(ctx)))
      const names: NamesService = {
        isName: (text) => NAME_SHAPE.test(text.trim()),
        resolve: (name, network) => load().then((p) => p.resolve(name.trim(), network)),
        avatar: (name, network) => load().then((p) => p.avatar(name.trim(), network)),
        // A name registered for an address: what was cached of it goes, and the active account's is read again.
        forget: (address) =>
          void load()
            .then((p) => {
              p.forget(address)
              if (ctx.connection.account()?.address.toLowerCase() === address.toLowerCase()) show()
            })
            .catch(() => undefined),
      }
      ctx.services.provide(Capabilities.Names, names)

      /** The active account, or `address` on the active account's network. */
      const target = (address?: string): { address: string; network: CaipNetwork } | undefined => {
        const account = ctx.connection.account()
        return account && { address: address ?? account.address, network: account.network }
      }
      // The active account's name and avatar into its state; an answer for an account no longer active is dropped.
      const show = () => {
        const account = ctx.connection.account()
        if (account?.network.chainNamespace !== 'eip155') return
        void load()
          .then((p) => p.identity(account.address, account.network))
          .then((profile) => {
            const now = ctx.connection.account(account.namespace)
            if (now?.address === account.address)
              ctx.connection.setAccountFields(account.namespace, { profileName: profile?.name, profileImage: profile?.avatar })
          })
          .catch(() => undefined)
      }
      const whileOpen = () => {
        if (ctx.state.$modal.get().open) show()
      }
      ctx.onOpen(({ connected }) => {
        if (connected) show()
      })
      ctx.events.on('connect:success', whileOpen)
      ctx.events.on('network:change', whileOpen)
      // Another account of the same wallet: the previous one's name must not stay beside the new address.
      ctx.events.on('account:change', ({ namespace }) => {
        ctx.connection.setAccountFields(namespace, { profileName: undefined, profileImage: undefined })
        whileOpen()
      })
      return {
        identity: async (address) => {
          const where = target(address)
          return where && (await load()).identity(where.address, where.network)
        },
        namesOf: async (address) => {
          const where = target(address)
          return where ? (await load()).namesOf(where.address, where.network) : []
        },
      }
    },
  }
}
