/** Email login: the address, the 6-digit code, resending it, and changing the signed-in user's email. */
import { AuthError } from './errors.js'
import { cooldownText, isOtp, isValidEmail } from './email.js'
import { AuthViews } from './state.js'
import { message, type Core } from './core.js'

export function createEmailFlow(core: Core) {
  const { ctx, $state, set, fail, ask, finish } = core
  const now = core.deps.now ?? Date.now
  let lastEmailAt: number | undefined

  /** Sends the login (or update) code to `email` unless one went out less than 30 s ago. */
  const sendCode = async (email: string, type: 'ConnectEmail' | 'UpdateEmail') => {
    if (!isValidEmail(email)) throw new AuthError('Please enter a valid email')
    const wait = cooldownText(lastEmailAt, now())
    if (wait) throw new AuthError(wait)
    lastEmailAt = now()
    await ask(type, { email })
  }

  return {
    /** Step 1 of email login: check the address, then have the secure site mail a code. */
    async submitEmail(email: string) {
      set({ step: 'sending', email, error: undefined })
      try {
        await sendCode(email, 'ConnectEmail')
        set({ step: 'otp' })
        ctx.router.push(AuthViews.otp)
      } catch (error) {
        fail(error, 'idle', 'email')
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
          const user = core.user()
          if (user) core.setUser({ ...user, email: updating })
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
  }
}
