import { useEffect } from 'react'
import { Button, type ViewProps } from 'vestibule/ui'
import { SOCIAL_NAMES } from '../social-list.js'
import { useAuth } from './use-auth.js'

/** Waiting for the provider's popup; a closed or blocked popup takes the user back to the form with the reason. */
export default function ConnectingSocial({ ctx, data }: ViewProps<{ provider?: string } | undefined, 'auth'>) {
  const { state } = useAuth(ctx)
  const name = SOCIAL_NAMES[data?.provider ?? ''] ?? data?.provider ?? ''
  const back = state.step === 'idle'
  useEffect(() => {
    if (back) ctx.router.goBack()
  }, [back])
  return (
    <div className="vb-center" data-testid="auth-social-waiting">
      <div className="vb-spinner" aria-hidden="true" />
      <p className="vb-muted" role="status">
        {ctx.t(state.step === 'connecting' ? 'auth.connecting' : 'auth.socialWaiting', { name })}
      </p>
      <Button variant="secondary" onClick={() => ctx.router.goBack()}>
        {ctx.t('auth.socialCancel')}
      </Button>
    </div>
  )
}
