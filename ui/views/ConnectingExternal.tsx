import { useCallback, useEffect, useRef, useState } from 'react'
import { shownMessage, type ChainNamespace, type VestibuleError } from '../../kernel/index.js'
import { walletName } from '../../kernel/sanitize.js'
import type { ViewProps } from '../view-props.js'
import { useStore, WalletImage } from '../shell/shared.js'
import { watchWait, type WaitStage } from '../kit/wait-stages.js'

type Phase = { kind: 'waiting' } | { kind: 'declined' } | { kind: 'error'; message: string }

/**
 * Waits for an injected or announced wallet to answer; declined and failed requests can be retried. A wallet that
 * has not answered in 3 s is said to take longer than expected; from 5 s the request can be sent again.
 */
export default function ConnectingExternal({ ctx, data, setTitle }: ViewProps<{ connectorId: string; namespace: ChainNamespace }>) {
  const { chains, router, i18n, connection } = ctx
  const connectors = useStore(chains.$connectors)
  const connector = connectors.find((c) => c.id === data?.connectorId && c.namespace === data?.namespace)
  const [phase, setPhase] = useState<Phase>({ kind: 'waiting' })
  const [stage, setStage] = useState<WaitStage>('waiting')
  const live = useRef(true)
  // Connector names are clean already; a connector id handed in as view data is not.
  const name = walletName(connector?.name ?? data?.connectorId)

  useEffect(() => setTitle(name), [name])

  const run = useCallback(() => {
    if (!data?.connectorId) return setPhase({ kind: 'error', message: i18n.t('connecting.missing') })
    setPhase({ kind: 'waiting' })
    ctx.connection.connect(data.connectorId, data.namespace).then(
      () => {},
      (error: unknown) => {
        if (!live.current) return
        if ((error as VestibuleError).code === 'USER_REJECTED') setPhase({ kind: 'declined' })
        // The wallet's own words are shown as such, capped; they are not the modal's.
        else setPhase({ kind: 'error', message: shownMessage(error, (words) => i18n.t('connecting.walletSays', { message: words })) })
      },
    )
  }, [data?.connectorId, data?.namespace])

  // Each wait (the first request, each one sent again) has its own clock.
  useEffect(() => {
    setStage('waiting')
    return phase.kind === 'waiting' ? watchWait(setStage) : undefined
  }, [phase])

  useEffect(() => {
    live.current = true
    run()
    return () => {
      live.current = false
      // Leaving while the wallet still thinks: its late answer must not connect behind the user's back.
      if (data?.namespace) connection.cancelConnect(data.namespace)
    }
  }, [run])

  return (
    <div
      className="vb-center"
      data-testid="connecting-external"
      data-phase={phase.kind}
      data-stage={phase.kind === 'waiting' ? stage : undefined}
    >
      <WalletImage src={connector?.imageUrl} name={name} large />
      {phase.kind === 'waiting' ? (
        <>
          <p className="vb-strong">{i18n.t('connecting.waiting', { name })}</p>
          <p className="vb-muted" role="status">
            {i18n.t(stage === 'waiting' ? 'connecting.waitingHint' : 'connecting.slow')}
          </p>
          <div className="vb-spinner" aria-hidden="true" />
          <div className="vb-row">
            {stage === 'askAgain' ? (
              // A request the wallet lost (its window closed, the extension restarted) is sent again; the first
              // one's late answer is then ignored.
              <button type="button" className="vb-btn" data-testid="connecting-again" onClick={run}>
                {i18n.t('connecting.retry')}
              </button>
            ) : null}
            <button type="button" className="vb-btn vb-btn-secondary" onClick={() => router.goBack()}>
              {i18n.t('connecting.cancel')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="vb-error" role="alert">
            {phase.kind === 'declined' ? i18n.t('connecting.declined') : i18n.t('connecting.error')}
          </p>
          <p className="vb-muted">{phase.kind === 'declined' ? i18n.t('connecting.declinedHint') : phase.message}</p>
          <div className="vb-row">
            <button type="button" className="vb-btn" onClick={run}>
              {i18n.t('connecting.retry')}
            </button>
            <button type="button" className="vb-btn vb-btn-secondary" onClick={() => router.goBack()}>
              {i18n.t('connecting.cancel')}
            </button>
          </div>
        </>
      )}
    </div>
  )
}
