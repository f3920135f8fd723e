import { useState, type KeyboardEvent } from 'react'
import { Button, EmptyState, ListItem, LoadingState, TextInput, useStore, type ViewProps } from 'vestibule/ui'
import type { Feedback, I18n, LocaleFormat } from 'vestibule/kernel'
import { formatBalance, shortenAddress } from 'vestibule/utils'
import { createSwapController, type SwapController, type SwapForm, type SwapResult } from './controller.js'
import type { SwapApi } from './index.js'
import { searchTokens, type HeldToken } from './lists.js'
import { formatBps, formatUsd, SLIPPAGE_PERCENT } from './math.js'
import { tokenKey } from './parse.js'
import type { Message, SwapView } from './view-model.js'
import { viewSwapDeps } from './wiring.js'

type Translate = I18n['t']
const say = (t: Translate, m: Message | undefined) => (m ? t(m.key, m.values) : undefined)
const amountText = (value: bigint, token: { decimals: number; symbol: string }) => `${formatBalance(value, token.decimals)} ${token.symbol}`

/**
 * The Swap view: renders the swap controller and forwards input to it. The controller is the router's flow of Swap:
 * it outlives the view while Swap stays in the history (a wallet's own approval view shown over it while it signs),
 * so the swap, its result too, is there when the user is back; it ends once Swap leaves the history.
 */
export default function Swap({ ctx }: Pick<ViewProps, 'ctx'>) {
  const [controller] = useState(() =>
    ctx.router.flow(['Swap'], () => createSwapController(viewSwapDeps(ctx, ctx.api as SwapApi | undefined))),
  )
  const view = useStore(controller.$view)
  const form = useStore(controller.$form)
  const { t } = ctx
  if (form.status === 'done' && form.done) return <Done result={form.done} t={t} onDone={() => (controller.done(), ctx.router.goBack())} />
  if (view.phase === 'notConnected') return <EmptyState title={t('swap.notConnected')} />
  if (view.phase === 'unsupported')
    return <EmptyState title={t('swap.unsupported')} hint={t('swap.unsupportedHint', { network: view.network!.name })} />
  if (view.phase === 'loading') return <LoadingState label={t('swap.loadingTokens')} />
  if (view.phase === 'failed')
    return (
      <div className="vb-swap" data-testid="swap-tokens-failed">
        <p className="vb-error" role="alert">
          {say(t, view.reason)}
        </p>
        <Button onClick={controller.retryTokens}>{t('swap.retry')}</Button>
      </div>
    )
  if (form.picker) return <Picker controller={controller} view={view} form={form} t={t} feedback={ctx.feedback} />
  return <SwapFormView controller={controller} view={view} form={form} t={t} format={ctx.format} />
}

function Done({ result, t, onDone }: { result: SwapResult; t: Translate; onDone(): void }) {
  return (
    <div className="vb-swap" data-testid="swap-done" role="status">
      <p>{t('swap.done', { sold: amountText(result.sold, result.from), bought: amountText(result.bought, result.to) })}</p>
      <Button data-testid="swap-done-button" autoFocus onClick={onDone}>
        {t('swap.doneButton')}
      </Button>
    </div>
  )
}

/**
 * The token list of one side: search by symbol, name or pasted address; the user's tokens first, then the suggested
 * ones. Every other row shows its contract address with a copy button, and a symbol that reads like a known token's
 * or has unusual characters is marked. Escape closes the list only, back to the button that opened it.
 */
