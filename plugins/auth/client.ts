/**
 * The embedded wallet's session, loaded when the user picks email or a social login (or a stored session comes
 * back): the frame, the email and social flows, the approvals, and the providers' requests of each family.
 */
import { AuthError, AuthErrorText } from './errors.js'
import { StoredKeys } from './state.js'
import { createEip155Requests } from './eip1193.js'
import { createApprovals } from './approvals.js'
import { createSolanaRequests } from './wallet-standard.js'
import { createCore, type ClientDeps } from './core.js'
import { createEmailFlow } from './email-flow.js'
import { createSocialFlow } from './social-flow.js'
import { createSmartAccounts } from './smart-account.js'

export type { AuthContext, ClientDeps } from './core.js'
export { FARCASTER_RELOAD_MS } from './social-flow.js'

export type AuthClient = ReturnType<typeof createClient>

export function createClient(deps: ClientDeps) {
  const core = createCore(deps)
  const { ctx, $state, set, ask } = core
  // A request made while the modal is closed opens it on the approval.
  const showView = (view: string, data?: unknown) => (ctx.state.$modal.get().open ? ctx.router.push(view, data) : void ctx.openModal(view, data).catch(() => undefined))
  const approvals = createApprovals(showView, (approval) => set({ approval }))
  const smart = createSmartAccounts({ core, emit: (event, data) => deps.emit('eip155', event, data), read: (method, params) => eip155.request({ method, params }) })
  const eip155 = createEip155Requests({ ctx, ask, approve: approvals.ask, user: () => smart.order(core.user()), restore: () => core.restoreUser().then(smart.order), emit: (event, data) => deps.emit('eip155', event, data) })
  const solana = createSolanaRequests({ ctx, ask, approve: approvals.ask, user: core.user, restore: core.restoreUser })

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
    /** Writes the signed-in user into the account state of a namespace the AUTH connector connected (a restored session too). */
    accountConnected: core.writeAccount,
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
      set({ step: 'idle', email: undefined, userName: undefined, socialProvider: undefined, farcasterUrl: undefined, farcasterExpired: undefined, cancelled: undefined, updatingEmail: undefined, approval: undefined, error: undefined })
      await core.endFrame(true)
    },
    /** Leaves a flow (the back arrow): the form again. */
    cancel() {
      const { step } = $state.get()
      if (step !== 'connected') set({ step: 'idle', farcasterUrl: undefined, farcasterExpired: undefined, cancelled: undefined, updatingEmail: undefined, error: undefined })
    },
    destroy: () => void core.endFrame(false, true),
  }
}
