import { useState } from 'react'
import { Button, TextInput, type TabProps } from 'vestibule/ui'
import { useAuth } from './use-auth.js'

/** The Connect view's email section: the address, then the code view (the frame loads on submit, not before). */
export default function EmailMethod({ ctx }: TabProps<'auth'>) {
  const { state, run } = useAuth(ctx)
  const [email, setEmail] = useState(state.email ?? '')
  const busy = state.step === 'sending'
  return (
    <form
      className="vb-auth-email"
      data-testid="auth-email-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        run((client) => client.submitEmail(email.trim()))
      }}
    >
      <TextInput
        label={ctx.t('auth.emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        placeholder={ctx.t('auth.emailPlaceholder')}
        value={email}
        data-testid="auth-email-input"
        onChange={(e) => setEmail(e.target.value)}
        error={state.step === 'idle' && state.failed === 'email' ? state.error : undefined}
        action={
          <Button type="submit" data-testid="auth-email-submit" disabled={busy || !email.trim()} aria-busy={busy}>
            {busy ? ctx.t('auth.sending') : ctx.t('auth.continue')}
          </Button>
        }
      />
    </form>
  )
}
