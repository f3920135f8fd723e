import { useEffect, useState, type ReactNode } from 'react'
import { EmptyState, ListItem, LoadingState, TextInput, useStore, WalletImage, type ViewProps } from 'vestibule/ui'
import type { I18n } from 'vestibule/kernel'
import { truncateDecimals } from 'vestibule/utils'
import { createOnrampController, type OnrampController, type PurchasesState } from './controller.js'
import { messages } from './messages.js'
import type { Message, OnrampForm, OnrampView } from './view-model.js'
import { viewOnrampDeps } from './wiring.js'

type Translate = I18n['t']
/** A view's texts and its locale's formats. */
type Texts = Pick<ViewProps['ctx'], 't' | 'format'>
const say = ({ t, format }: Texts, m: Message | undefined) =>
  m ? t(m.key, m.money ? { ...m.values, amount: format.currency(m.money.amount, m.money.currency) } : m.values) : undefined
/** A method's own name where there is a text for it, else its id. */
const methodName = (t: Translate, id: string) => {
  const key = `onramp.method.${id}`
  return Object.hasOwn(messages, key) ? t(key) : id
}

/** The Buy view: renders the on-ramp controller and forwards input to it. */
export default function Onramp({ ctx }: Pick<ViewProps, 'ctx'>) {
  const [controller] = useState(() => createOnrampController(viewOnrampDeps(ctx)))
  useEffect(() => controller.start(), [controller])
  const view = useStore(controller.$view)
  const form = useStore(controller.$form)
  const purchases = useStore(controller.$purchases)
  const { t } = ctx
  if (view.phase === 'notConnected') return <EmptyState title={t('onramp.notConnected')} />
  if (view.phase === 'unsupported') return <EmptyState title={t('onramp.unsupported', { network: view.network!.name })} />
  if (view.phase === 'loading') return <LoadingState label={t('onramp.loading')} />
  return (
    <div className="vb-onramp" data-testid="onramp">
      <BuyForm controller={controller} view={view} form={form} texts={ctx} />
      <Purchases purchases={purchases} texts={ctx} />
    </div>
  )
}

function Select({
  label,
  testId,
  value,
  options,
  onChange,
}: {
  label: string
  testId: string
  value?: string
  options: { id: string; text: string }[]
  onChange(id: string): void
}) {
  return (
    <label className="vb-field">
      <span className="vb-label">{label}</span>
      <select className="vb-input" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.text}
          </option>
        ))}
      </select>
    </label>
  )
}

/** The provider's image of what a select holds (a currency, an asset); its initial when there is none or it fails. */
function Pictured({ testId, id, src, children }: { testId: string; id: string; src?: string; children: ReactNode }) {
  return (
    <div className="vb-onramp-pictured">
      <span data-testid={testId} data-id={id}>
        <WalletImage src={src} name={id} />
      </span>
      {children}
    </div>
  )
}

function QuoteLine({ form, texts }: { form: OnrampForm; texts: Texts }) {
  const { t, format } = texts
  const { quote } = form
  if (quote.status === 'idle') return null
  if (quote.status === 'loading')
    return (
      <p className="vb-muted" data-testid="onramp-quote">
        {t('onramp.quoting')}
      </p>
    )
  // Without a quote no amount, fee or total shows: the reason alone (the provider's page shows the real ones).
  if (quote.status === 'failed' || !quote.quote)
    return (
      <div className="vb-onramp-quote" data-testid="onramp-quote">
        <p className="vb-muted" data-testid="onramp-no-quote">
          {t('onramp.noQuote', { reason: quote.unreachable ? t('onramp.unreachable') : (quote.error ?? '') })}
        </p>
      </div>
    )
  const q = quote.quote
  return (
    <div className="vb-onramp-quote" data-testid="onramp-quote" data-quote-id={q.quoteId}>
      <p>
        {t('onramp.quote', {
          amount: format.number(truncateDecimals(q.purchaseAmount.amount, 6)),
          currency: q.purchaseAmount.currency,
          total: format.number(q.paymentTotal.amount),
          totalCurrency: q.paymentTotal.currency,
        })}
      </p>
      <p className="vb-muted">
        {t('onramp.quoteFees', {
          fee: format.number(q.coinbaseFee.amount),
          feeCurrency: q.coinbaseFee.currency,
          network: format.number(q.networkFee.amount),
          networkCurrency: q.networkFee.currency,
        })}
      </p>
    </div>
  )
}

