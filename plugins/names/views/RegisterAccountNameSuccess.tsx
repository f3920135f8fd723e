import { Button, type ViewProps } from 'vestibule/ui'
import { cleanText } from 'vestibule/utils'

/** RegisterAccountNameSuccess: the name registered, and back to the account. */
export default function RegisterAccountNameSuccess({ ctx, data }: ViewProps<{ name?: unknown } | undefined, 'names'>) {
  // The route's data is the controller's (a checked name); shown as plain text all the same.
  const name = cleanText(data?.name, 80)
  return (
    <div className="vb-center" data-testid="names-success" role="status">
      <p className="vb-strong" data-testid="names-success-name">
        {ctx.t('names.success', { name })}
      </p>
      <p className="vb-muted">{ctx.t('names.successHint')}</p>
      <Button data-testid="names-done" onClick={() => ctx.router.goBack()}>
        {ctx.t('names.done')}
      </Button>
    </div>
  )
}
