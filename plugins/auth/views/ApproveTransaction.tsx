import { Button, EmptyState, useStore, type ViewProps } from 'vestibule/ui'
import { formatUnits } from 'vestibule/utils'
import type { ViewContext } from 'vestibule/kernel'
import { useAuth } from './use-auth.js'

/** A transaction's value (a quantity: hex or decimal text, or a number) in base units; undefined when it is none. */
function quantityOf(raw: unknown): bigint | undefined {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'bigint') return undefined
  try {
    const value = BigInt(raw)
    return value >= 0n ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * A readable line of what is asked: the message of a signature; the receiver of a transaction and the amount it
 * moves in the network's own unit (`0.1 ETH`, every digit kept), with the network token of the namespace's chain.
 */
function summary(ctx: ViewContext, method: string, params: unknown, currency: { decimals: number; symbol: string } | undefined): string {
  const list = Array.isArray(params) ? params : []
  if (method === 'personal_sign' && typeof list[0] === 'string') {
    const hex = list[0]
    if (/^0x([0-9a-fA-F]{2})*$/.test(hex)) {
      const bytes = new Uint8Array((hex.slice(2).match(/../g) ?? []).map((b) => Number.parseInt(b, 16)))
      return new TextDecoder().decode(bytes)
    }
    return hex
  }
  const tx = list[0] as { to?: unknown; value?: unknown } | undefined
  if ((method === 'eth_sendTransaction' || method === 'eth_signTransaction') && tx && typeof tx === 'object') {
    const to = String(tx.to ?? '')
    const value = quantityOf(tx.value)
    if (!value) return ctx.t('auth.approveTo', { address: to })
    const amount = currency ? `${formatUnits(value, currency.decimals)} ${currency.symbol}` : `${value} wei`
    return ctx.t('auth.approveTransfer', { address: to, amount })
  }
  return JSON.stringify(params)?.slice(0, 400) ?? ''
}

/** The embedded wallet asks before it signs or sends: what the dapp requests, approve or reject. */
export default function ApproveTransaction({ ctx }: ViewProps<unknown, 'auth'>) {
  const { state, run } = useAuth(ctx)
  const chains = useStore(ctx.state.$chains)
  const approval = state.approval
  if (!approval) return <EmptyState title={ctx.t('auth.nothingPending')} />
  const currency = chains[approval.namespace]?.networkState.caipNetwork?.nativeCurrency
  const signing = /sign/i.test(approval.method)
  const answer = (approved: boolean) => {
    run((client) => client.answer(approved))
    ctx.router.goBack()
  }
  return (
    <div className="vb-auth-approve" data-testid="auth-approve">
      <p className="vb-strong">{ctx.t(signing ? 'auth.approveSign' : 'auth.approveSend')}</p>
      <pre className="vb-auth-approve-detail" data-testid="auth-approve-detail">
        {summary(ctx, approval.method, approval.params, currency)}
      </pre>
      <div className="vb-auth-approve-actions">
        <Button variant="secondary" data-testid="auth-reject" onClick={() => answer(false)}>
          {ctx.t('auth.reject')}
        </Button>
        <Button data-testid="auth-approve-button" onClick={() => answer(true)}>
          {ctx.t('auth.approve')}
        </Button>
      </div>
    </div>
  )
}

export const styles = `
.vb-auth-approve { display: flex; flex-direction: column; gap: 12px; }
.vb-auth-approve-detail { white-space: pre-wrap; word-break: break-all; max-height: 200px; overflow: auto; margin: 0; padding: 8px; border-radius: 8px; background: var(--vb-color-bg-2, rgba(127,127,127,.12)); font-size: 13px; }
.vb-auth-approve-actions { display: flex; gap: 8px; justify-content: flex-end; }
`
