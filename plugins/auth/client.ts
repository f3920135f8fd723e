/**
 * The embedded wallet's session, loaded when the user picks email or a social login (or a stored session comes
 * back): the frame, the email and social flows, the approvals, and the providers' requests of each family.
 */
import { AuthError, AuthErrorText } from './errors.js'
import { AuthViews, ID_AUTH, StoredKeys } from './state.js'
import { createEip155Requests } from './eip1193.js'
import { approvalTitle, createApprovals } from './approvals.js'
import { createSolanaRequests } from './wallet-standard.js'
import { createCore, type ClientDeps } from './core.js'
import { createEmailFlow } from './email-flow.js'
import { createSocialFlow } from './social-flow.js'
import { createSmartAccounts } from './smart-account.js'
import { addMessages } from './messages.js'

export type { AuthContext, ClientDeps } from './core.js'
export { FARCASTER_RELOAD_MS } from './social-flow.js'

export type AuthClient = ReturnType<typeof createClient>

export function createClient(deps: ClientDeps) {
  const core = createCore(deps)
  const { ctx, $state, set, ask } = core
  // A request made while the modal is closed opens it on the approval.
  const showView = (view: string, data?: unknown) =>
    ctx.state.$modal.get().open ? ctx.router.push(view, data) : void ctx.openModal(view, data).catch(() => undefined)
  const approvals = createApprovals(showView, (approval) => set({ approval }))
  // The approval view is the session's (only the session asks for approvals): headed by what is approved, a
  // message or a transaction to sign, else a transaction to send; leaving it declines the request.
  addMessages(ctx.i18n)
  if (!ctx.views.has(AuthViews.approve))
    ctx.views.register(AuthViews.approve, {
      title: (data) => ctx.i18n.t(approvalTitle(data)),
      load: () => import('./views/ApproveTransaction.js'),
    })
  const smart = createSmartAccounts({
    core,
    emit: (event, data) => deps.emit('eip155', event, data),
    read: (method, params) => eip155.request({ method, params }),
  })
  const eip155 = createEip155Requests({
    ctx,
    ask,
    approve: approvals.ask,
    user: () => smart.order(core.user()),
    restore: () => core.restoreUser().then(smart.order),
    emit: (event, data) => deps.emit('eip155', event, data),
  })
  const solana = createSolanaRequests({ ctx, ask, approve: approvals.ask, user: core.user, restore: core.restoreUser })
  // The kernel's events the session follows. It is loaded before any connection of the embedded wallet (the
  // connector's first request loads it), so none of its connections goes unseen.
  const onEip155 = (namespace: string, job: () => unknown) =>
    void (
      namespace === 'eip155' &&
      Promise.resolve()
        .then(job)
        .catch((error: unknown) => ctx.events.emit('error', { source: 'auth', error }))
    )
  const unfollow = [
    ctx.router.onLeave(AuthViews.approve, () => {
      // The view's own answer reaches the session a microtask after its click, and its click also leaves the view:
      // only the request still waiting after that is declined.
      const left = $state.get().approval?.id
      void Promise.resolve().then(() => left !== undefined && $state.get().approval?.id === left && approvals.answer(false))
    }),
    // A connection, a restored one (a reload) too, shows its user in the account state and takes the preferred type.
    ctx.events.on('connect:success', ({ namespace, connectorId }) => {
      if (connectorId !== ID_AUTH) return
      void Promise.resolve().then(() => core.writeAccount(namespace))
      onEip155(namespace, smart.connected)
    }),
    ctx.events.on('account:type', ({ namespace, type }) => onEip155(namespace, () => smart.setType(type))),
    ctx.events.on('transaction', ({ namespace }) => onEip155(namespace, smart.refreshDeployed)),
    ctx.events.on('network:change', ({ namespace }) => onEip155(namespace, smart.refreshDeployed)),
  ]

  return {
    ...createEmailFlow(core),
    ...createSocialFlow(core),
    solana,
    smart,
    /** The connect of the view the user acts in, so connecting moves the modal on like any wallet does. */
    navigateWith: core.navigateWith,
    request: (namespace: string, args: { method: string; params?: unknown }) => {
      if (namespace === 'eip155') return eip155.request(args)
      return Promise.reject(new AuthError(AuthErrorText.networkNotFound))
    },
    /** The user's answer to the pending approval. */
    answer: approvals.answer,
    /** Signs out at the secure site and removes the frame. */
    async signOut() {
      core.setUser(undefined)
      eip155.reset()
      approvals.reset()
      ctx.storage.remove(StoredKeys.session)
      ctx.storage.remove(StoredKeys.socialProvider)
      ctx.storage.remove(StoredKeys.socialUsername)
      set({
        step: 'idle',
        email: undefined,
        userName: undefined,
        socialProvider: undefined,
        farcasterUrl: undefined,
        farcasterExpired: undefined,
        cancelled: undefined,
        updatingEmail: undefined,
        approval: undefined,
        error: undefined,
      })
      await core.endFrame(true)
    },
    /** Leaves a flow (the back arrow): the form again. */
    cancel() {
      const { step } = $state.get()
      if (step !== 'connected')
        set({
          step: 'idle',
          farcasterUrl: undefined,
          farcasterExpired: undefined,
          cancelled: undefined,
          updatingEmail: undefined,
          error: undefined,
        })
    },
    destroy() {
      unfollow.forEach((off) => off())
      void core.endFrame(false, true)
    },
  }
}
