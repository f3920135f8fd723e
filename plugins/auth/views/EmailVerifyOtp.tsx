import { useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react'
import { Button, type ViewProps } from 'vestibule/ui'
import { useAuth } from './use-auth.js'

const LENGTH = 6

/** The 6-digit code: one box per digit, a pasted code fills them all, the code is sent when complete; resend. */
export default function EmailVerifyOtp({ ctx }: ViewProps<unknown, 'auth'>) {
  const { state, run } = useAuth(ctx)
  const [digits, setDigits] = useState<string[]>(Array(LENGTH).fill(''))
  const boxes = useRef<Array<HTMLInputElement | null>>([])
  const busy = state.step === 'verifying' || state.step === 'connecting'
  const submit = (code: string[]) => code.every((d) => d) && run((client) => client.submitOtp(code.join('')))
  const fill = (from: number, text: string) => {
    const typed = text
      .replace(/\D/g, '')
      .slice(0, LENGTH - from)
      .split('')
    if (!typed.length) return
    const next = [...digits]
    typed.forEach((d, i) => (next[from + i] = d))
    setDigits(next)
    boxes.current[Math.min(from + typed.length, LENGTH - 1)]?.focus()
    submit(next)
  }
  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault()
    fill(/^\D*\d{6}\D*$/.test(e.clipboardData.getData('text')) ? 0 : i, e.clipboardData.getData('text'))
  }
  const onKey = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Backspace' || digits[i]) return
    const next = [...digits]
    if (i > 0) next[i - 1] = ''
    setDigits(next)
    boxes.current[i - 1]?.focus()
  }
  const email = state.updatingEmail ?? state.email ?? ''
  return (
    <div className="vb-auth-otp" data-testid="auth-otp">
      <p className="vb-muted" data-testid="auth-otp-email">
        {ctx.t('auth.otpSent', { email })}
      </p>
      <div className="vb-auth-otp-boxes" role="group" aria-label={ctx.t('auth.otpTitle')}>
        {digits.map((d, i) => (
          <input
            key={i}
            ref={(el) => void (boxes.current[i] = el)}
            className="vb-input vb-auth-otp-box"
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            maxLength={1}
            value={d}
            disabled={busy}
            aria-label={ctx.t('auth.otpDigit', { n: i + 1 })}
            data-testid={`auth-otp-${i}`}
            onPaste={onPaste(i)}
            onKeyDown={onKey(i)}
            onChange={(e) => (e.target.value ? fill(i, e.target.value) : setDigits(digits.map((x, j) => (j === i ? '' : x))))}
          />
        ))}
      </div>
      {busy ? (
        <p className="vb-muted" role="status">
          {ctx.t(state.step === 'connecting' ? 'auth.connecting' : 'auth.verifying')}
        </p>
      ) : null}
      {state.error ? (
        <p className="vb-error" role="alert" data-testid="auth-otp-error">
          {state.error}
        </p>
      ) : null}
      <Button variant="secondary" data-testid="auth-otp-resend" disabled={busy} onClick={() => run((client) => client.resend())}>
        {ctx.t('auth.resend')}
      </Button>
    </div>
  )
}

export const styles = `
.vb-auth-otp { display: flex; flex-direction: column; gap: 12px; align-items: center; text-align: center; }
.vb-auth-otp-boxes { display: flex; gap: 8px; justify-content: center; }
.vb-auth-otp-box { width: 44px; text-align: center; font-size: 20px; padding: 8px 0; }
`
