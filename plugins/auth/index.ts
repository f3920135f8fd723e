/**
 * `vestibule/plugins/auth`: email and social login through an embedded wallet that runs on the provider's secure
 * site, in an iframe created only when the user picks email or a social login. The signed-in user's wallet is the
 * AUTH connector (`ID_AUTH`) of each chain plugin that takes connectors from plugins: an EIP-1193 provider for
 * eip155, so send, swap and sign-in work with it unchanged.
 *
 * Eagerly a host loads this manifest: two Connect-view sections (email, socials), the views' names and the
 * providers' shells. The frame, the flows and the views load on first use; the session code, once loaded, follows
 * the kernel's account events and registers the approval view itself.
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), auth()], features: { socials: ['google', 'github'] } })
 */
import { atom } from 'nanostores'
import { safeWebLink } from 'vestibule/utils'
import {
  isStringMap,
  lazyOnce,
  type AccountState,
  type CaipNetworkId,
  type ChainNamespace,
  type Plugin,
  type PluginContext,
} from 'vestibule/kernel'
import { AuthViews, ID_AUTH, INITIAL_STATE, SOCIAL_RESULT_PARAM, StoredKeys, type AuthState } from './state.js'
import { titles } from './titles.js'
import type { AuthClient } from './client.js'
import { smartAccountHooks } from './smart-hooks.js'

export { ID_AUTH, AuthViews, type AuthState, type PendingApproval, type AuthStep } from './state.js'
export type { AuthClient } from './client.js'

/** The social logins offered, in the default order. */
export const DEFAULT_SOCIALS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const
export type SocialProvider = (typeof DEFAULT_SOCIALS)[number]

/** The provider's secure site (the frame page) when the host sets none. */
export const DEFAULT_SECURE_SITE_URL = 'https://secure.walletconnect.org/sdk'

declare module 'vestibule/kernel' {
  interface PluginApis {
    auth: AuthApi
  }
  interface ConnectorTypes {
    /** The embedded wallet of email and social login. */
    AUTH: true
  }
  interface ModalOptions {
    /** The embedded wallet's frame page: an https URL (http only on 127.0.0.1, localhost or [::1]) without credentials; its origin is the only one the modal takes answers from. */
    secureSiteUrl?: string
    /** The embedded wallet's account type per namespace (eip155: smartAccount or eoa) while the user chose none. */
    defaultAccountTypes?: Record<string, string>
  }
  interface VestibuleEvents {
    /** The user chose the embedded wallet's account type for `namespace` (`setPreferredAccountType`). */
    'account:type': { namespace: ChainNamespace; type: string }
  }
  interface NetworkState {
    /** The eip155 networks the embedded wallet's smart account can be used on, as the secure site names them. */
    smartAccountEnabledNetworks?: readonly CaipNetworkId[]
  }
  interface Features {
    /** Email login in the Connect view (default on). */
    email?: boolean
    /** With email login on, the wallet list shows in full in the Connect view (default on); off collapses it. */
    emailShowWallets?: boolean
    /** The social logins offered, in order, or false for none (default: google, x, discord, farcaster, github, apple, facebook). */
    socials?: readonly SocialProvider[] | false
  }
  interface AccountState {
    /** The embedded wallet's account type in use (eip155: eoa or smartAccount). */
    preferredAccountType?: string
    /** Whether the embedded wallet's smart account has code on its network (undefined for an EOA). */
    smartAccountDeployed?: boolean
    /** The social login the embedded wallet's user signed in with. */
    socialProvider?: string
    /** The Farcaster sign-in link while it is shown. */
    farcasterUrl?: string
    /** The embedded wallet's user. */
    user?: { email?: string; userName?: string }
  }
}

export interface AuthApi {
  readonly $state: import('nanostores').ReadableAtom<AuthState>
  /** The session code (frame, flows), loaded on first call. */
  client(): Promise<AuthClient>
  /** Signs out at the secure site and removes the frame. */
  signOut(): Promise<void>
  /**
   * Sets the account type the user prefers for `namespace` (eip155: eoa or smartAccount): applied to the embedded
   * wallet's account there (its address follows), announced as `account:type`, kept for the next login (eip155).
   */
  setPreferredAccountType(namespace: ChainNamespace, type: string): void
}

