import { useStore } from '@nanostores/react'
import { useEffect, type ReactNode } from 'react'
import type { ViewContext } from 'vestibule/kernel'
import { addMessages } from '../messages.js'
import type { WalletConnectApi } from '../types.js'

/** The plugin's API, as the views see it. */
export const walletConnectApi = (ctx: ViewContext<'walletConnect'>): WalletConnectApi => {
  addMessages(ctx.i18n)
  return ctx.api
}

/**
 * Keeps a pairing URI on offer while the view is shown (renewed when it expires) and moves on to Account once
 * the wallet approved and the chain plugins connected.
 */
export function usePairing(ctx: ViewContext<'walletConnect'>) {
  const api = walletConnectApi(ctx)
  const state = useStore(api.$state)
  const { status, namespace } = useStore(ctx.state.$snapshot)
  useEffect(() => {
    const unwatch = api.watch()
    void api.pair()
    return unwatch
  }, [])
  useEffect(() => {
    if (state.status !== 'connected' || status !== 'connected') return
    if (namespace) ctx.connection.connected(namespace)
  }, [state.status, status])
  return { api, state }
}

/** Copies the pairing URI; a snackbar confirms. */
export function CopyLink({ ctx, uri }: { ctx: ViewContext; uri: string }) {
  const { i18n, feedback } = ctx
  const copy = () => {
    void navigator.clipboard?.writeText(uri).then(
      () => feedback.showSnackbar('success', i18n.t('walletConnect.copied')),
      () => feedback.showSnackbar('error', i18n.t('walletConnect.failed')),
    )
  }
  return (
    <button type="button" className="vb-btn vb-btn-secondary" data-testid="wc-copy" data-uri={uri} onClick={copy}>
      {i18n.t('walletConnect.copy')}
    </button>
  )
}

/** What every pairing view shows around its own content: the wait, the error with a retry, the connected peer. */
export function PairingFrame({
  ctx,
  children,
}: {
  ctx: ViewContext<'walletConnect'>
  children: (uri: string, expiresAt?: number) => ReactNode
}) {
  const api = walletConnectApi(ctx)
  const state = useStore(api.$state)
  const { i18n } = ctx
  const name = state.peer?.name ?? i18n.t('walletConnect.title')
  let body: ReactNode
  if (state.status === 'error') {
    const kind = state.error?.kind ?? 'failed'
    body = (
      <>
        <p className="vb-error" role="alert" data-testid="wc-error" data-kind={kind}>
          {kind === 'rejected'
            ? i18n.t('walletConnect.declined')
            : kind === 'relay'
              ? i18n.t('walletConnect.relayDown')
              : i18n.t('walletConnect.failed')}
        </p>
        {kind === 'failed' ? (
          <p className="vb-muted">{state.error?.message}</p>
        ) : kind === 'rejected' ? (
          <p className="vb-muted">{i18n.t('walletConnect.declinedHint')}</p>
        ) : null}
        <button type="button" className="vb-btn" data-testid="wc-retry" onClick={() => void api.pair({ force: true })}>
          {i18n.t('walletConnect.retry')}
        </button>
      </>
    )
  } else if (state.uri) {
    body = children(state.uri, state.expiresAt)
  } else if (state.status === 'connected') {
    body = (
      <>
        <p className="vb-strong" data-testid="wc-connected">
          {i18n.t('walletConnect.connected', { name })}
        </p>
        <button type="button" className="vb-btn vb-btn-secondary" onClick={() => void api.disconnect()}>
          {i18n.t('walletConnect.disconnect')}
        </button>
      </>
    )
  } else {
    body = (
      <>
        <div className="vb-spinner" aria-hidden="true" />
        <p className="vb-muted">
          {state.status === 'connecting' ? i18n.t('walletConnect.connecting', { name }) : i18n.t('walletConnect.preparing')}
        </p>
      </>
    )
  }
  return (
    <div className="vb-center" data-testid="wc-pairing" data-status={state.status}>
      {body}
    </div>
  )
}
