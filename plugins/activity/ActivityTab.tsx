import { useEffect, useRef } from 'react'
import { Button, EmptyState, ErrorState, LoadingState, WalletImage, useStore, type TabProps } from 'vestibule/ui'
import type { ActivityApi } from './index.js'
import { approvalAmount, counterparty, groupByMonth, swapPair, transferText, type Transaction } from './transactions.js'
import { shortenAddress } from 'vestibule/utils'
const TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }
const TITLES: Record<string, string> = {
  send: 'activity.send',
  receive: 'activity.receive',
  buy: 'activity.buy',
  mint: 'activity.mint',
  execute: 'activity.execute',
  trade: 'activity.trade',
  approve: 'activity.approve',
}

/** The Activity tab: transactions grouped by month, more pages as the list scrolls (or on "Load more"). */
export default function ActivityTab({ ctx }: TabProps) {
  const { i18n, state, format } = ctx
  const api = ctx.api as ActivityApi
  const activity = useStore(api.$activity)
  const snapshot = useStore(state.$snapshot)
  const sentinel = useRef<HTMLLIElement>(null)
  useEffect(() => void api.controller().then((c) => c.load()), [api, snapshot.caipAddress, snapshot.caipNetworkId])

  // The next page loads when the end of the list comes into view.
  useEffect(() => {
    const end = sentinel.current
    if (!end || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && void api.controller().then((c) => c.more()),
    )
    observer.observe(end)
    return () => observer.disconnect()
  }, [api, activity.next])

  const network = snapshot.caipNetwork?.name ?? ''
  if (activity.status === 'unavailable') return <EmptyState title={i18n.t('activity.unavailable', { network })} />
  if (activity.status === 'error') {
    const reason = activity.reason === 'unreachable' ? i18n.t('activity.unreachable') : activity.reason
    const details = [reason, activity.retrying ? i18n.t('activity.retrying') : undefined].filter((line): line is string => Boolean(line))
    return (
      <ErrorState
        message={i18n.t('activity.failed')}
        details={details}
        retryLabel={i18n.t('activity.retry')}
        onRetry={() => void api.controller().then((c) => c.load({ force: true }))}
      />
    )
  }
  if (!activity.transactions.length && (activity.status === 'loading' || activity.status === 'idle'))
    return <LoadingState label={i18n.t('activity.loading')} />
  if (!activity.transactions.length && !activity.next)
    return <EmptyState title={i18n.t('activity.empty')} hint={i18n.t('activity.emptyHint')} />
  return (
    <div className="vb-activity" data-testid="activity" data-rows="" aria-busy={activity.status === 'loading'}>
      {groupByMonth(activity.transactions).map((group) => (
        <section key={group.key} aria-label={group.label}>
          <h3 className="vb-activity-month">{group.label}</h3>
          <ul className="vb-activity-list">
            {group.transactions.map((tx) => (
              <Row key={tx.id} tx={tx} t={i18n.t} date={(when) => format.date(when, TIME)} />
            ))}
          </ul>
        </section>
      ))}
      {activity.next ? (
        <ul className="vb-activity-list">
          <li ref={sentinel} className="vb-activity-more">
            <Button
              variant="secondary"
              disabled={activity.status === 'loading'}
              onClick={() => void api.controller().then((c) => c.more())}
            >
              {i18n.t('activity.more')}
            </Button>
          </li>
        </ul>
      ) : null}
    </div>
  )
}

type Translate = (key: string, values?: Record<string, string>) => string

/** Who or what the row names beside its date: what a swap sold for what, an approval's spender, else the other side. */
function partyText(tx: Transaction, t: Translate): string {
  if (tx.operationType === 'trade') {
    const pair = swapPair(tx)
    return pair ? t('activity.swapPair', pair) : ''
  }
  const spender = tx.operationType === 'approve' ? tx.approvals?.[0]?.spender : undefined
  if (spender) return t('activity.spender', { address: shortenAddress(spender) })
  const other = counterparty(tx)
  return other ? t(`activity.${other.role}`, { address: shortenAddress(other.address) }) : ''
}

function Row({ tx, t, date }: { tx: Transaction; t: Translate; date(when: Date): string }) {
  const first = tx.transfers[0]
  const title = t(TITLES[tx.operationType] ?? 'activity.other')
  const party = partyText(tx, t)
  const approvals = tx.transfers.length === 0 ? (tx.approvals ?? []) : []
  return (
    <li className="vb-activity-row" data-testid="activity-row" data-id={tx.id}>
      <WalletImage src={first?.imageUrl} name={first?.symbol ?? first?.name ?? tx.approvals?.[0]?.symbol ?? title} />
      <span className="vb-item-text">
        <span className="vb-item-name">
          {title}
          {tx.status === 'failed' ? <span className="vb-error"> · {t('activity.failedStatus')}</span> : null}
        </span>
        <span className="vb-item-hint">{[party, date(tx.minedAt)].filter(Boolean).join(' · ')}</span>
      </span>
      <span className="vb-item-end vb-activity-amounts">
        {tx.transfers.slice(0, 2).map((transfer, i) => (
          <span key={i} data-direction={transfer.direction}>
            {transferText(transfer)}
          </span>
        ))}
        {approvals.slice(0, 2).map((approval, i) => (
          <span key={`a${i}`}>{approvalAmount(approval, t('activity.unlimited'))}</span>
        ))}
      </span>
    </li>
  )
}

// Rows off screen are skipped by layout and paint (content-visibility), so a long list scrolls without long tasks.
export const styles = `.vb-activity { display: flex; flex-direction: column; gap: 8px; }
.vb-activity-month { font-size: 13px; font-weight: 600; color: var(--vb-color-muted); margin: 8px 0 4px; }
.vb-activity-list { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
.vb-activity-row { display: flex; align-items: center; gap: 12px; padding: 8px 12px; border-radius: var(--vb-radius, 12px); background: var(--vb-color-surface); content-visibility: auto; contain-intrinsic-size: auto 56px; }
.vb-activity-amounts { display: grid; text-align: end; font-variant-numeric: tabular-nums; }
.vb-activity-amounts [data-direction="in"] { color: var(--vb-color-success, #2e9e5b); }
.vb-activity-more { display: grid; }`
