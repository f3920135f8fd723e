import type { TabProps } from 'vestibule/ui'
import { AuthViews } from '../state.js'
import { SOCIAL_NAMES, visibleSocials } from '../social-list.js'
import { useAuth } from './use-auth.js'

/** Popup features: a small window beside the page. */
const POPUP = 'width=500,height=640,popup=yes'

/** The Connect view's social logins: each opens the provider in a popup; Farcaster shows a QR code. */
export default function SocialMethod({ ctx }: TabProps<'auth'>) {
  const { state, run } = useAuth(ctx)
  const socials = visibleSocials((ctx.options.features.socials as readonly string[] | false | undefined) || [], ctx.platform)
  if (!socials.length) return null
  const choose = (provider: string) => {
    if (provider === 'farcaster') {
      ctx.router.push(AuthViews.farcaster)
      return run((client) => client.farcaster())
    }
    // Opened in the click itself, so the browser does not block it; the provider's page is set once known. Inside
    // Telegram the page itself goes to the provider instead.
    const popup = ctx.platform.isTelegram() ? null : window.open('', 'vestibule-social', POPUP)
    ctx.router.push(AuthViews.social, { provider })
    run((client) => client.social(provider, popup))
  }
  return (
    <div className="vb-auth-socials" data-testid="auth-socials">
      <ul className="vb-list">
        {socials.map((provider) => (
          <li key={provider}>
            <button type="button" className="vb-item" data-social={provider} onClick={() => choose(provider)}>
              <span className="vb-item-name">{ctx.t('auth.continueWith', { name: SOCIAL_NAMES[provider] ?? provider })}</span>
            </button>
          </li>
        ))}
      </ul>
      {state.step === 'idle' && (state.error || state.cancelled) && state.failed === 'social' ? (
        <p className="vb-error" role="alert" data-testid="auth-social-error">
          {state.cancelled ? ctx.t('auth.socialCancelled', { name: SOCIAL_NAMES[state.cancelled] ?? state.cancelled }) : state.error}
        </p>
      ) : null}
    </div>
  )
}
