import { startTransition } from 'react'
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { Modal } from '../../kernel/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'
import { resolveContainer } from '../../kernel/container-option.js'
import { HEADING_ID, ShellApp } from './App.js'
import { trapFocus } from './focus.js'
import { shellMessages } from './messages.js'
import { styles } from './styles.js'
import { addStyleSheet, setStyleNonce } from './style-sheets.js'
import { layOutHidden } from '../warm-text.js'
import type { Shell } from '../../kernel/kernel.js'

type Part = [tag: string, className: string, ...children: (Part | string)[]]

/** Text in each face and size the shell's views use, laid out once by warmUp. */
const SAMPLE: Part = [
  'div',
  'vb-root',
  [
    'div',
    'vb-card',
    ['header', 'vb-header', ['button', 'vb-icon-btn', '‹'], ['h2', 'vb-title', 'Connect Wallet'], ['button', 'vb-icon-btn', '×']],
    [
      'ul',
      'vb-list',
      [
        'li',
        '',
        [
          'button',
          'vb-item',
          ['span', 'vb-avatar', 'W'],
          ['span', 'vb-item-text', ['span', 'vb-item-name', 'Wallet 0x12'], ['span', 'vb-item-hint', 'Installed']],
          ['span', 'vb-tag', 'Recent'],
          '›',
        ],
      ],
    ],
    ['p', 'vb-muted', 'Looking for wallets…'],
    ['p', 'vb-strong', 'No wallet'],
    ['p', 'vb-error', 'Declined'],
    ['button', 'vb-btn', 'Try again'],
    ['p', 'vb-legal', 'Terms · Privacy'],
    ['span', 'vb-label', 'Network'],
  ],
]

/** Builds `part` element by element: no HTML string, which a page requiring Trusted Types refuses. */
function build([tag, className, ...children]: Part): HTMLElement {
  const element = document.createElement(tag)
  if (className) element.className = className
  element.append(...children.map((child) => (typeof child === 'string' ? child : build(child))))
  return element
}

/**
 * Lays out a hidden sample of the shell's text once, ahead of the first open (`modal.preload()`): a browser's
 * first use of a font family, and of each of its sizes and weights, costs several milliseconds that the first
 * open would otherwise spend, and the shell's stylesheet is parsed ahead. The sample takes no room and cannot be
 * seen or reached (fixed, hidden, strictly contained, inert, aria-hidden); it leaves the page in the task that
 * added it.
 */
export function warmUp(modal: Modal) {
  if (!document.body) return
  const sample = document.createElement('div')
  sample.style.cssText = 'top:0;left:0;width:360px;height:0;overflow:hidden;contain:strict;pointer-events:none'
  // The host's theme variables (a font family among them) apply as they will to the modal.
  for (const [name, value] of Object.entries(kernelOf(modal).$theme.get().variables)) sample.style.setProperty(name, value)
  const shadow = sample.attachShadow({ mode: 'open' })
  setStyleNonce(shadow, kernelOf(modal).options.cspNonce)
  addStyleSheet(shadow, styles)
  shadow.append(build(SAMPLE))
  // A size read inside the sample lays it out now, fonts included.
  layOutHidden(sample, shadow.lastElementChild as HTMLElement)
}

/**
 * The shell's translations, loaded on first use. Declared here, not inside a function: the modal's texts keep
 * their loaders, and a loader made inside mountShell would keep that function's elements (the dialog, the React
 * root) alive with them.
 */
const shellTranslations = () => import('./locales/index.js')

/**
 * Renders the modal: a host element with a shadow root (host CSS resets cannot reach in) holding a
 * native <dialog> opened with showModal() (top layer, inert page, Escape for free). Embedded
 * (`enableEmbedded`), the dialog is shown in place inside its container instead: part of the page, no backdrop,
 * the page stays usable and Tab moves on past it.
 */
