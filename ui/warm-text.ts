/**
 * The first layout of the modal's text asks the system for every face and size it uses (a few ms each on a cold
 * page). When the first open has to download the shell (no preload), that wait is spent laying out one hidden
 * line per face and size instead, so the lookups are done when the code arrives. The list follows the shell's
 * stylesheet for its first views (Connect, Account); the base size and family follow the host's theme variables.
 */
import type { Modal } from '../kernel/index.js'
import { kernelOf } from '../kernel/kernel-of.js'

/** The shell's own font stack, used when the host sets no `--vb-font-family`. */
export const FONT_FAMILY = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'
/** Base size of the shell's text, used when the host sets no `--vb-font-size`. */
export const FONT_SIZE = '15px'

/**
 * Weight and size of each text face the first views use (`base`: the theme's base size), Connect's first: rows,
 * title, hints, then Account's.
 */
export const TEXT_FACES: ReadonlyArray<readonly [weight: number, size: string]> = [
  [400, 'base'],
  [500, 'base'],
  [700, 'base'],
  [600, '16px'],
  [400, '12px'],
  [400, '20px'],
  [400, '14px'],
  [600, 'base'],
  [400, '13px'],
  [600, '18px'],
  [700, '28px'],
]

/**
 * Lays out the faces from `from` on, one per task so that the shell's code is evaluated as soon as it arrives,
 * until `done()` says the shell no longer needs it. Each line is hidden and inert, added and removed within its task.
 */
export function warmText(modal: Modal, done: () => boolean, from = 0): void {
  const face = TEXT_FACES[from]
  if (!face || done() || typeof document === 'undefined' || !document.body) return
  const { variables } = kernelOf(modal).$theme.get()
  const line = document.createElement('div')
  line.style.font = `${face[0]} ${face[1] === 'base' ? (variables['--vb-font-size'] ?? FONT_SIZE) : face[1]} ${variables['--vb-font-family'] ?? FONT_FAMILY}`
  line.textContent = 'Wallet 0x12'
  layOutHidden(line)
  setTimeout(() => warmText(modal, done, from + 1))
}

/**
 * Adds `element` to the page where it cannot be seen or reached (fixed, hidden, inert, aria-hidden), lays it out
 * by reading the size of `measured` (an element inside it, when its own size does not depend on its content) and
 * removes it, all within the caller's task.
 */
export function layOutHidden(element: HTMLElement, measured: HTMLElement = element): void {
  element.setAttribute('aria-hidden', 'true')
  element.inert = true
  element.style.position = 'fixed'
  element.style.visibility = 'hidden'
  document.body.append(element)
  try {
    void measured.offsetHeight
  } finally {
    element.remove()
  }
}
