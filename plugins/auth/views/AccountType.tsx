import { atom } from 'nanostores'
import { useStore, type TabProps } from 'vestibule/ui'
import type { AuthApi } from '../index.js'
import { AuthViews, ID_AUTH } from '../state.js'
import { EOA, SMART_ACCOUNT } from '../smart-account.js'
import { addSmartMessages } from '../smart-messages.js'
import { useClient } from './use-auth.js'

const IDLE = atom<{ busy: boolean; error?: string }>({ busy: false })

/**
 * The Account view's account type row, for an eip155 account of the embedded wallet: the type in use (and whether
 * the smart account is deployed), the switch to the other type, and the smart sessions when the host enabled them.
 */
export default function AccountType({ ctx }: TabProps<'auth'>) {
  addSmartMessages(ctx.i18n)
  const chains = useStore(ctx.state.$chains)
  const active = useStore(ctx.state.$activeNamespace)
  const client = useClient(ctx.api as AuthApi)
  const status = useStore(client?.smart.$status ?? IDLE)
  const account = chains.eip155?.accountState
  if (active !== 'eip155' || account?.connectorId !== ID_AUTH || account.status !== 'connected') return null
  const smart = account.preferredAccountType === SMART_ACCOUNT
  const other = smart ? EOA : SMART_ACCOUNT
  return (
    <div className="vb-field" data-testid="auth-account-type" data-type={smart ? SMART_ACCOUNT : EOA}>
      <span className="vb-label">{ctx.t('auth.accountType')}</span>
      <span className="vb-item vb-item-static">
        <span className="vb-item-text">
          <span className="vb-item-name" data-testid="auth-account-type-current">
            {ctx.t(smart ? 'auth.smartAccount' : 'auth.eoa')}
          </span>
          {smart && account.smartAccountDeployed !== undefined ? (
            <span className="vb-item-hint" data-testid="auth-smart-deployed" data-deployed={String(account.smartAccountDeployed)}>
              {ctx.t(account.smartAccountDeployed ? 'auth.deployed' : 'auth.notDeployed')}
            </span>
          ) : null}
        </span>
      </span>
      <button
        type="button"
        className="vb-btn vb-btn-secondary"
        data-testid="auth-account-type-switch"
        disabled={status.busy}
        onClick={() => (ctx.api as AuthApi).setPreferredAccountType('eip155', other)}
      >
        {ctx.t(status.busy ? 'auth.switchingType' : other === SMART_ACCOUNT ? 'auth.toSmartAccount' : 'auth.toEoa')}
      </button>
      {status.error ? (
        <p className="vb-error" role="alert" data-testid="auth-account-type-error">
          {status.error}
        </p>
      ) : null}
      {smart && ctx.options.features.smartSessions === true ? (
        <button
          type="button"
          className="vb-btn vb-btn-secondary"
          data-testid="auth-smart-sessions"
          onClick={() => ctx.router.push(AuthViews.smartSessions)}
        >
          {ctx.t('auth.smartSessions')}
        </button>
      ) : null}
    </div>
  )
}
