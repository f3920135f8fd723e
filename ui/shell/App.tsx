import { useStore } from '@nanostores/react'
import { Component, Suspense, lazy, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react'
import type { Modal } from '../../kernel/index.js'
import type { ViewProps } from '../view-props.js'

/** The dialog is labelled by this heading (ids are scoped to the shadow root). */
export const HEADING_ID = 'vb-title'

type LazyView = ReturnType<typeof lazy<ComponentType<ViewProps>>>

class ViewBoundary extends Component<{ fallback: (retry: () => void) => ReactNode; children: ReactNode; resetKey: string }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false })
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}

/** The frame around every view: header with back, title and close; the view; a polite live region. */
export function ShellApp({ modal }: { modal: Modal }) {
  const { router, views, i18n, state, events } = modal.kernel
  const history = useStore(router.$history)
  const { open } = useStore(state.$modal)
  const entry = history.at(-1)
  const heading = useRef<HTMLHeadingElement>(null)
  const [customTitle, setCustomTitle] = useState<{ view: string; title: string }>()
  const [live, setLive] = useState('')
  const [reloadKey, setReloadKey] = useState(0)
  const lazyViews = useRef(new Map<string, LazyView>())

  const View = useMemo(() => {
    if (!entry) return undefined
    let view = lazyViews.current.get(entry.view)
    const definition = views.get(entry.view)
    if (!view && definition) {
      view = lazy(async () => {
        try {
          const module = await definition.load()
          return { default: module.default as ComponentType<ViewProps> }
        } catch (error) {
          lazyViews.current.delete(entry.view)
          throw error
        }
      })
      lazyViews.current.set(entry.view, view)
    }
    return view
  }, [entry?.view, reloadKey])

  // Focus follows the view: the heading is announced as the dialog's label on every change.
  useEffect(() => {
    if (open) heading.current?.focus()
  }, [entry, open])

  useEffect(() => {
    const offs = [
      events.on('connect:start', () => setLive(i18n.t('live.connecting'))),
      events.on('connect:success', () => setLive(i18n.t('live.connected'))),
      events.on('disconnect', () => {
        setLive(i18n.t('live.disconnected'))
        // A wallet that ends the session while the account is shown sends the user back to Connect.
        if (router.current?.view === 'Account' && modal.getState().status !== 'connected') router.reset('Connect')
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [modal])

  const definitionTitle = entry ? views.get(entry.view)?.title : undefined
  const title = customTitle && customTitle.view === entry?.view ? customTitle.title : definitionTitle ? i18n.t(definitionTitle) : ''

  return (
    <div className="vb-root">
      <div className="vb-card">
        <header className="vb-header">
          {history.length > 1 ? (
            <button type="button" className="vb-icon-btn" aria-label={i18n.t('modal.back')} onClick={() => router.goBack()}>
              ‹
            </button>
          ) : (
            <span />
          )}
          <h2 id={HEADING_ID} className="vb-title" tabIndex={-1} ref={heading}>
            {title}
          </h2>
          <button type="button" className="vb-icon-btn" aria-label={i18n.t('modal.close')} onClick={() => modal.close()}>
            ×
          </button>
        </header>
        <div className="vb-body">
          {entry && View ? (
            <ViewBoundary
              resetKey={entry.view}
              fallback={(retry) => (
                <div className="vb-center">
                  <p className="vb-error">{i18n.t('view.unknown')}</p>
                  <button type="button" className="vb-btn" onClick={() => (setReloadKey((k) => k + 1), retry())}>
                    {i18n.t('connecting.retry')}
                  </button>
                </div>
              )}
            >
              <Suspense fallback={<div className="vb-center"><div className="vb-spinner" aria-hidden="true" /></div>}>
                <View key={history.length + entry.view} modal={modal} data={entry.data} setTitle={(t) => setCustomTitle({ view: entry.view, title: t })} />
              </Suspense>
            </ViewBoundary>
          ) : null}
        </div>
        <div className="vb-sr" role="status" aria-live="polite">
          {live}
        </div>
      </div>
    </div>
  )
}
