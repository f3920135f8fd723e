import { Component, useEffect, useLayoutEffect, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react'
import type { Modal } from '../../kernel/index.js'
import { loadedModule } from '../../kernel/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'
import { NAME_MAX, cleanText } from '../../kernel/sanitize.js'
import type { ViewProps } from '../view-props.js'
import { SlotIcon, useStore } from './shared.js'
import { ShellModal, viewContext } from './view-context.js'
import { adoptStyles, moduleParts } from './lazy.js'
import { HEADER_TEXT_MS, VIEW_TRANSITION_MS, fadeIn, followHeight } from './motion.js'

/** The dialog is labelled by this heading (ids are scoped to the shadow root). */
export const HEADING_ID = 'vb-title'

/** CSS a view module exported beside its component. */
const viewStyles = new WeakMap<object, string>()

/** View components already loaded, by view id; rendering them needs no Suspense round trip. */
export type ViewCache = Map<string, ComponentType<ViewProps>>

type Loaded = { id: string; Component?: ComponentType<ViewProps>; error?: unknown }

/** Checks a loaded view module and caches its component (and its styles) under `id`. */
function cacheView(cache: ViewCache, id: string, module: { default: unknown; styles?: string }): ComponentType<ViewProps> {
  const { Component, styles } = moduleParts(module, `View "${id}"`)
  // A plugin view ships its CSS beside it; it joins the modal's shadow root with the view's first load.
  if (styles) viewStyles.set(Component, styles)
  cache.set(id, Component)
  return Component
}

/** The component of view `id`: at once when cached or already loaded (preload, first open), else after `load()`. */
function useViewComponent(
  id: string | undefined,
  modal: Modal,
  cache: ViewCache,
): { Component?: ComponentType<ViewProps>; error?: unknown; retry?: () => void } {
  const [loaded, setLoaded] = useState<Loaded>()
  const [attempt, setAttempt] = useState(0)
  let cached = id ? cache.get(id) : undefined
  const ready = id && !cached ? loadedModule(kernelOf(modal).views.get(id)?.load) : undefined
  if (id && ready) {
    try {
      cached = cacheView(cache, id, ready)
    } catch {
      // Reported by the load below, with a retry.
    }
  }
  useEffect(() => {
    if (!id || cached) return
    let live = true
    const definition = kernelOf(modal).views.get(id)
    Promise.resolve()
      .then(() => {
        if (!definition) throw new Error(`View "${id}" is not registered`)
        return definition.load()
      })
      .then(
        (module) => {
          const Component = cacheView(cache, id, module)
          if (live) setLoaded({ id, Component })
        },
        (error: unknown) => live && setLoaded({ id, error }),
      )
      .catch((error: unknown) => live && setLoaded({ id, error }))
    return () => {
      live = false
    }
  }, [id, cached, attempt])
  if (cached) return { Component: cached }
  if (loaded?.id === id) return { ...loaded, retry: () => (setLoaded(undefined), setAttempt((a) => a + 1)) }
  return {}
}

class ViewBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode; resetKey: string },
  { failed: boolean }