function BuyForm({ controller, view, form, texts }: { controller: OnrampController; view: OnrampView; form: OnrampForm; texts: Texts }) {
  const { t, format } = texts
  const currency = view.currency?.id ?? ''
  const opening = controller.providers.find((p) => p.id === form.opening)
  const opened = controller.providers.find((p) => p.id === form.opened)
  return (
    <form className="vb-onramp-form" onSubmit={(e) => e.preventDefault()} aria-busy={Boolean(form.opening)}>
      <TextInput
        key={form.generation}
        label={t('onramp.amount')}
        data-testid="onramp-amount"
        inputMode="decimal"
        autoComplete="off"
        placeholder={`100 ${currency}`}
        onChange={(e) => controller.setAmount(e.target.value)}
        error={say(texts, view.amountError)}
      />
      {view.limit ? (
        <p className="vb-muted" data-testid="onramp-limits">
          {t('onramp.limits', { min: format.currency(view.limit.min, currency), max: format.currency(view.limit.max, currency) })}
        </p>
      ) : null}
      <div className="vb-onramp-row">
        <Pictured testId="onramp-currency-image" id={currency} src={currency ? controller.currencyImage(currency) : undefined}>
          <Select
            label={t('onramp.currency')}
            testId="onramp-currency"
            value={currency}
            options={view.currencies.map((c) => ({ id: c.id, text: c.id }))}
            onChange={controller.setCurrency}
          />
        </Pictured>
        <Select
          label={t('onramp.method')}
          testId="onramp-method"
          value={view.limit?.id}
          options={(view.currency?.payment_method_limits ?? []).map((l) => ({ id: l.id, text: methodName(t, l.id) }))}
          onChange={controller.setMethod}
        />
      </div>
      <Pictured testId="onramp-asset-image" id={view.asset?.symbol ?? ''} src={view.asset ? controller.assetImage(view.asset) : undefined}>
        <Select
          label={t('onramp.asset')}
          testId="onramp-asset"
          value={view.asset?.id}
          options={view.assets.map((a) => ({ id: a.id, text: `${a.symbol} — ${a.name}` }))}
          onChange={controller.setAsset}
        />
      </Pictured>
      <QuoteLine form={form} texts={texts} />
      <p className="vb-label">{t('onramp.providers')}</p>
      <ul className="vb-list" data-testid="onramp-providers">
        {controller.providers.map((p) => (
          <li key={p.id} data-testid={`onramp-provider-${p.id}`}>
            <ListItem
              name={p.name}
              hint={t('onramp.fee', { range: p.feeRange })}
              disabled={Boolean(form.opening)}
              onClick={() => void controller.choose(p.id)}
            />
          </li>
        ))}
      </ul>
      {opening ? (
        <p className="vb-muted" role="status">
          {t('onramp.opening', { provider: opening.name })}
        </p>
      ) : null}
      {opened ? (
        <p className="vb-muted" role="status" data-testid="onramp-opened">
          {t('onramp.opened', { provider: opened.name })}
        </p>
      ) : null}
      {form.error ? (
        <p className="vb-error" role="alert" data-testid="onramp-error">
          {say(texts, form.error)}
        </p>
      ) : null}
    </form>
  )
}

const TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }

function Purchases({ purchases, texts }: { purchases: PurchasesState; texts: Texts }) {
  const { t, format } = texts
  return (
    <section aria-label={t('onramp.purchases')}>
      <p className="vb-label">{t('onramp.purchases')}</p>
      {purchases.status === 'failed' ? <p className="vb-muted">{t('onramp.purchasesFailed')}</p> : null}
      {purchases.status === 'ready' && !purchases.list.length ? <p className="vb-muted">{t('onramp.noPurchases')}</p> : null}
      <ul className="vb-list" data-testid="onramp-purchases">
        {purchases.list.map((p) => (
          <li key={p.id} data-testid="onramp-purchase" data-status={p.status} data-implausible={p.implausible ? 'true' : undefined}>
            {/* An amount no purchase credits is not shown as given: the row says so instead. */}
            <ListItem
              name={
                p.implausible
                  ? t('onramp.implausibleAmount', { symbol: p.symbol })
                  : `${format.number(truncateDecimals(p.amount, 6))} ${p.symbol}`
              }
              hint={format.date(p.minedAt, TIME)}
              end={t(`onramp.status.${p.status}`)}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Styles of the Buy view, added to the modal's shadow root when it first loads. */
export const styles = `.vb-onramp, .vb-onramp-form { display: flex; flex-direction: column; gap: 12px; } .vb-onramp-row { display: flex; gap: 8px; } .vb-onramp-row > * { flex: 1; min-width: 0; } .vb-onramp-quote p, .vb-onramp p { margin: 0; font-size: 14px; } .vb-onramp select { appearance: auto; } .vb-onramp-pictured { display: flex; align-items: flex-end; gap: 8px; min-width: 0; } .vb-onramp-pictured > label { flex: 1; min-width: 0; } .vb-onramp-pictured > span { padding-bottom: 4px; }`
