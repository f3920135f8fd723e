import { useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { formatBalance, formatUnits, parseAmount } from '../../kernel/format.js'
import { WalletImage } from './WalletImage.js'

/** A button in the modal's style: 'primary' (accent) or 'secondary'. */
export function Button({
  variant = 'primary',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  return (
    <button
      type="button"
      {...rest}
      className={`vb-btn${variant === 'secondary' ? ' vb-btn-secondary' : ''}${className ? ` ${className}` : ''}`}
    />
  )
}

/** A row of a list: image, name with an optional hint, an optional tag or value at the end. */
export function ListItem({
  image,
  name,
  hint,
  end,
  onClick,
  disabled,
}: {
  image?: string
  name: string
  hint?: string
  end?: ReactNode
  onClick?: () => void
  disabled?: boolean
}) {
  const content = (
    <>
      {image !== undefined ? <WalletImage src={image || undefined} name={name} /> : null}
      <span className="vb-item-text">
        <span className="vb-item-name">{name}</span>
        {hint ? <span className="vb-item-hint">{hint}</span> : null}
      </span>
      {end !== undefined ? <span className="vb-item-end">{end}</span> : null}
    </>
  )
  // A row nothing happens on is not a button: it takes no focus and announces no action.
  if (!onClick) return <div className="vb-item vb-item-static">{content}</div>
  return (
    <button type="button" className="vb-item" disabled={disabled} onClick={onClick}>
      {content}
    </button>
  )
}

/** A labelled text input; `error` is announced and shown under it; `action` (a button) sits beside the input. */
export function TextInput({
  label,
  error,
  action,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; action?: ReactNode }) {
  const id = useId()
  const input = (
    <input
      id={id}
      className="vb-input"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      {...rest}
    />
  )
  return (
    <div className="vb-field">
      <label className="vb-label" htmlFor={id}>
        {label}
      </label>
      {action ? (
        <span className="vb-input-row">
          {input}
          {action}
        </span>
      ) : (
        input
      )}
      {error ? (
        <span id={`${id}-error`} className="vb-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}

/**
 * A labelled multi-line text input, the multi-line sibling of `TextInput`: `error` is announced and shown under it;
 * with `maxLength` a counter ("12/200") under it says how much is used, and the field takes no more. Enter starts a
 * new line; Ctrl+Enter (⌘+Enter) submits the form it is in. Text runs in the modal's direction.
 */
export function TextArea({
  label,
  error,
  maxLength,
  rows = 3,
  onChange,
  onKeyDown,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string }) {
  const id = useId()
  const [typed, setTyped] = useState(() => String(rest.defaultValue ?? '').length)
  const used = rest.value !== undefined ? String(rest.value).length : typed
  const described = [error && `${id}-error`, maxLength !== undefined && `${id}-count`].filter(Boolean).join(' ')
  return (
    <div className="vb-field">
      <label className="vb-label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="vb-input vb-textarea"
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => {
          setTyped(event.currentTarget.value.length)
          onChange?.(event)
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event)
          if (event.defaultPrevented || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return
          event.preventDefault()
          event.currentTarget.form?.requestSubmit()
        }}
        {...rest}
      />
      {maxLength !== undefined ? (
        <span id={`${id}-count`} className="vb-count vb-textarea-count">
          {used}/{maxLength}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className="vb-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  )
}

/**
 * An amount input: accepts what `parseAmount` accepts for `decimals` and reports the value in the smallest
 * unit (bigint), or undefined while the text is empty or invalid (the problem is shown, the text is kept).
 * `maxLabel` is the Max button's text in the reader's language (from the view's catalog; English `Max` without it).
 */
export function AmountInput({
  label,
  decimals,
  symbol,
  max,
  maxLabel,
  maxDisabled,
  initial,
  onValue,
}: {
  label: string
  decimals: number
  symbol?: string
  max?: bigint
  maxLabel?: string
  maxDisabled?: boolean
  initial?: bigint
  onValue(value: bigint | undefined): void
}) {
  // `initial`: an amount the form already holds (a view shown again), written out when the input mounts.
  const [text, setText] = useState(() => (initial !== undefined ? formatUnits(initial, decimals) : ''))
  const [error, setError] = useState<string>()
  const change = (next: string) => {
    setText(next)
    if (!next.trim()) return (setError(undefined), onValue(undefined))
    try {
      const value = parseAmount(next.trim(), decimals)
      setError(undefined)
      onValue(value)
    } catch (e) {
      setError((e as Error).message)
      onValue(undefined)
    }
  }
  return (
    <div className="vb-amount">
      <TextInput
        label={label}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        error={error}
        onChange={(e) => change(e.target.value)}
        placeholder={symbol ? `0 ${symbol}` : '0'}
        action={
          max !== undefined ? (
            <Button variant="secondary" className="vb-amount-max" disabled={maxDisabled} onClick={() => change(formatUnits(max, decimals))}>
              {maxLabel ?? 'Max'}
            </Button>
          ) : undefined
        }
      />
    </div>
  )
}

/** A token with its balance: icon, name, amount in the smallest unit formatted, and an optional USD value. */
export function TokenRow({
  name,
  symbol,
  iconUrl,
  amount,
  decimals,
  usd,
  onClick,
}: {
  name: string
  symbol: string
  iconUrl?: string
  amount: bigint
  decimals: number
  usd?: string
  onClick?: () => void
}) {
  return <ListItem image={iconUrl ?? ''} name={name} hint={`${formatBalance(amount, decimals)} ${symbol}`} end={usd} onClick={onClick} />
}

/** Nothing to show yet (no tokens, no activity). */
export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="vb-center" data-state="empty">
      <p className="vb-strong">{title}</p>
      {hint ? <p className="vb-muted">{hint}</p> : null}
    </div>
  )
}

/** Work in progress, announced to assistive technology. */
export function LoadingState({ label }: { label: string }) {
  return (
    <div className="vb-center" data-state="loading" aria-busy="true">
      <div className="vb-spinner" aria-hidden="true" />
      <p className="vb-muted">{label}</p>
    </div>
  )
}

/** A failure with an optional retry. */
/** A failure: what failed, optionally why and what happens next (`details`, each a line), and a retry button. */
export function ErrorState({
  message,
  details,
  retryLabel,
  onRetry,
}: {
  message: string
  details?: readonly string[]
  retryLabel?: string
  onRetry?: () => void
}) {
  return (
    <div className="vb-center" data-state="error">
      <p className="vb-error" role="alert">
        {message}
      </p>
      {details?.map((line) => (
        <p key={line} className="vb-muted">
          {line}
        </p>
      ))}
      {onRetry ? <Button onClick={onRetry}>{retryLabel ?? 'Try again'}</Button> : null}
    </div>
  )
}
