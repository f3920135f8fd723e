import { useEffect } from 'react'
import { Capabilities, type AccountToken } from 'vestibule/kernel'
import { EmptyState, ErrorState, LoadingState, TokenRow, useStore, type TabProps } from 'vestibule/ui'

const total = (tokens: readonly AccountToken[]) => tokens.reduce((sum, t) => sum + (t.value ?? 0), 0)

/** The Tokens tab: the active account's balances, native first, with their USD values. */
export default function TokensTab({ ctx }: TabProps) {
  const { i18n, services, state, format } = ctx
  // USD in the modal's locale ("$1,234.56", "1234,56 US$"); a token without a value shows 0 (test and unsupported networks).
  const formatUsd = (value: number | undefined) => format.currency(value ?? 0, 'USD')
  const service = services.get(Capabilities.Balances)!
  const snapshot = useStore(service.$balances)
  const testnet = useStore(state.$snapshot).caipNetwork?.testnet === true
  // Opening the tab reads the balances (within the 30 s cache).
  useEffect(() => void service.refresh().catch(() => undefined), [service])
  const { status, tokens, source } = snapshot
  if (status === 'error')
    return (
      <ErrorState
        message={i18n.t('tokens.unavailable')}
        retryLabel={i18n.t('tokens.retry')}
        onRetry={() => void service.refresh({ force: true })}
      />
    )
  if (!tokens.length && (status === 'loading' || status === 'idle')) return <LoadingState label={i18n.t('tokens.loading')} />
  if (!tokens.length) return <EmptyState title={i18n.t('tokens.empty')} hint={i18n.t('tokens.emptyHint')} />
  return (
    <div className="vb-tokens" data-testid="tokens" aria-busy={status === 'loading'}>
      <p className="vb-tokens-total">
        <span className="vb-muted">{i18n.t('tokens.total')}</span>{' '}
        <span className="vb-strong" data-testid="tokens-total">
          {formatUsd(total(tokens))}
        </span>
      </p>
      {/* A test network's tokens have no market: the values say $0.00, and this says why. */}
      {testnet ? (
        <p className="vb-muted vb-tokens-note" data-testid="tokens-no-prices">
          {i18n.t('tokens.noPrices')}
        </p>
      ) : null}
      <ul className="vb-list" aria-label={i18n.t('tokens.list')}>
        {tokens.map((t) => (
          <li key={t.address ?? `native:${t.chainId}`} data-token={t.symbol} data-testid="token-row">
            <TokenRow
              name={t.name}
              symbol={t.symbol}
              iconUrl={t.iconUrl}
              amount={t.amount}
              decimals={t.decimals}
              usd={formatUsd(t.value)}
            />
          </li>
        ))}
      </ul>
      {source === 'chain' ? <p className="vb-muted vb-tokens-note">{i18n.t('tokens.onChain')}</p> : null}
    </div>
  )
}

export const styles = `.vb-tokens { display: flex; flex-direction: column; gap: 8px; } .vb-tokens-total { display: flex; justify-content: space-between; margin: 0; } .vb-tokens-note { font-size: 12px; margin: 0; }`