type Listener = (data: unknown) => void

const socialsProblem = (v: unknown) =>
  v === false || (Array.isArray(v) && v.every((s) => (DEFAULT_SOCIALS as readonly unknown[]).includes(s)))
    ? undefined
    : `must be false or a list of ${DEFAULT_SOCIALS.join(', ')}`

/**
 * The secure site's address: a web link (https, http only on 127.0.0.1, localhost or [::1]) that begins with its
 * origin exactly as the URL parser reads it, so it carries no credentials and no text the parser would fold into
 * another host.
 */
function siteProblem(v: unknown): string | undefined {
  try {
    if (safeWebLink(v) && /^[/?#]/.test(`${v}/`.replace(new URL(v as string).origin, ''))) return undefined
  } catch {
    // Not a URL: refused below.
  }
  return 'must be an https URL without credentials (http only on loopback)'
}

/** The email and social login plugin (the embedded wallet). */
export function auth(): Plugin<AuthApi> {
  return {
    name: 'auth',
    options: {
      secureSiteUrl: { check: siteProblem, default: DEFAULT_SECURE_SITE_URL },
      defaultAccountTypes: { check: (v) => (isStringMap(v) ? undefined : 'must map namespaces to account types') },
    },
    features: {
      email: true,
      emailShowWallets: true,
      smartSessions: false,
      socials: { check: socialsProblem, default: [...DEFAULT_SOCIALS] },
    },
    setup(ctx: PluginContext) {
      const $state = atom<AuthState>(INITIAL_STATE)
      const listeners = new Map<string, Set<Listener>>()
      const removers = new Map<string, () => void>()
      const load = lazyOnce(
        (): Promise<AuthClient> =>
          import('./client.js').then(({ createClient }) =>
            createClient({
              ctx,
              url: ctx.options.secureSiteUrl as string,
              $state: $state as never,
              addConnectors,
              supports: (ns) => ns in providers,
              emit: (ns, e, d) => listeners.get(`${ns}:${e}`)?.forEach((l) => l(d)),
            }),
          ),
      )
      const client = load.started

      /** The EIP-1193 shell the eip155 chain plugin talks to; the session code loads on its first request. */
      const eip155 = {
        request: (args: { method: string; params?: unknown }) => load().then((c) => c.request('eip155', args)),
        on: (event: string, fn: Listener) =>
          void (listeners.get(`eip155:${event}`) ?? listeners.set(`eip155:${event}`, new Set()).get(`eip155:${event}`)!).add(fn),
        removeListener: (event: string, fn: Listener) => void listeners.get(`eip155:${event}`)?.delete(fn),
      }
      /** The Wallet Standard shell the solana chain plugin talks to; each feature loads the session code on use. */
      const call = (method: 'connect' | 'signMessage' | 'signAndSendTransaction') => ({
        version: '1.0.0',
        [method]: (...args: unknown[]) =>
          load().then((c) => (c.solana[method] as (...a: unknown[]) => unknown)(...(method === 'connect' ? args : [args]))),
      })
      const solana = {
        version: '1.0.0',
        name: 'Email',
        icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"/%3E',
        get chains() {
          return ctx.chains.get('solana')?.networks.map((n) => n.caipNetworkId) ?? []
        },
        accounts: [],
        features: {
          'standard:connect': call('connect'),
          'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
          // The account never changes within a session: a new login is a new connection.
          'standard:events': { version: '1.0.0', on: () => () => undefined },
          'solana:signMessage': call('signMessage'),
          'solana:signAndSendTransaction': call('signAndSendTransaction'),
        },
      }
      const providers: Record<string, unknown> = { eip155, solana }
      function addConnectors(namespaces: readonly string[]) {
        for (const ns of namespaces) {
          if (removers.has(ns) || !providers[ns] || !ctx.chains.get(ns)?.addConnector) continue
          // One signed-in user across namespaces; a smart account's fees are paid by its paymaster.
          const connector = {
            id: ID_AUTH,
            name: 'Email',
            type: 'AUTH',
            installed: true,
            endsWithSiblings: true,
            paysOwnGas: (account: AccountState) => account.preferredAccountType === 'smartAccount',
          } as const
          removers.set(ns, ctx.chains.addConnector(ns, connector, providers[ns]))
        }
      }

      ctx.views.register(AuthViews.otp, { title: 'auth.otpTitle', load: () => import('./views/EmailVerifyOtp.js') })
      ctx.views.register(AuthViews.social, { title: 'auth.socialTitle', load: () => import('./views/ConnectingSocial.js') })
      ctx.views.register(AuthViews.farcaster, { title: 'Farcaster', load: () => import('./views/ConnectingFarcaster.js') })
      ctx.views.register(AuthViews.updateEmail, { title: 'auth.updateTitle', load: () => import('./views/UpdateEmail.js') })
      ctx.i18n.add(titles, () => import('./locales/index.js'))
      // `features.emailShowWallets` off: with email login shown, the wallets wait behind "Continue with a wallet".
      ctx.slots.add('connect.methods', {
        id: 'email',
        label: 'auth.email',
        feature: 'email',
        order: 100,
        collapsesWallets: ctx.options.features.emailShowWallets === false,
        load: () => import('./views/EmailMethod.js'),
      })
      ctx.slots.add('connect.methods', {
        id: 'social',
        label: 'auth.socials',
        feature: 'socials',
        order: 200,
        load: () => import('./views/SocialMethod.js'),
      })
      // Who is signed in to the embedded wallet, under the Account view's address: the line loads for an account of
      // the embedded wallet only, and shows its email or user name when it has one.
      ctx.slots.add('account.header', {
        id: 'auth-user',
        label: 'auth.email',
        when: () => ctx.state.$chains.get()[ctx.state.$activeNamespace.get() ?? '']?.accountState.connectorId === ID_AUTH,
        load: () => import('./views/AccountUser.js'),
      })
      // Leaving the Farcaster QR code before signing in: the link is dropped and the login can start again.
      ctx.router.onLeave(AuthViews.farcaster, () => void client()?.then((c) => c.leaveFarcaster()))
      ctx.router.onLeave(AuthViews.otp, () => void client()?.then((c) => c.cancel()))

      // A stored session comes back: the connectors are there when the chain plugins look (the frame loads then).
      ctx.onReconnect(() => {
        const stored = ctx.storage.get<{ namespaces?: unknown }>(StoredKeys.session)
        if (Array.isArray(stored?.namespaces)) addConnectors(stored.namespaces.filter((n): n is string => typeof n === 'string'))
      })
      // The session spans namespaces; when the last one disconnects, the user is signed out.
      ctx.events.on('disconnect', () => {
        const chains = ctx.state.$chains.get()
        if (Object.values(chains).some((c) => c.accountState.connectorId === ID_AUTH && c.accountState.status !== 'disconnected')) return
        if (!removers.size) return
        removers.forEach((remove) => remove())
        removers.clear()
        void client()?.then((c) => c.signOut())
      })
      // Back from a social provider inside Telegram (the page was left for the provider's): the login finishes.
      if (
        typeof window !== 'undefined' &&
        ctx.platform.isTelegram() &&
        ctx.storage.get(StoredKeys.telegramSocialProvider) !== undefined &&
        new URL(window.location.href).searchParams.has(SOCIAL_RESULT_PARAM)
      ) {
        void Promise.resolve()
          .then(load)
          .then((c) => c.resumeSocial())
          .catch(() => undefined)
      }
      const setPreferredAccountType = smartAccountHooks(ctx)
      ctx.onDestroy(() => void client()?.then((c) => c.destroy()))
      return { $state, client: load, signOut: () => load().then((c) => c.signOut()), setPreferredAccountType }
    },
  }
}
