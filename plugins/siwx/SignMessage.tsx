import { useEffect, useState } from 'react'
import { Button, LoadingState, useStore, type ViewProps } from 'vestibule/ui'
import { shortenAddress } from 'vestibule/utils'
import type { SignController } from './flow.js'
import type { SiwxApi } from './index.js'
import { messages } from './texts.js'

/** The SIWXSignMessage (and ConnectingSiwe) view: renders the sign controller; the flow loads with it. */
export default function SignMessage({ ctx }: Pick<ViewProps<unknown, 'siwx'>, 'ctx'>) {
  // The texts come with the view's code, before the flow has loaded.
  useState(() => {
    ctx.i18n.add(messages, () => import('./locales/index.js'))
  })
  const [controller, setController] = useState<SignController>()
  const [error, setError] = useState<string>()
  // Each arrival on the view (another account, another network, a reopened modal) starts a new sign-in.
  const entry = useStore(ctx.router.$history).at(-1)
  useEffect(() => {
    let live = true
    ;(ctx.api as SiwxApi).flow().then(
      (flow) => {
        if (!live) return
        const c = flow.controller()
        setController(c)
        void c.start()
      },
      (e: unknown) => live && setError(String((e as Error)?.message ?? e)),
    )
    return () => void (live = false)
  }, [ctx, entry])
  if (error)
    return (
      <p className="vb-error" role="alert">
        {error}
      </p>
    )
  if (!controller) return <LoadingState label={ctx.t('siwx.checking')} />
  return <Sign controller={controller} ctx={ctx} />
}

function Sign({ controller, ctx }: { controller: SignController; ctx: Pick<ViewProps, 'ctx'>['ctx'] }) {
  const view = useStore(controller.$view)
  const { t } = ctx
  const app = ctx.options.metadata?.name ?? 'This app'
  // Cancel is there in every phase: a server or a wallet that never answers cannot hold the modal.
  const cancel = (
    <Button type="button" variant="secondary" data-testid="siwx-cancel" onClick={() => void controller.cancel()}>
      {t(view.required ? 'siwx.disconnect' : 'siwx.cancel')}
    </Button>
  )
  if (view.phase === 'checking' || view.phase === 'preparing') {
    return (
      <div className="vb-siwx" data-testid="siwx" data-phase={view.phase}>
        <LoadingState label={t(view.phase === 'checking' ? 'siwx.checking' : 'siwx.preparing')} />
        {cancel}
      </div>
    )
  }
  const busy = view.phase === 'signing' || view.phase === 'verifying'
  return (
    <div className="vb-siwx" data-testid="siwx" data-phase={view.phase} aria-busy={busy}>
      <p>
        {t('siwx.intro', { app, address: view.address ? shortenAddress(view.address) : '', network: view.network ?? view.chainId ?? '' })}
      </p>
      {view.required ? (
        <p className="vb-muted" data-testid="siwx-required">
          {t('siwx.required')}
        </p>
      ) : null}
      {view.message ? (
        <pre className="vb-siwx-message" data-testid="siwx-message" tabIndex={0}>
          {view.message}
        </pre>
      ) : null}
      {view.phase === 'failed' && view.reason ? (
        <p className="vb-error" role="alert" data-testid="siwx-error">
          {view.reason}
        </p>
      ) : null}
      {busy ? (
        <p className="vb-muted" aria-live="polite">
          {t(view.phase === 'signing' ? 'siwx.signing' : 'siwx.authenticating')}
        </p>
      ) : null}
      <div className="vb-siwx-actions">
        {cancel}
        <Button type="button" data-testid="siwx-sign" disabled={busy || view.phase === 'done'} onClick={() => void controller.sign()}>
          {t(view.phase === 'failed' ? 'siwx.retry' : 'siwx.sign')}
        </Button>
      </div>
    </div>
  )
}

export const styles =
  '.vb-siwx { display: grid; gap: 12px } .vb-siwx-message { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; max-height: 160px; overflow: auto; margin: 0; padding: 8px; border-radius: 8px; background: var(--vb-color-bg-2, rgba(127,127,127,.12)) } .vb-siwx-actions { display: grid; grid-template-columns: 1fr 1fr; gap: 8px }'
