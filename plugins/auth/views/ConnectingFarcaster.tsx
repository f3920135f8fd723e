import { QrCode, type ViewProps } from 'vestibule/ui'
import { useAuth } from './use-auth.js'

/**
 * Farcaster: the sign-in link as a QR code (and a link on this device) until it is approved; once it ran out, the
 * QR code gives way to the reason and a button for a new link.
 */
export default function ConnectingFarcaster({ ctx }: ViewProps<unknown, 'auth'>) {
  const { state, run } = useAuth(ctx)
  return (
    <div className="vb-center" data-testid="auth-farcaster">
      {state.farcasterExpired ? (
        <>
          <p className="vb-error" role="alert" data-testid="auth-farcaster-expired">
            {ctx.t('auth.farcasterExpired')}
          </p>
          <button type="button" className="vb-btn" data-testid="auth-farcaster-retry" onClick={() => run((client) => client.farcaster())}>
            {ctx.t('auth.farcasterRetry')}
          </button>
        </>
      ) : state.farcasterUrl ? (
        <>
          <QrCode value={state.farcasterUrl} label={ctx.t('auth.farcasterScan')} size={220} />
          <p className="vb-muted">{ctx.t('auth.farcasterScan')}</p>
          <a
            className="vb-link vb-auth-farcaster-link"
            data-testid="auth-farcaster-link"
            href={state.farcasterUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {ctx.t('auth.farcasterOpen')}
          </a>
        </>
      ) : (
        <div className="vb-spinner" aria-hidden="true" />
      )}
      {state.error ? (
        <p className="vb-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </div>
  )
}

/** The link stands alone under the QR code: a 44 px tall target. */
export const styles = `
.vb-auth-farcaster-link { display: inline-flex; align-items: center; min-height: 44px; padding: 0 12px; }
`
