import { useState } from 'react'
import { AmountInput, Button, EmptyState, LoadingState, TextInput, useStore, WalletImage, type ViewProps } from 'vestibule/ui'
import type { I18n, LocaleFormat } from 'vestibule/kernel'
import { formatBalance, shortenAddress } from 'vestibule/utils'
import { createSendController, type SendController, type SendForm as Form, type SentTransfer } from './controller.js'
import type { SendApi } from './index.js'
import { tokenKey, type Message, type SendView } from './view-model.js'
import { viewSendDeps } from './wiring.js'

type Translate = I18n['t']
const say = (t: Translate, message: Message | undefined) => (message ? t(message.key, message.values) : undefined)
const formatted = (value: bigint, t: { decimals: number; symbol: string }) => `${formatBalance(value, t.decimals)} ${t.symbol}`

/** A fee in the network's token, at 3 decimals like balances; a fee too small to show is not shown as free. */
function feeAmount(fee: bigint, decimals: number, symbol: string): string {
  const shown = formatBalance(fee, decimals)
  return fee > 0n && Number(shown) === 0 ? `< 0.001 ${symbol}` : `${shown} ${symbol}`
}

/**
 * The Send view: renders the send controller and forwards input to it. The controller is the router's flow of Send:
 * it outlives the view while Send stays in the history (the wallet's approval shown over it), so the wallet's answer
 * shows when the user is back; it ends, its form and the send state emptied, once Send leaves the history.
 */
export default function Send({ ctx }: Pick<ViewProps, 'ctx'>) {
  const [controller] = useState(() =>
    ctx.router.flow(['Send'], () => createSendController(viewSendDeps(ctx, ctx.api as SendApi | undefined))),
  )
  const view = useStore(controller.$view)
  const form = useStore(controller.$form)
  const { t } = ctx
  if (form.status === 'sent' && form.sent) return <Sent sent={form.sent} t={t} onDone={() => (controller.done(), ctx.router.goBack())} />
  if (view.phase === 'notConnected') return <EmptyState title={t('send.notConnected')} />
  if (view.phase === 'unsupported')
    return <EmptyState title={t('send.unsupportedChain')} hint={t('send.unsupportedHint', { network: view.network!.name })} />
  if (view.phase === 'loading') return <LoadingState label={t('send.loadingBalances')} />
  if (view.phase === 'noTokens' || !view.token) return <EmptyState title={t('send.noTokens')} />
  return <SendFormView controller={controller} view={view} form={form} t={t} format={ctx.format} />
}

/** The confirmation of a send the wallet accepted: amount, receiver, and the explorer link where there is one. */
function Sent({ sent, t, onDone }: { sent: SentTransfer; t: Translate; onDone(): void }) {
  return (
    <div className="vb-send" data-testid="send-sent" role="status">
      <p className="vb-send-preview" data-testid="send-sent-summary">
        {t('send.sent', {
          amount: formatted(sent.amount, sent.token),
          receiver: sent.name ? `${sent.name} (${shortenAddress(sent.receiver)})` : shortenAddress(sent.receiver),
        })}
      </p>
      {sent.explorerUrl ? (
        <a className="vb-link" data-testid="send-explorer" href={sent.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t('send.explorer')}
        </a>
      ) : null}
      <Button type="button" data-testid="send-done" onClick={onDone}>
        {t('send.done')}
      </Button>
    </div>
  )
}