> {
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

/**
 * What the polite live region says about the connection: connecting, connected, declined or failed, disconnected.
 * A wallet that ends the session while the account is shown sends the user back to Connect.
 */
function useLiveAnnouncements(modal: Modal): string {
  const { router, i18n, events } = kernelOf(modal)
  const [live, setLive] = useState('')
  useEffect(() => {
    const offs = [
      events.on('connect:start', () => setLive(i18n.t('live.connecting'))),
      events.on('connect:success', () => setLive(i18n.t('live.connected'))),
      // The live region must not keep saying "Connecting…" once the wallet said no.
      events.on('connect:error', ({ rejected }) => setLive(i18n.t(rejected ? 'live.declined' : 'live.failed'))),
      events.on('disconnect', ({ namespace }) => {
        // One family of several ended: the live region names it (the others stay connected).
        const still = modal.getState().status === 'connected'
        setLive(
          still
            ? i18n.t('live.disconnectedOne', { name: kernelOf(modal).chains.get(namespace)?.label ?? namespace })
            : i18n.t('live.disconnected'),
        )
        // A wallet that ends the session while the account is shown sends the user back to Connect.
        if (router.current?.view === 'Account' && modal.getState().status !== 'connected') kernelOf(modal).navigation.disconnected()
      }),
    ]
    return () => offs.forEach((off) => off())
  }, [modal])
  return live
}

/** The modal's alerts, each kept while hovered or focused, with its dismiss button. */
function Alerts({
  modal,
  alerts,
  dismiss,
}: {
  modal: Modal
  alerts: ReturnType<ReturnType<typeof kernelOf>['feedback']['$alerts']['get']>
  dismiss: string
}) {
  return (
    <>
      {alerts.map((a) => (
        <div
          key={a.id}
          className="vb-alert"
          role="alert"
          data-alert-id={a.id}
          onMouseEnter={() => kernelOf(modal).feedback.holdAlert(a.id, true)}
          onMouseLeave={() => kernelOf(modal).feedback.holdAlert(a.id, false)}
          onFocus={() => kernelOf(modal).feedback.holdAlert(a.id, true)}
          onBlur={() => kernelOf(modal).feedback.holdAlert(a.id, false)}
        >
          <span>{a.message}</span>
          <button type="button" className="vb-icon-btn" aria-label={dismiss} onClick={() => kernelOf(modal).feedback.dismissAlert(a.id)}>
            ×
          </button>
        </div>
      ))}
    </>
  )
}

/** The frame around every view: header with back, title and close; the view; a polite live region. */
export function ShellApp({ modal, cache, rehearsal }: { modal: Modal; cache: ViewCache; rehearsal?: { view: string; data?: unknown } }) {
  const { router, views, i18n, state } = kernelOf(modal)
  const history = useStore(router.$history)
  const { open, shake } = useStore(state.$modal)
  const alerts = useStore(kernelOf(modal).feedback.$alerts)
  const snackbar = useStore(kernelOf(modal).feedback.$snackbar)
  // A rehearsal (see rehearse in mount.tsx) draws the view the first open will show, before any open.
  const entry = rehearsal ?? history.at(-1)
  const heading = useRef<HTMLHeadingElement>(null)
  const [customTitle, setCustomTitle] = useState<{ view: string; title: string }>()
  const live = useLiveAnnouncements(modal)
  const view = useViewComponent(entry?.view, modal, cache)
  const body = useRef<HTMLDivElement>(null)
  useEffect(() => adoptStyles(body.current, view.Component && viewStyles.get(view.Component)), [view.Component])
  const actions = kernelOf(modal).slots.list('header.actions')
  // A translation that arrives after the first frame (a plugin's texts, added with its view) draws again.
  const [, textsChanged] = useState(0)
  useEffect(() => i18n.subscribe(() => textsChanged((n) => n + 1)), [i18n])

  // Focus follows the view: the heading is announced as the dialog's label on every change.
  useEffect(() => {
    if (open) heading.current?.focus()
  }, [entry, open])

  // Motion: the card's height follows its content; a view that follows another while open fades in, and so
  // does a title that changes (the first view of an open appears with the modal, unanimated).
  const card = useRef<HTMLDivElement>(null)
  // Settled once the open's first view has drawn: set before the browser measures that layout.
  const settled = useRef(false)
  useLayoutEffect(() => {
    if (!open) settled.current = false
    else if (view.Component) settled.current = true
  })
  useEffect(() => (card.current ? followHeight(card.current, () => settled.current) : undefined), [])
  const shown = useRef<{ key?: string; title?: string }>({})

  const definitionTitle = entry ? views.get(entry.view)?.title : undefined
  const titleOf = (): string => {
    if (typeof definitionTitle !== 'function') return definitionTitle ? i18n.t(definitionTitle) : ''
    try {
      // Route data may come from anywhere (modal.open(view, data)): the title is cleaned like any name.
      return cleanText(definitionTitle(entry?.data), NAME_MAX)
    } catch (error) {
      kernelOf(modal).events.emit('error', { source: 'view title', error })
      return ''
    }
  }
  const title = customTitle && customTitle.view === entry?.view ? customTitle.title : titleOf()
  const viewKey = entry ? `${history.length}:${entry.view}` : undefined
  useEffect(() => {
    const before = shown.current
    shown.current = open ? { key: viewKey, title } : {}
    if (!open || before.key === undefined) return
    if (before.key !== viewKey) fadeIn(body.current, VIEW_TRANSITION_MS)
    if (before.title !== title) fadeIn(heading.current, HEADER_TEXT_MS)
  }, [open, viewKey, title])

  return (
    <ShellModal.Provider value={modal}>
      <div className="vb-root">
        <div className={shake ? 'vb-card vb-shake' : 'vb-card'} data-shake={shake ? '' : undefined} ref={card}>
          {/* Both sides of the title are as wide as the wider one (the close button and the actions): the title stays centred
            and is never drawn under a button, which keeps its 44 px. */}
          <header className="vb-header" style={{ '--vb-header-side': `${44 * (actions.length + 1)}px` } as CSSProperties}>
            {history.length > 1 ? (
              <button type="button" className="vb-icon-btn vb-back" aria-label={i18n.t('modal.back')} onClick={() => router.goBack()}>
                ‹
              </button>
            ) : (
              <span />
            )}
            <h2 id={HEADING_ID} className="vb-title" tabIndex={-1} ref={heading}>
              {title}
            </h2>
            <span className="vb-header-end">
              {actions.map((action) => (
                <button
                  key={action.id}
                  type="button"
                  className="vb-icon-btn"
                  aria-label={i18n.t(action.label)}
                  data-action={action.id}
                  onClick={() => action.view && router.push(action.view, action.data)}
                >
                  <SlotIcon icon={action.icon} label={i18n.t(action.label)} plain />
                </button>
              ))}
              <button type="button" className="vb-icon-btn" aria-label={i18n.t('modal.close')} onClick={() => modal.close()}>
                ×
              </button>
            </span>
          </header>
          <div className="vb-body" ref={body}>
            {entry && view.Component ? (
              <ViewBoundary
                resetKey={entry.view}
                fallback={(retry) => <ViewError text={i18n.t('view.unknown')} retryText={i18n.t('connecting.retry')} retry={retry} />}
              >
                <view.Component
                  key={history.length + entry.view}
                  ctx={viewContext(modal, views.get(entry.view)?.plugin)}
                  data={entry.data}
                  setTitle={(t) => setCustomTitle({ view: entry.view, title: t })}
                />
              </ViewBoundary>
            ) : entry && view.error ? (
              <ViewError text={i18n.t('view.unknown')} retryText={i18n.t('connecting.retry')} retry={view.retry} />
            ) : (
              <div className="vb-center">
                <div className="vb-spinner" aria-hidden="true" />
              </div>
            )}
          </div>
          <Alerts modal={modal} alerts={alerts} dismiss={i18n.t('modal.dismiss')} />
          <div
            className={`vb-snackbar vb-snackbar-${snackbar.variant}`}
            data-open={snackbar.open ? '' : undefined}
            aria-hidden={!snackbar.open}
            data-testid="snackbar"
          >
            {snackbar.variant === 'loading' && snackbar.open ? <span className="vb-spinner vb-spinner-sm" aria-hidden="true" /> : null}
            <span>{snackbar.message}</span>
          </div>
          <div className="vb-sr" role="status" aria-live="polite">
            {snackbar.open ? snackbar.message : null}
          </div>
          <div className="vb-sr" role="status" aria-live="polite">
            {live}
          </div>
        </div>
      </div>
    </ShellModal.Provider>
  )
}

function ViewError({ text, retryText, retry }: { text: string; retryText: string; retry?: () => void }) {
  return (
    <div className="vb-center">
      <p className="vb-error" role="alert">
        {text}
      </p>
      {retry ? (
        <button type="button" className="vb-btn" onClick={retry}>
          {retryText}
        </button>
      ) : null}
    </div>
  )
}
