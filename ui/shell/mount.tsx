import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { type Modal, type Shell } from '../../kernel/index.js'
import { resolveContainer } from '../../kernel/container-option.js'
import { HEADING_ID, ShellApp } from './App.js'
import { shellMessages } from './messages.js'
import { FONT_FAMILY, styles } from './styles.js'

/**
 * Looks the modal's fonts up ahead of the first open, off the page (a canvas outside the document): the browser's
 * first lookup of a font family can take several milliseconds, which the first open would otherwise spend.
 */
export function warmFonts() {
  try {
    const context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null
    for (const weight of context ? [400, 500, 600] : []) {
      context!.font = `${weight} 15px ${FONT_FAMILY}`
      context!.measureText('Wallet')
    }
  } catch {
    // A browser that refuses canvas text (a privacy setting) looks the fonts up on the first open instead.
  }
}

/**
 * Renders the modal: a host element with a shadow root (host CSS resets cannot reach in) holding a
 * native <dialog> opened with showModal() (top layer, inert page, Escape for free). Embedded
 * (`enableEmbedded`), the dialog is shown in place inside its container instead: part of the page, no backdrop,
 * the page stays usable and Tab moves on past it.
 */
export function mountShell(modal: Modal): Shell {
  modal.kernel.i18n.add(shellMessages)
  // A selector matching nothing rejects the open() that mounts the shell, naming it.
  const parent = resolveContainer(modal.kernel.options.container) ?? document.body
  const host = document.createElement('div')
  host.setAttribute('data-vestibule', '')
  // Tokens live on the host element, so theme variables set here or by the page's own CSS reach every part.
  // The theme follows setThemeMode / setThemeVariables while the modal lives.
  let applied: readonly string[] = []
  const unwatchTheme = modal.kernel.$theme.subscribe(({ mode, variables }) => {
    host.setAttribute('data-theme', mode)
    for (const name of applied) if (!(name in variables)) host.style.removeProperty(name)
    for (const [name, value] of Object.entries(variables)) host.style.setProperty(name, value)
    applied = Object.keys(variables)
  })
  const shadow = host.attachShadow({ mode: 'open' })
  const style = document.createElement('style')
  style.textContent = styles
  const dialog = document.createElement('dialog')
  dialog.className = 'vb-dialog'
  const embedded = modal.kernel.options.enableEmbedded === true
  if (embedded) dialog.setAttribute('data-embedded', '')
  dialog.setAttribute('aria-labelledby', HEADING_ID)
  shadow.append(style, dialog)
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

  // Tab and Shift+Tab cycle through the dialog's controls: the browser would otherwise move past the last one to
  // its own toolbar.
  dialog.addEventListener('keydown', (event) => {
    // In a list (wallets, networks, tokens …) the arrow keys move between its rows, Home and End to either end.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp' || event.key === 'Home' || event.key === 'End') {
      const active = shadow.activeElement as HTMLElement | null
      const list = active?.closest('.vb-list')
      if (!list || active?.matches('input, textarea, select')) return
      const rows = [...list.querySelectorAll<HTMLElement>('button, a[href]')].filter((el) => !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0)
      const at = rows.indexOf(active!)
      if (at < 0) return
      const next = event.key === 'Home' ? 0 : event.key === 'End' ? rows.length - 1 : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))
      event.preventDefault()
      rows[next]?.focus()
      return
    }
    // Inline, the modal is one part of the page: Tab leaves it like any other section.
    if (event.key !== 'Tab' || embedded) return
    const controls = [...dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
      (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0 && !el.closest('[inert], [aria-hidden="true"]'),
    )
    if (!controls.length) return
    const first = controls[0]!
    const last = controls.at(-1)!
    const active = shadow.activeElement
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault()
      first.focus()
    }
  })

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
      // Destroyed while open: focus goes back where it was, as on close.
      if (dialog.open) this.hide()
      root.unmount()
      host.remove()
    },
  }
}
