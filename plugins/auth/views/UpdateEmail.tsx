import { useState } from 'react'
import { Button, TextInput, type ViewProps } from 'vestibule/ui'
import { useAuth } from './use-auth.js'

/** A new email for the signed-in user; a code sent to it confirms the change (the code view follows). */
export default function UpdateEmail({ ctx }: ViewProps<unknown, 'auth'>) {
  const { state, run } = useAuth(ctx)
  const [email, setEmail] = useState('')
  return (
    <form
      className="vb-send"
      data-testid="auth-update-email"
      onSubmit={(e) => {
        e.preventDefault()
        run((client) => client.updateEmail(email.trim()))
      }}
    >
      <TextInput
        label={ctx.t('auth.newEmail')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={state.error}
        data-testid="auth-update-input"
      />
      <Button type="submit" disabled={!email.trim()}>
        {ctx.t('auth.continue')}
      </Button>
    </form>
  )
}