function Picker({
  controller,
  view,
  form,
  t,
  feedback,
}: {
  controller: SwapController
  view: SwapView
  form: SwapForm
  t: Translate
  feedback: Feedback
}) {
  const shown = searchTokens(view.tokens, form.search).slice(0, 100)
  const copy = (address: string) =>
    void (navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'))).then(
      () => feedback.showSnackbar('success', t('swap.copied')),
      () => feedback.showSnackbar('error', t('swap.copyFailed')),
    )
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    // Handled here: the modal's dialog neither hears it nor takes it as its own close request.
    e.preventDefault()
    e.stopPropagation()
    controller.closePicker()
  }
  return (
    <div className="vb-swap" data-testid="swap-picker" onKeyDown={onKeyDown}>
      <TextInput
        autoFocus
        label={t(form.picker === 'sell' ? 'swap.pickSell' : 'swap.pickBuy')}
        data-testid="swap-search"
        placeholder={t('swap.search')}
        value={form.search}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => controller.setSearch(e.target.value)}
      />
      <ul className="vb-swap-list" aria-label={t(form.picker === 'sell' ? 'swap.pickSell' : 'swap.pickBuy')}>
        {shown.map((token) => {
          const address = token.rank === 'other' || token.warning ? token.address : undefined
          const warning =
            token.warning?.kind === 'lookalike'
              ? t('swap.lookalike', { symbol: token.warning.of })
              : token.warning
                ? t('swap.unusual')
                : undefined
          const hint = [token.balance > 0n ? amountText(token.balance, token) : '', address ? shortenAddress(address) : '']
            .filter(Boolean)
            .join(' · ')
          return (
            <li
              key={tokenKey(token)}
              className="vb-swap-option"
              data-testid="swap-token-option"
              data-symbol={token.symbol}
              data-rank={token.rank}
              data-address={address}
            >
              <ListItem
                image={token.iconUrl ?? ''}
                name={`${token.symbol} · ${token.name}`}
                hint={hint || undefined}
                end={warning ? <span className="vb-swap-warning" data-testid="swap-token-warning">{`⚠ ${warning}`}</span> : undefined}
                onClick={() => controller.pick(tokenKey(token))}
              />
              {address ? (
                <button
                  type="button"
                  className="vb-icon-btn"
                  data-testid="swap-token-copy"
                  aria-label={t('swap.copyAddress', { symbol: token.symbol })}
                  onClick={() => copy(address)}
                >
                  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                    <rect x="9" y="9" width="12" height="12" rx="2" />
                    <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
                  </svg>
                </button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {shown.length === 0 ? <p className="vb-muted">{t('swap.noMatch')}</p> : null}
      <Button variant="secondary" onClick={controller.closePicker}>
        {t('swap.back')}
      </Button>
    </div>
  )
}

function TokenButton({
  token,
  side,
  locked,
  focus,
  onClick,
  t,
}: {
  token?: HeldToken
  side: 'sell' | 'buy'
  locked: boolean
  focus: boolean
  onClick(): void
  t: Translate
}) {
  return (
    <Button
      variant="secondary"
      className="vb-swap-token"
      data-testid={`swap-${side}-token`}
      disabled={locked}
      autoFocus={focus}
      onClick={onClick}
      aria-label={`${t(side === 'sell' ? 'swap.pickSell' : 'swap.pickBuy')}: ${token?.symbol ?? t('swap.pickToken')}`}
    >
      {token ? token.symbol : t('swap.pickToken')}
    </Button>
  )
}

function Details({ view, t, format }: { view: SwapView; t: Translate; format: LocaleFormat }) {
  const d = view.details!
  const { sell, buy, network } = view
  const symbol = network!.nativeCurrency.symbol
  return (
    <dl className="vb-swap-details" data-testid="swap-details" data-stale={d.stale ? 'true' : undefined}>
      <dt>{t('swap.rate')}</dt>
      <dd data-testid="swap-rate">{`1 ${sell!.symbol} = ${d.rate} ${buy!.symbol}`}</dd>
      {d.impactBps !== undefined ? (
        <>
          <dt>{t('swap.impact')}</dt>
          <dd data-testid="swap-impact">{formatBps(d.impactBps)}</dd>
        </>
      ) : null}
      <dt>{t('swap.minimum', { slippage: String(SLIPPAGE_PERCENT) })}</dt>
      <dd data-testid="swap-minimum">{amountText(d.minimum, buy!)}</dd>
      {d.fee !== undefined ? (
        <>
          <dt>{t('swap.fee')}</dt>
          <dd data-testid="swap-fee">
            {d.fee > 0n && formatBalance(d.fee, network!.nativeCurrency.decimals) === '0'
              ? `< 0.001 ${symbol}`
              : amountText(d.fee, { decimals: network!.nativeCurrency.decimals, symbol })}
            {d.feeUsd !== undefined ? ` (${format.currency(formatUsd(d.feeUsd), 'USD')})` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  )
}

function SwapFormView({
  controller,
  view,
  form,
  t,
  format,
}: {
  controller: SwapController
  view: SwapView
  form: SwapForm
  t: Translate
  format: LocaleFormat
}) {
  const { sell, buy, details } = view
  const locked = form.status !== 'editing'
  const busy = form.status === 'approving' || form.status === 'swapping'
  const submit = () => (form.status === 'reviewing' ? void controller.confirm() : controller.review())
  return (
    <form className="vb-swap" data-testid="swap" aria-busy={busy} onSubmit={(e) => (e.preventDefault(), submit())}>
      <fieldset className="vb-swap-side" disabled={locked}>
        <legend className="vb-label">{t('swap.sell')}</legend>
        <TokenButton
          token={sell}
          side="sell"
          locked={locked}
          focus={form.returnFocus === 'sell'}
          onClick={() => controller.openPicker('sell')}
          t={t}
        />
        <TextInput
          label={t('swap.amount')}
          data-testid="swap-amount"
          inputMode="decimal"
          autoComplete="off"
          value={form.amountText}
          placeholder={sell ? `0 ${sell.symbol}` : '0'}
          onChange={(e) => controller.setAmount(e.target.value)}
          error={say(t, view.amountError)}
          action={
            view.max !== undefined ? (
              <Button variant="secondary" data-testid="swap-max" onClick={controller.max}>
                {t('swap.max')}
              </Button>
            ) : undefined
          }
        />
        {sell ? (
          <p className="vb-muted" data-testid="swap-sell-balance">
            {t('swap.balance', { amount: amountText(sell.balance, sell) })}
          </p>
        ) : null}
      </fieldset>
      <Button
        variant="secondary"
        className="vb-swap-flip"
        data-testid="swap-flip"
        disabled={locked}
        onClick={controller.flip}
        aria-label={t('swap.flip')}
      >
        ⇅
      </Button>
      <fieldset className="vb-swap-side" disabled={locked}>
        <legend className="vb-label">{t('swap.buy')}</legend>
        <TokenButton
          token={buy}
          side="buy"
          locked={locked}
          focus={form.returnFocus === 'buy'}
          onClick={() => controller.openPicker('buy')}
          t={t}
        />
        <output className="vb-swap-out" data-testid="swap-out" aria-live="polite">
          {details && buy ? amountText(details.toAmount, buy) : view.quoting ? t('swap.quoting') : '—'}
        </output>
      </fieldset>
      {view.quoteError ? (
        <p className="vb-error" role="alert" data-testid="swap-quote-error">
          {t('swap.quoteFailed', { reason: view.quoteUnreachable ? t('swap.quoteUnreachable') : view.quoteError })}
        </p>
      ) : null}
      {details ? <Details view={view} t={t} format={format} /> : null}
      {details?.impactWarning ? (
        <p className="vb-error" role="alert" data-testid="swap-impact-warning">
          {details.impactBps! < 0n
            ? t('swap.gainWarning', { impact: formatBps(-details.impactBps!) })
            : t('swap.impactWarning', { impact: formatBps(details.impactBps!) })}
        </p>
      ) : null}
      {details && form.status === 'reviewing' && form.checks === 'quoteOnly' ? (
        <p className="vb-muted" data-testid="swap-unchecked">
          {t('swap.quoteOnly')}
        </p>
      ) : null}
      {details?.stale ? (
        <p className="vb-muted" data-testid="swap-stale">
          {t('swap.stale')}
        </p>
      ) : null}
      {view.reason && (form.failure || view.amount) ? (
        <p className="vb-error" role="alert" data-testid="swap-error">
          {say(t, view.reason)}
        </p>
      ) : null}
      <Actions controller={controller} view={view} form={form} t={t} />
    </form>
  )
}

function Actions({ controller, view, form, t }: { controller: SwapController; view: SwapView; form: SwapForm; t: Translate }) {
  if (form.status === 'editing')
    return (
      <Button type="submit" data-testid="swap-review" disabled={!view.canReview}>
        {t('swap.review')}
      </Button>
    )
  const busy = form.status === 'approving' || form.status === 'swapping'
  const label =
    form.status === 'approving'
      ? t('swap.approving', { symbol: view.sell?.symbol ?? '' })
      : form.status === 'swapping'
        ? t('swap.swapping')
        : t('swap.confirm')
  return (
    <div className="vb-swap-actions">
      <Button variant="secondary" data-testid="swap-edit" disabled={busy} onClick={controller.backToForm}>
        {t('swap.edit')}
      </Button>
      <Button type="submit" data-testid="swap-confirm" autoFocus disabled={busy || !view.canConfirm}>
        {label}
      </Button>
    </div>
  )
}

export const styles = `.vb-swap { display: flex; flex-direction: column; gap: 12px; } .vb-swap-side { border: 1px solid var(--vb-border, rgba(128,128,128,.3)); border-radius: 12px; padding: 8px 12px 12px; margin: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; } .vb-swap-side legend { padding: 0 4px; } .vb-swap-token { align-self: flex-start; } .vb-swap-flip { align-self: center; } .vb-swap-out { font-size: 18px; min-height: 24px; } .vb-swap-details { display: grid; grid-template-columns: 1fr auto; gap: 4px 12px; margin: 0; font-size: 13px; } .vb-swap-details dd { margin: 0; text-align: end; white-space: nowrap; } .vb-swap-details[data-stale] dd { opacity: .5; } .vb-swap-list { list-style: none; margin: 0; padding: 0; max-height: 320px; overflow-y: auto; } .vb-swap-option { display: flex; align-items: center; gap: 4px; } .vb-swap-option > .vb-item { flex: 1; min-width: 0; } .vb-swap-warning { font-size: 12px; font-weight: 600; color: var(--vb-color-error, #d93025); white-space: nowrap; } .vb-swap-actions { display: flex; gap: 8px; } .vb-swap-actions > * { flex: 1; } .vb-swap p { margin: 0; }`
