import { Component, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useViewContext } from './view-context.js'
import { loadedModule } from '../../kernel/index.js'
import { addStyleSheet } from './style-sheets.js'
import type { LoadComponent, SlotEntry } from '../../kernel/views.js'

const added = new WeakMap<Node, Set<string>>()

/** Adds a plugin module's `styles` to the shadow root (or document) `node` lives in, once per root. */
export function adoptStyles(node: Node | null, css: string | undefined) {
  if (!node || !css) return
  const root = node.getRootNode() as ShadowRoot | Document
  const seen = added.get(root) ?? new Set<string>()
  if (seen.has(css)) return
  seen.add(css)
  added.set(root, seen)
  addStyleSheet(root, css)
}

type Loaded = { Component?: ComponentType<any>; styles?: string; error?: unknown }
const modules = new WeakMap<LoadComponent, Loaded>()

/** A loaded UI module's component (its default export) and styles; throws when it has no component. */
export function moduleParts(
  module: { default: unknown; styles?: string } | undefined,
  what = 'The module',
): { Component: ComponentType<any>; styles?: string } {
  const Component = module?.default as ComponentType<any>
  if (typeof Component !== 'function' && typeof Component !== 'object') throw new Error(`${what} has no default export`)
  return { Component, styles: typeof module!.styles === 'string' ? module!.styles : undefined }
}

/** Checks a loaded module and remembers its component and styles for `load`. */
function remember(load: LoadComponent, module: { default: unknown; styles?: string } | undefined): Loaded {
  const loaded = moduleParts(module)
  modules.set(load, loaded)
  return loaded
}

/** A module a registered `load` already resolved to (fetched ahead): rendered at once, without a loading frame. */
function settledModule(load: LoadComponent): Loaded | undefined {
  const module = loadedModule(load)
  if (!module) return undefined
  try {
    return remember(load, module)
  } catch {
    return undefined
  }
}

/** The default export (and styles) of a lazily loaded module; a failed load can be retried. */
export function useLazyModule(load: LoadComponent | undefined): Loaded & { retry(): void } {
  const [, render] = useState(0)
  const [attempt, setAttempt] = useState(0)
  const known = load ? (modules.get(load) ?? settledModule(load)) : undefined
  useEffect(() => {
    if (!load || (known && !known.error)) return
    let live = true
    Promise.resolve()
      .then(load)
      .then((module) => void remember(load, module))
      .catch((error: unknown) => modules.set(load, { error }))
      .finally(() => live && render((n) => n + 1))
    return () => {
      live = false
    }
  }, [load, attempt])
  return { ...(known ?? {}), retry: () => (load && modules.delete(load), setAttempt((a) => a + 1)) }
}

/** Keeps a throwing plugin component from taking the modal down: `fallback` shows instead, with a retry. */
export class Boundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode; resetKey?: string },
  { failed: boolean }
> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.error('[vestibule] a view failed to render', error)
  }
  override componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false })
  }
  override render() {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}

/** Renders the component a slot entry loads, with its styles, a loading state and an error state. */
export function Lazy({
  load,
  props,
  errorText,
  retryText,
}: {
  load: LoadComponent
  props: Record<string, unknown>
  errorText: string
  retryText: string
}) {
  const anchor = useRef<HTMLDivElement>(null)
  const loaded = useLazyModule(load)
  useEffect(() => adoptStyles(anchor.current, loaded.styles), [loaded.styles])
  const error = (retry: () => void) => (
    <div className="vb-center">
      <p className="vb-error" role="alert">
        {errorText}
      </p>
      <button type="button" className="vb-btn" onClick={retry}>
        {retryText}
      </button>
    </div>
  )
  return (
    <div ref={anchor} className="vb-slot">
      {loaded.Component ? (
        <Boundary fallback={error}>
          <loaded.Component {...props} />
        </Boundary>
      ) : loaded.error ? (
        error(loaded.retry)
      ) : (
        <div className="vb-center" aria-busy="true">
          <div className="vb-spinner" aria-hidden="true" />
        </div>
      )}
    </div>
  )
}

/** A slot entry's component (an account tab, a connect method), drawn with the context of the plugin that added it. */
export function SlotComponent({
  entry,
  load,
  errorText,
  retryText,
}: {
  entry: SlotEntry
  load: LoadComponent
  errorText: string
  retryText: string
}) {
  const ctx = useViewContext(entry.plugin)
  return <Lazy load={load} props={{ ctx, entry }} errorText={errorText} retryText={retryText} />
}