function FeeLine({ form, view, t, format }: { form: Form; view: SendView; t: Translate; format: LocaleFormat }) {
  const network = view.network!
  const { fee } = form
  const text =
    fee.status === 'ready' && fee.fee !== undefined
      ? feeAmount(fee.fee, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
      : fee.status === 'failed'
        ? fee.fault
          ? t(`send.feeFault.${fee.fault.kind}`, { status: String(fee.fault.status ?? '') })
          : t('send.feeFailed', { reason: fee.error ?? '' })
        : fee.status === 'loading'
          ? '…'
          : t('send.feeUnknown')
  return (
    <p className="vb-send-fee" data-testid="send-fee">
      <span className="vb-muted">{t('send.fee')}</span> <span>{text}</span>
      {view.feeUsd !== undefined ? <span className="vb-muted"> ({format.currency(view.feeUsd, 'USD')})</span> : null}
    </p>
  )
}

function SendFormView({
  controller,
  view,
  form,
  t,
  format,
}: {
  controller: SendController
  view: SendView
  form: Form
  t: Translate
  format: LocaleFormat
}) {
  const token = view.token!
  const network = view.network!
  const locked = form.status === 'reviewing' || form.status === 'sending' || form.status === 'failed'
  const typed = form.receiver.trim()
  const lookup = view.lookup
  return (
    <form
      className="vb-send"
      data-testid="send"
      onSubmit={(e) => (e.preventDefault(), locked ? void controller.confirm() : controller.review())}
      aria-busy={form.status === 'sending'}
    >
      <label className="vb-field">
        <span className="vb-label">{t('send.token')}</span>
        <select
          className="vb-input"
          data-testid="send-token"
          value={tokenKey(token)}
          disabled={locked}
          onChange={(e) => controller.selectToken(e.target.value)}
        >
          {view.tokens.map((option) => (
            <option key={tokenKey(option)} value={tokenKey(option)}>
              {`${option.symbol} — ${formatted(option.amount, option)}`}
            </option>
          ))}
        </select>
      </label>
      <fieldset disabled={locked} className="vb-send-fields" key={`${form.generation}:${tokenKey(token)}`}>
        <AmountInput
          label={t('send.amount')}
          decimals={token.decimals}
          symbol={token.symbol}
          max={view.max}
          maxLabel={t('send.max')}
          maxDisabled={!view.maxReady}
          initial={form.amount}
          onValue={controller.setAmount}
        />
        {view.amountError ? (
          <p className="vb-error" role="alert" data-testid="send-amount-error">
            {say(t, view.amountError)}
          </p>
        ) : null}
        <TextInput
          label={t('send.receiver')}
          data-testid="send-receiver"
          value={form.receiver}
          placeholder={t('send.receiverPlaceholder', { network: network.name })}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => controller.setReceiver(e.target.value)}
          onBlur={controller.blurReceiver}
          error={say(t, view.receiverError)}
        />
        {view.isName ? (
          <p className="vb-muted vb-send-name" data-testid="send-name" aria-live="polite">
            {lookup?.status === 'found' && lookup.avatar ? <WalletImage src={lookup.avatar} name={typed} /> : null}
            {lookup?.status === 'found'
              ? t('send.nameResolved', { name: typed, address: lookup.address! })
              : lookup?.status === 'loading' || !lookup
                ? t('send.resolving', { name: typed })
                : ''}
          </p>
        ) : null}
      </fieldset>
      {!view.canSendToken ? <p className="vb-error">{t('send.tokenUnsupported', { symbol: network.nativeCurrency.symbol })}</p> : null}
      <FeeLine form={form} view={view} t={t} format={format} />
      {view.gasShort ? (
        <p className="vb-error" role="alert" data-testid="send-gas">
          {t('send.insufficientGas', { symbol: network.nativeCurrency.symbol })}
        </p>
      ) : null}
      {view.keepShort ? (
        <p className="vb-error" role="alert" data-testid="send-keep">
          {say(t, view.keepShort)}
        </p>
      ) : null}
      {locked ? (
        <p className="vb-send-preview" data-testid="send-preview">
          {/* The receiver's address in full, never shortened: a name or a look-alike address must not hide its middle. */}
          {t('send.preview', {
            amount: formatted(form.amount ?? 0n, token),
            receiver: lookup?.status === 'found' ? `${typed} (${view.receiver!})` : (view.receiver ?? ''),
            network: network.name,
          })}
        </p>
      ) : null}
      {view.formError ? (
        <p className="vb-error" role="alert" data-testid="send-error">
          {say(t, view.formError)}
          {view.formReason ? ` ${say(t, view.formReason)}` : null}
        </p>
      ) : null}
      {locked ? (
        <div className="vb-send-actions">
          <Button type="button" variant="secondary" disabled={form.status === 'sending'} onClick={controller.backToForm}>
            {t('send.edit')}
          </Button>
          <Button type="submit" data-testid="send-confirm" disabled={form.status === 'sending'}>
            {form.status === 'sending' ? t('send.sending') : t('send.confirm')}
          </Button>
        </div>
      ) : (
        // Pressing the button must not blur the receiver first: its error would appear above and move the button
        // away from under the pointer before the click lands.
        <Button type="submit" data-testid="send-review" onMouseDown={(e) => e.preventDefault()}>
          {t('send.review')}
        </Button>
      )}
    </form>
  )
}

export const styles = `.vb-send { display: flex; flex-direction: column; gap: 12px; } .vb-send-fields { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 12px; min-width: 0; } .vb-send-fee, .vb-send-preview { margin: 0; font-size: 14px; } .vb-send-preview { overflow-wrap: anywhere; word-break: break-all; } .vb-send-actions { display: flex; gap: 8px; } .vb-send-actions > * { flex: 1; } .vb-send select { appearance: auto; } .vb-send-name { display: flex; align-items: center; gap: 8px; overflow-wrap: anywhere; word-break: break-all; min-width: 0; } .vb-send-name > .vb-avatar { width: 24px; height: 24px; border-radius: 50%; font-size: 12px; }`