export function mountShell(modal: Modal): Shell {
  kernelOf(modal).i18n.add(shellMessages, shellTranslations)
  // A selector matching nothing rejects the open() that mounts the shell, naming it.
  const parent = resolveContainer(kernelOf(modal).options.container) ?? document.body
  const host = document.createElement('div')
  host.setAttribute('data-vestibule', '')
  // Tokens live on the host element, so theme variables set here or by the page's own CSS reach every part.
  // The theme follows setThemeMode / setThemeVariables while the modal lives.
  let applied: readonly string[] = []
  // 'system' follows the operating system's colour scheme, live, while the theme says so.
  const scheme = typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: light)') : undefined
  const showMode = () => {
    const mode = kernelOf(modal).$theme.get().mode
    host.setAttribute('data-theme', mode === 'system' ? (scheme?.matches ? 'light' : 'dark') : mode)
  }
  scheme?.addEventListener('change', showMode)
  const unwatchTheme = kernelOf(modal).$theme.subscribe(({ variables }) => {
    showMode()
    for (const name of applied) if (!(name in variables)) host.style.removeProperty(name)
    for (const [name, value] of Object.entries(variables)) host.style.setProperty(name, value)
    applied = Object.keys(variables)
  })
  const shadow = host.attachShadow({ mode: 'open' })
  setStyleNonce(shadow, kernelOf(modal).options.cspNonce)
  addStyleSheet(shadow, styles)
  const dialog = document.createElement('dialog')
  dialog.className = 'vb-dialog'
  const embedded = kernelOf(modal).options.enableEmbedded === true
  if (embedded) dialog.setAttribute('data-embedded', '')
  dialog.setAttribute('aria-labelledby', HEADING_ID)
  // The texts' language and its writing direction: Arabic lays the whole modal out right to left.
  const showLanguage = () => {
    dialog.setAttribute('lang', kernelOf(modal).i18n.locale)
    dialog.setAttribute('dir', kernelOf(modal).i18n.dir)
  }
  showLanguage()
  const unwatchLanguage = kernelOf(modal).i18n.subscribe(showLanguage)
  shadow.append(dialog)
  parent.append(host)

  let opener: Element | null = null
  // Escape: keep the kernel the single owner of "open" instead of letting the dialog close itself.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault()
    modal.close()
  })
  // The dialog box has no padding, so a click whose target is the dialog itself landed on the backdrop.
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog) modal.close()
  })

  const untrapFocus = trapFocus(dialog, shadow, { embedded, fallback: () => shadow.getElementById(HEADING_ID) })

  const root = createRoot(dialog)
  // The first frame is drawn before the dialog shows (the first view's code is here already): the list appears
  // in the frame after the click rather than a scheduler task later.
  // Its cost is a user timing ("vestibule:first-render") a host's performance monitoring can read.
  const started = performance.now()
  flushSync(() => root.render(<ShellApp modal={modal} cache={new Map()} />))
  try {
    performance.measure('vestibule:first-render', { start: started })
  } catch {
    // A browser without user timing options: nothing to record.
  }

  return {
    show() {
      if (dialog.open) return
      if (embedded) return dialog.show()
      opener = document.activeElement
      dialog.showModal()
    },
    hide() {
      if (dialog.open) dialog.close()
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
      opener = null
    },
    destroy() {
      unwatchTheme()
      unwatchLanguage()
      untrapFocus()
      scheme?.removeEventListener('change', showMode)
      // Destroyed while open: focus goes back where it was, as on close.
      if (dialog.open) this.hide()
      root.unmount()
      host.remove()
    },
  }
}

const never = new Promise<never>(() => {})

/** The last element of a rehearsal: reached once everything before it has rendered, then it never finishes. */
function End({ reached }: { reached: () => void }): null {
  reached()
  // A thrown promise suspends on React 18 and 19 alike (`use` is React 19's).
  throw never
}

/**
 * Renders the view the first open shows (`view`, in the shell's frame) once before that open, and throws the
 * result away: the browser compiles the code that open runs, which leaves the click about half the work. Nothing
 * shows and nothing starts: the elements belong to a document without a window (no style, layout or image load),
 * and the render is a transition that never commits (its last element suspends for good), so no effect runs and
 * no plugin starts I/O. As a transition it hands the main thread back every few milliseconds; an open stops it.
 * Resolves once thrown away.
 */
export function rehearse(modal: Modal, view: string): Promise<void> {
  kernelOf(modal).i18n.add(shellMessages, shellTranslations)
  return new Promise((resolve) => {
    let ended = false
    // An open that comes first (a click right after the intent signal) discards the work in progress; without this
    // the rehearsal would start over once the open has rendered.
    const offOpen = kernelOf(modal).state.$modal.listen(({ open }) => open && done())
    const done = () => {
      if (ended) return
      ended = true
      offOpen()
      // Not from inside the render that reached the end: React unmounts a root only outside its work.
      setTimeout(() => {
        root.unmount()
        resolve()
      })
    }
    // A view that throws ends its rehearsal early; its real render shows the error state.
    const root = createRoot(document.implementation.createHTMLDocument('').createElement('div'), {
      onUncaughtError: done,
      onCaughtError() {},
      onRecoverableError() {},
    })
    startTransition(() =>
      root.render(
        <>
          <ShellApp modal={modal} cache={new Map()} rehearsal={{ view }} />
          <End reached={done} />
        </>,
      ),
    )
  })
}
