/**
 * The embedded wallet's session, loaded when the user picks email or a social login (or a stored session comes
 * back): the frame, the email and social flows, and the connection of each namespace through the AUTH connector.
 */
import type { MapStore } from 'nanostores'
import type { PluginContext } from 'vestibule/kernel'
import { createFrame, type Frame } from './frame.js'
import { parseUser, type FrameUser } from './protocol.js'
import { AuthError, AuthErrorText } from './errors.js'
import { cooldownText, isOtp, isValidEmail } from './email.js'
import { AuthViews, ID_AUTH, StoredKeys, type AuthState } from './state.js'
import { createEip155Requests } from './eip1193.js'
import { waitForSocial } from './social.js'
import { createApprovals } from './approvals.js'
import { createSolanaRequests } from './wallet-standard.js'

export type AuthContext = Pick<PluginContext, 'connection' | 'chains' | 'storage' | 'router' | 'feedback' | 'options' | 'events' | 'state' | 'platform'>

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

export type AuthClient = ReturnType<typeof createClient>

/** How long after leaving the Farcaster view the frame is reloaded. */
export const FARCASTER_RELOAD_MS = 100

const message = (error: unknown) => (error instanceof AuthError ? error.message : AuthErrorText.generic)

export function createClient(deps: ClientDeps) {
  const { ctx, $state } = deps
  const now = deps.now ?? Date.now
  let user: FrameUser | undefined
  let lastEmailAt: number | undefined
  /** Bumped when the user leaves the Farcaster view: a wait still under way then changes nothing. */
  let farcasterFlow = 0
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
  const ask = (type: Parameters<Frame['request']>[0], payload: object = {}) => {
    // A new frame first learns whose dapp it serves and the modal's theme (sent in order, ahead of the request).
    if (!frame?.mounted) {
      const fresh = frameOf()
      void fresh.request('SyncDappData', { projectId: ctx.options.projectId, sdkVersion: ctx.options.sdkVersion, metadata: ctx.options.metadata }).catch(() => undefined)
      void fresh.request('SyncTheme', { themeMode: ctx.options.themeMode }).catch(() => undefined)
    }
    return frameOf().request(type, payload as never)
  }

  /** Sends the login (or update) code to `email` unless one went out less than 30 s ago. */
  const sendCode = async (email: string, type: 'ConnectEmail' | 'UpdateEmail') => {
    if (!isValidEmail(email)) throw new AuthError('Please enter a valid email')
    const wait = cooldownText(lastEmailAt, now())
    if (wait) throw new AuthError(wait)
    lastEmailAt = now()
    await ask(type, { email })
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
    // The active namespace first (eip155 when present): the others join the same session.
    for (const [i, namespace] of namespaces.sort((a, b) => Number(b === 'eip155') - Number(a === 'eip155')).entries()) {
      await (i === 0 && connectFromView ? connectFromView : ctx.connection.connect)(ID_AUTH, namespace)
      ctx.connection.setAccountFields(namespace, { socialProvider: user.socialProvider, user: { email: user.email, userName: user.userName } })
    }
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

  const fail = (error: unknown, step: AuthState['step']) => set({ step, error: message(error) })

  const approvals = createApprovals((view) => ctx.router.push(view), (approval) => set({ approval }))
  const eip155 = createEip155Requests({
    approve: approvals.ask,
    ctx,
    ask,
    user: () => user,
    restore: restoreUser,
    emit: (event, data) => deps.emit('eip155', event, data),
  })

  const solana = createSolanaRequests({ ctx, ask, approve: approvals.ask, user: () => user, restore: restoreUser })

  return {
    solana,
    /** The connect of the view the user acts in, so connecting moves the modal on like any wallet does. */
    navigateWith(connect: (connectorId: string, namespace: string) => Promise<void>) {
      connectFromView = connect
    },
    /** Step 1 of email login: check the address, then have the secure site mail a code. */
    async submitEmail(email: string) {
      set({ step: 'sending', email, error: undefined })
      try {
        await sendCode(email, 'ConnectEmail')
        set({ step: 'otp' })
        ctx.router.push(AuthViews.otp)
      } catch (error) {
        fail(error, 'idle')
      }
    },
    /** Mails another code to the same address (the same 30 s rule). */
    async resend() {
      const { email, updatingEmail } = $state.get()
      try {
        await sendCode(updatingEmail ?? email ?? '', updatingEmail ? 'UpdateEmail' : 'ConnectEmail')
        set({ error: undefined })
      } catch (error) {
        set({ error: message(error) })
      }
    },
    /** Step 2: the code; a wrong one keeps the email and says so. */
    async submitOtp(otp: string) {
      if (!isOtp(otp)) return set({ error: 'Please enter the 6-digit code' })
      const updating = $state.get().updatingEmail
      set({ step: 'verifying', error: undefined })
      try {
        if (updating) {
          await ask('UpdateEmailOtp', { otp })
          set({ step: 'connected', email: updating, userName: updating, updatingEmail: undefined })
          if (user) user = { ...user, email: updating }
          ctx.router.goBack()
          return
        }
        await ask('ConnectOtp', { otp })
        await finish()
      } catch (error) {
        fail(error, 'otp')
      }
    },
    /** A new email for the signed-in user: a code goes to it, and the OTP view confirms it. */
    async updateEmail(email: string) {
      try {
        await sendCode(email, 'UpdateEmail')
        set({ updatingEmail: email, error: undefined, step: 'otp' })
        ctx.router.push(AuthViews.otp)
      } catch (error) {
        set({ error: message(error) })
      }
    },
    /** Social login through `popup` (opened by the click, so no blocker stops it); closed or blocked returns to the form. */
    async social(provider: string, popup: Window | null) {
      set({ step: 'social', socialProvider: provider, error: undefined })
      // Inside Telegram the page may be reloaded on the way back: the choice is kept until the login ends.
      if (ctx.platform.isTelegram()) ctx.storage.set(StoredKeys.telegramSocialProvider, provider)
      if (!popup) return fail(new AuthError('The login window was blocked. Allow pop-ups and try again.'), 'idle')
      try {
        const answer = (await ask('GetSocialRedirectUri', { provider })) as { uri?: unknown }
        if (typeof answer?.uri !== 'string' || !/^https?:\/\//.test(answer.uri)) throw new AuthError(AuthErrorText.generic)
        popup.location.href = answer.uri
        const result = await waitForSocial(popup, new URL(deps.url).origin)
        if (!result) return set({ step: 'idle', socialProvider: undefined, error: 'The login window was closed' })
        await ask('ConnectSocial', { uri: result })
        await finish()
      } catch (error) {
        fail(error, 'idle')
      } finally {
        ctx.storage.remove(StoredKeys.telegramSocialProvider)
        if (!popup.closed) popup.close()
      }
    },
    /** Farcaster: the sign-in link as a QR code, then the wait until it is approved on the other device. */
    async farcaster() {
      const mine = ++farcasterFlow
      set({ step: 'farcaster', socialProvider: 'farcaster', error: undefined })
      try {
        const answer = (await ask('GetFarcasterUri')) as { url?: unknown }
        if (typeof answer?.url !== 'string' || !/^https?:\/\//.test(answer.url)) throw new AuthError(AuthErrorText.generic)
        if (mine !== farcasterFlow) return
        set({ farcasterUrl: answer.url })
        ctx.connection.setAccountFields('eip155', { farcasterUrl: answer.url })
        await ask('ConnectFarcaster')
        if (mine === farcasterFlow) await finish()
      } catch (error) {
        if (mine === farcasterFlow) fail(error, 'farcaster')
      }
    },
    /**
     * Leaving the Farcaster QR code before signing in: the link is dropped, and 100 ms later the frame is told to
     * reload, which ends its wait for the approval (a new QR code starts afresh).
     */
    leaveFarcaster() {
      if ($state.get().step === 'connected') return
      farcasterFlow++
      set({ step: 'idle', farcasterUrl: undefined, error: undefined })
      ctx.connection.setAccountFields('eip155', { farcasterUrl: undefined })
      setTimeout(() => void (frame?.mounted ? ask('Reload').catch(() => undefined) : undefined), FARCASTER_RELOAD_MS)
    },
    request: (namespace: string, args: { method: string; params?: unknown }) => {
      if (namespace === 'eip155') return eip155.request(args)
      return Promise.reject(new AuthError(AuthErrorText.networkNotFound))
    },
    /** The user's answer to the pending approval. */
    answer: approvals.answer,
    syncTheme: (themeMode: string) => (frame?.mounted ? ask('SyncTheme', { themeMode }).catch(() => undefined) : undefined),
    /** Signs out at the secure site and removes the frame. */
    async signOut() {
      const had = frame?.mounted
      user = undefined
      eip155.reset()
      approvals.reset()
      ctx.storage.remove(StoredKeys.session)
      ctx.storage.remove(StoredKeys.socialProvider)
      ctx.storage.remove(StoredKeys.socialUsername)
      set({ step: 'idle', email: undefined, userName: undefined, socialProvider: undefined, farcasterUrl: undefined, updatingEmail: undefined, approval: undefined, error: undefined })
      if (had) await ask('SignOut').catch(() => undefined)
      frame?.destroy()
      frame = undefined
    },
    /** Leaves a flow (the back arrow): the form again. */
    cancel() {
      const { step } = $state.get()
      if (step !== 'connected') set({ step: 'idle', farcasterUrl: undefined, updatingEmail: undefined, error: undefined })
    },
    destroy() {
      frame?.destroy()
      frame = undefined
    },
  }
}
