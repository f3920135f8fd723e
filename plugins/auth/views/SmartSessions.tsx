import { useEffect, useState } from 'react'
import { useStore, type ViewProps } from 'vestibule/ui'
import { smartSessionsOf } from '../smart-sessions.js'
import { addSmartMessages } from '../smart-messages.js'

/** The smart account's sessions: each app with its permissions and expiry, revocable with the account's signature. */
export default function SmartSessions({ ctx }: ViewProps<unknown, 'auth'>) {
  addSmartMessages(ctx.i18n)
  const [sessions] = useState(() => smartSessionsOf(ctx.api as object, ctx))
  const state = useStore(sessions.$state)
  useEffect(() => void sessions.load(), [sessions])
  return (
    <div className="vb-send" data-testid="auth-sessions" data-status={state.status}>
      {state.status === 'loading' && !state.sessions.length ? <p className="vb-muted">{ctx.t('auth.sessionsLoading')}</p> : null}
      {state.status === 'ready' && !state.sessions.length ? (
        <p className="vb-muted" data-testid="auth-sessions-empty">
          {ctx.t('auth.noSessions')}
        </p>
      ) : null}
      {state.sessions.length ? (
        <ul className="vb-list">
          {state.sessions.map((s) => (
            <li key={s.pci} className="vb-item vb-item-static" data-pci={s.pci}>
              <span className="vb-item-text">
                <span className="vb-item-name">{s.project.name}</span>
                <span className="vb-item-hint">
                  {ctx.t('auth.sessionPermissions', { count: s.permissions })}
                  {s.expiry ? ` · ${ctx.t('auth.sessionExpires', { date: new Date(s.expiry).toLocaleDateString() })}` : ''}
                </span>
              </span>
              <button
                type="button"
                className="vb-btn vb-btn-secondary vb-btn-sm"
                disabled={state.revoking !== undefined}
                aria-label={`${ctx.t('auth.revoke')} ${s.project.name}`}
                onClick={() => void sessions.revoke(s.pci)}
              >
                {ctx.t(state.revoking === s.pci ? 'auth.revoking' : 'auth.revoke')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {state.error ? (
        <p className="vb-error" role="alert" data-testid="auth-sessions-error">
          {state.error}
        </p>
      ) : null}
    </div>
  )
}
