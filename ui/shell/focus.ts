/**
 * Keyboard and focus rules of the modal dialog: arrow keys, Home and End move between a list's rows (roving
 * tabindex: a list is one Tab stop, its last focused row); Tab and Shift+Tab cycle through the dialog's controls,
 * from wherever focus is (the heading included), and never leave it; and focus that would fall to the page because
 * its control was disabled or removed under it moves on inside the dialog, as does focus that falls to the page when
 * a window over the modal (a wallet's prompt) closes.
 */

const focusable = (el: HTMLElement) => !el.matches(':disabled') && el.getClientRects().length > 0

/** The controls Tab reaches in `dialog`, in document order. */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (el) => el.tabIndex >= 0 && focusable(el) && !el.closest('[inert], [aria-hidden="true"]'),
  )
}

/** `el` comes before `other` in document order. */
const precedes = (el: Node, other: Node) => Boolean(el.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING)

/**
 * A list the arrow keys move through: a `.vb-list`, an ARIA list (the virtualised wallet list), or an element marked
 * `data-rows` whose lists' rows form one sequence (activity grouped by month).
 */
const LIST = '[data-rows], .vb-list, [role="list"]'
const ROW = 'li, [role="listitem"]'

/** The list a row belongs to. */
const listOf = (row: Element) => row.parentElement?.closest(LIST) ?? null

/**
 * Each row of `list` with what takes focus in it: its first enabled control, or the row itself when it holds no
 * control at all (a token or a transaction). A row whose controls are all disabled is skipped.
 */
function rowsOf(list: Element): { row: HTMLElement; target: HTMLElement }[] {
  const rows: { row: HTMLElement; target: HTMLElement }[] = []
  for (const row of list.querySelectorAll<HTMLElement>(ROW)) {
    if (listOf(row) !== list || row.getClientRects().length === 0) continue
    const controls = [...row.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea')]
    const target = controls.length ? controls.find(focusable) : row
    if (target) rows.push({ row, target })
  }
  return rows
}

/** The row of each list that Tab reaches (the last one focused): a list is one stop, the arrow keys move inside. */
const current = new WeakMap<Element, HTMLElement>()

/** Roving tabindex: in every list inside `within`, the current row's target is tabbable and the others are not. */
function settleLists(within: Element) {
  for (const list of within.querySelectorAll(LIST)) {
    if (list.parentElement?.closest(LIST)) continue
    const rows = rowsOf(list)
    const chosen = rows.find(({ target }) => target === current.get(list)) ?? rows[0]
    for (const { target } of rows) target.tabIndex = target === chosen?.target ? 0 : -1
  }
}

/** Up, Down, Home and End in a list (wallets, networks, tokens, activity …) move between its rows; true when handled. */
function moveInList(event: KeyboardEvent, active: HTMLElement | null): boolean {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return false
  const row = active?.closest(ROW)
  const list = row ? listOf(row) : null
  if (!list || active?.matches('input, textarea, select')) return true
  const rows = rowsOf(list)
  const at = rows.findIndex((r) => r.row === row)
  if (at < 0) return true
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? rows.length - 1
        : Math.min(rows.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)))
  event.preventDefault()
  current.set(list, rows[next]!.target)
  settleLists(list.parentElement ?? list)
  rows[next]?.target.focus()
  return true
}

/**
 * Tab from the last control (or from anything after it) goes to the first, Shift+Tab from the first (or from
 * anything before it, such as the focused heading) to the last: the browser would otherwise move to the page or
 * its own toolbar.
 */
function cycleTab(event: KeyboardEvent, dialog: HTMLElement, active: Element | null) {
  const controls = tabStops(dialog)
  if (!controls.length) return
  const inside = active && dialog.contains(active)
  if (event.shiftKey && (!inside || !controls.some((el) => precedes(el, active)))) {
    event.preventDefault()
    controls.at(-1)!.focus()
  } else if (!event.shiftKey && (!inside || !controls.some((el) => precedes(active, el)))) {
    event.preventDefault()
    controls[0]!.focus()
  }
}

/**
 * Adds the dialog's keyboard and focus rules; `embedded` (the modal inline in the page) lets Tab leave like any
 * other section. `fallback` is where focus goes when nothing after a lost control can take it (the heading).
 */
export function trapFocus(
  dialog: HTMLElement,
  shadow: ShadowRoot,
  options: { embedded: boolean; fallback(): HTMLElement | null },
): () => void {
  dialog.addEventListener('keydown', (event) => {
    const active = shadow.activeElement as HTMLElement | null
    if (moveInList(event, active)) return
    if (event.key !== 'Tab') return
    // Before the browser moves focus: each list is one stop.
    settleLists(dialog)
    if (!options.embedded) cycleTab(event, dialog, active)
  })
  // A row focused by any means (a click, a search result) is the one Tab comes back to.
  dialog.addEventListener('focusin', (event) => {
    const target = event.target as HTMLElement
    const row = target.closest?.(ROW)
    const list = row && listOf(row)
    if (list && rowsOf(list).some((r) => r.target === target)) current.set(list, target)
  })
  // A control disabled or removed while focused (a form that locks its fields once submitted) drops focus to the
  // page: it moves on to the next control after it, else to the fallback.
  dialog.addEventListener('focusout', (event) => {
    const lost = event.target as HTMLElement
    if (event.relatedTarget) return
    setTimeout(() => {
      if (!dialog.isConnected || !(dialog as HTMLDialogElement).open || shadow.activeElement) return
      if (lost.isConnected && focusable(lost)) return
      const next = lost.isConnected ? tabStops(dialog).find((el) => precedes(lost, el)) : undefined
      ;(next ?? options.fallback())?.focus()
    })
  })
  // A window of its own over the modal (a browser wallet's prompt in the top layer) takes focus; when it closes the
  // browser hands focus back to the control that had it, which is gone or disabled by then (the Send button of a
  // send under way), so focus falls to the page. While the modal is open it comes back to the dialog instead.
  const doc = dialog.ownerDocument
  const regain = (event: FocusEvent) => {
    if (options.embedded || event.relatedTarget) return
    setTimeout(() => {
      if (!dialog.isConnected || !(dialog as HTMLDialogElement).open) return
      if (doc.activeElement && doc.activeElement !== doc.body) return
      options.fallback()?.focus()
    })
  }
  doc.addEventListener('focusout', regain)
  return () => doc.removeEventListener('focusout', regain)
}
