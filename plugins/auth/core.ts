/**
 * The core of the embedded wallet's session: the frame (created on the first request), the signed-in user, and
 * the connection of each namespace through the AUTH connector once the secure site has signed the user in.
 */
import type { MapStore } from 'nanostores'
import type { PluginContext } from 'vestibule/kernel'
import { createFrame, type Frame, type RequestOptions } from './frame.js'
import { parseUser, type FrameUser } from './protocol.js'
import { AuthError, AuthErrorText } from './errors.js'
import { ID_AUTH, StoredKeys, type AuthState } from './state.js'

export type AuthContext = Pick<
  PluginContext,
  | 'connection'
  | 'chains'
  | 'storage'
  | 'router'
  | 'views'
  | 'i18n'
  | 'feedback'
  | 'options'
  | 'events'
  | 'state'
  | 'platform'
  | 'theme'
  | 'openModal'
  | 'getPlugin'
>

export interface ClientDeps {
  ctx: AuthContext
  url: string
  $state: MapStore<AuthState>
  /** Adds the AUTH connector to each namespace (the eager part holds the providers). */
  addConnectors(namespaces: readonly string[]): void
  /** Whether the plugin has a provider for the namespace's chain plugin. */
  supports(namespace: string): boolean
  /** Emits a provider event (accountsChanged, chainChanged, disconnect) to the namespace's listeners. */
  emit(namespace: string, event: string, data: unknown): void
  now?: () => number
}

/** The text to show for an error: the embedded wallet's own, else "An error occurred". */
export const message = (error: unknown) => (error instanceof AuthError ? error.message : AuthErrorText.generic)

export type Core = ReturnType<typeof createCore>

export function createCore(deps: ClientDeps) {
  const { ctx, $state } = deps
  let user: FrameUser | undefined
  let frame: Frame | undefined
  /** The views' connect, which also moves the modal on (Account, or a step after connecting such as sign-in). */
  let connectFromView: ((connectorId: string, namespace: string) => Promise<void>) | undefined
  const set = (patch: Partial<AuthState>) => $state.set({ ...$state.get(), ...patch })

  const frameOf = () =>
    (frame ??= createFrame({
      url: deps.url,
      onLoadFailed: () => {
        ctx.feedback.alert('auth-frame', 'The secure login site did not load. Try again later, or connect with a wallet.')
        frame?.destroy()
        frame = undefined
      },
      onTimeout: () => ctx.feedback.alert('auth-timeout', 'The secure login site did not answer in time. Please try again.'),
    }))
  const dappData = () => ({ projectId: ctx.options.projectId, sdkVersion: ctx.options.sdkVersion, metadata: ctx.options.metadata })
  const themeOf = (theme = ctx.theme.get()) => ({ themeMode: theme.mode, themeVariables: { ...theme.variables } })
  const ask = (type: Parameters<Frame['request']>[0], payload: object = {}, options?: RequestOptions) => {
    // A new frame first learns whose dapp it serves and the modal's theme (sent in order, ahead of the request).
    if (!frame?.mounted) {
      const fresh = frameOf()
      void fresh.request('SyncDappData', dappData()).catch(() => undefined)
      void fresh.request('SyncTheme', themeOf()).catch(() => undefined)
    }
    return frameOf().request(type, payload as never, options)
  }
  // The host changes the theme while the frame is up: the frame follows (a frame made later gets it at creation).
  const unwatchTheme = ctx.theme.listen((theme) => {
    if (frame?.mounted) void frame.request('SyncTheme', themeOf(theme)).catch(() => undefined)
  })

  /** The signed-in user in the namespace's account state (the host reads it there): social provider, email, name. */
  const writeAccount = (namespace: string) => {
    if (user)
      ctx.connection.setAccountFields(namespace, {
        socialProvider: user.socialProvider,
        user: { email: user.email, userName: user.userName },
      })
  }

  /** Reads the user, adds the connectors and connects every namespace the user has an account in. */
  const finish = async () => {
    set({ step: 'connecting', error: undefined })
    user = parseUser(await ask('GetUser', { namespace: 'eip155' }))
    const namespaces = Object.keys(user.accounts).filter((ns) => deps.supports(ns) && ctx.chains.get(ns)?.addConnector)
    if (!namespaces.length) throw new AuthError(AuthErrorText.networkNotFound)
    ctx.storage.set(StoredKeys.session, { namespaces })
    if (user.socialProvider) {
      ctx.storage.set(StoredKeys.socialProvider, user.socialProvider)
      if (user.userName) ctx.storage.set(StoredKeys.socialUsername, user.userName)
    }
    deps.addConnectors(namespaces)
    // The modal lands on the host's first network: its namespace (first in the chain plugins' order) connects last,
    // through the view, so it is the active one; the others join the same session before it.
    const order = ctx.chains.list().map((adapter) => adapter.namespace as string)
    const rank = (namespace: string) => (order.includes(namespace) ? order.indexOf(namespace) : order.length)
    const [landing, ...others] = namespaces.sort((a, b) => rank(a) - rank(b))
    for (const namespace of others) {
      await ctx.connection.connect(ID_AUTH, namespace)
      writeAccount(namespace)
    }
    await (connectFromView ?? ctx.connection.connect)(ID_AUTH, landing!)
    writeAccount(landing!)
    set({ step: 'connected', userName: user.userName ?? user.email })
  }

  /** The user of a session the secure site still holds (a reload), asked once; undefined when there is none. */
  let restoring: Promise<FrameUser | undefined> | undefined
  function restoreUser() {
    if (user) return Promise.resolve(user)
    return (restoring ??= (async () => {
      const answer = (await ask('IsConnected')) as { isConnected?: unknown } | undefined
      if (answer?.isConnected !== true) return undefined
      return (user = parseUser(await ask('GetUser', { namespace: 'eip155' })))
    })().finally(() => (restoring = undefined)))
  }

  const fail = (error: unknown, step: AuthState['step'], failed?: AuthState['failed']) => set({ step, error: message(error), failed })
  return {
    deps,
    ctx,
    $state,
    set,
    fail,
    ask,
    finish,
    restoreUser,
    user: () => user,
    writeAccount,
    setUser: (next: FrameUser | undefined) => void (user = next),
    frameMounted: () => frame?.mounted === true,
    navigateWith(connect: (connectorId: string, namespace: string) => Promise<void>) {
      connectFromView = connect
    },
    /** Signs out at the secure site (when the frame is up) and removes the frame. */
    async endFrame(signOut: boolean, final = false) {
      if (final) unwatchTheme()
      if (signOut && frame?.mounted) await ask('SignOut').catch(() => undefined)
      frame?.destroy()
      frame = undefined
    },
  }
}
