/** Social login: a provider's page in a popup and back, and Farcaster's sign-in link shown as a QR code. */
import { AuthError, AuthErrorText } from './errors.js'
import { SOCIAL_RESULT_PARAM, StoredKeys } from './state.js'
import { waitForSocial } from './social.js'
import type { Core } from './core.js'

/** How long after leaving the Farcaster view the frame is reloaded. */
export const FARCASTER_RELOAD_MS = 100
/**
 * How long a Farcaster sign-in link is waited on for its approval: five minutes, as Farcaster's own sign-in kit
 * waits. The frame's 30 s answer time does not apply: the approval comes from a person on another device.
 */
export const FARCASTER_LINK_MS = 300_000

/** The social logins that go through a provider's page in a popup (Farcaster has its own flow). */
export const POPUP_PROVIDERS: readonly string[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

/** Whether the provider sent the user back with a denial (`error=access_denied` in the callback's query). */
const deniedAt = (url: string) => {
  try {
    return new URL(url).searchParams.get('error') === 'access_denied'
  } catch {
    return false
  }
}

export function createSocialFlow(core: Core) {
  const { ctx, $state, set, fail, ask, finish } = core
  /** Bumped when the user leaves the Farcaster view: a wait still under way then changes nothing. */
  let farcasterFlow = 0
  const siteOrigin = new URL(core.deps.url).origin
  const isSiteAnswer = (url: string) => url.startsWith(`${siteOrigin}/`) && url.length <= 2048
  /** The provider's page for this login, from the secure site (only an http(s) address is followed). */
  const redirectUri = async (payload: { provider: string; returnTo?: string }) => {
    const answer = (await ask('GetSocialRedirectUri', payload)) as { uri?: unknown }
    if (typeof answer?.uri !== 'string' || !/^https?:\/\//.test(answer.uri)) throw new AuthError(AuthErrorText.generic)
    return answer.uri
  }
  /** Telegram: the choice is kept (the page may be reloaded on the way back), then the page goes to the provider. */
  const redirect = async (provider: string) => {
    ctx.storage.set(StoredKeys.telegramSocialProvider, provider)
    try {
      const uri = await redirectUri({ provider, returnTo: window.location.href })
      window.location.assign(uri)
    } catch (error) {
      ctx.storage.remove(StoredKeys.telegramSocialProvider)
      fail(error, 'idle', 'social')
    }
  }
  return {
    /**
     * Social login through `popup` (opened by the click, so no blocker stops it); closed or blocked returns to the
     * form. Inside Telegram there is no popup: the page itself goes to the provider and comes back (see resumeSocial).
     */
    async social(provider: string, popup: Window | null) {
      if (!POPUP_PROVIDERS.includes(provider)) {
        popup?.close()
        return set({ step: 'idle', socialProvider: undefined, error: AuthErrorText.actionNotAllowed, failed: 'social' })
      }
      set({ step: 'social', socialProvider: provider, error: undefined, cancelled: undefined })
      if (ctx.platform.isTelegram()) return redirect(provider)
      if (!popup) return fail(new AuthError('The login window was blocked. Allow pop-ups and try again.'), 'idle', 'social')
      try {
        popup.location.href = await redirectUri({ provider })
        const result = await waitForSocial(popup, new URL(core.deps.url).origin)
        if (!result) return set({ step: 'idle', socialProvider: undefined, error: 'The login window was closed', failed: 'social' })
        // The provider's answer when the user denied access (OAuth's `error=access_denied`): a choice, not a fault.
        if (deniedAt(result))
          return set({ step: 'idle', socialProvider: undefined, error: undefined, cancelled: provider, failed: 'social' })
        await ask('ConnectSocial', { uri: result })
        await finish()
      } catch (error) {
        fail(error, 'idle', 'social')
      } finally {
        if (!popup.closed) popup.close()
      }
    },
    /**
     * The page came back from the provider inside Telegram: with the provider kept in storage and the provider's
     * answer (an address on the secure site) in `pageUrl`'s query (the page's address by default), the login
     * finishes. The answer leaves the address bar (`replaceUrl`, the page's history entry by default) and the kept
     * provider is dropped either way.
     */
    async resumeSocial(
      pageUrl = window.location.href,
      replaceUrl = (url: string) => window.history.replaceState(window.history.state, '', url),
    ) {
      const provider = ctx.storage.get<unknown>(StoredKeys.telegramSocialProvider)
      ctx.storage.remove(StoredKeys.telegramSocialProvider)
      const page = new URL(pageUrl)
      const result = page.searchParams.get(SOCIAL_RESULT_PARAM)
      if (result === null) return
      // The rest of the query stays as it was written (no re-encoding of the host's own parameters).
      const rest = page.search
        .slice(1)
        .split('&')
        .filter((pair) => pair && new URLSearchParams(pair).keys().next().value !== SOCIAL_RESULT_PARAM)
      replaceUrl(`${page.origin}${page.pathname}${rest.length ? `?${rest.join('&')}` : ''}${page.hash}`)
      if (typeof provider !== 'string' || !POPUP_PROVIDERS.includes(provider)) return
      set({ step: 'social', socialProvider: provider, error: undefined, cancelled: undefined })
      try {
        if (!isSiteAnswer(result)) throw new AuthError(AuthErrorText.generic)
        await ask('ConnectSocial', { uri: result })
        await finish()
      } catch (error) {
        fail(error, 'idle', 'social')
      }
    },
    /** Farcaster: the sign-in link as a QR code, then the wait until it is approved on the other device. */
    async farcaster() {
      const mine = ++farcasterFlow
      set({ step: 'farcaster', socialProvider: 'farcaster', farcasterUrl: undefined, farcasterExpired: undefined, error: undefined })
      try {
        const answer = (await ask('GetFarcasterUri')) as { url?: unknown }
        if (typeof answer?.url !== 'string' || !/^https?:\/\//.test(answer.url)) throw new AuthError(AuthErrorText.generic)
        if (mine !== farcasterFlow) return
        set({ farcasterUrl: answer.url })
        ctx.connection.setAccountFields('eip155', { farcasterUrl: answer.url })
        await ask('ConnectFarcaster', {}, { timeoutMs: FARCASTER_LINK_MS })
        if (mine === farcasterFlow) await finish()
      } catch (error) {
        if (mine !== farcasterFlow) return
        if (!(error instanceof AuthError && error.message === AuthErrorText.expired)) return fail(error, 'farcaster')
        // The link ran out: its QR code goes (an approval now would change nothing), the frame stops waiting on it,
        // and the view offers a new link.
        farcasterFlow++
        set({ farcasterUrl: undefined, farcasterExpired: true, error: undefined })
        ctx.connection.setAccountFields('eip155', { farcasterUrl: undefined })
        void ask('Reload').catch(() => undefined)
      }
    },
    /**
     * Leaving the Farcaster QR code before signing in: the link is dropped, and 100 ms later the frame is told to
     * reload, which ends its wait for the approval (a new QR code starts afresh).
     */
    leaveFarcaster() {
      if ($state.get().step === 'connected') return
      farcasterFlow++
      set({ step: 'idle', farcasterUrl: undefined, farcasterExpired: undefined, error: undefined })
      ctx.connection.setAccountFields('eip155', { farcasterUrl: undefined })
      setTimeout(() => void (core.frameMounted() ? ask('Reload').catch(() => undefined) : undefined), FARCASTER_RELOAD_MS)
    },
  }
}
