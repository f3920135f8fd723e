import { atom, type ReadableAtom } from 'nanostores'
import type { ModalState } from './state.js'
import type { MapStore } from 'nanostores'

/** Timing constants of the modal's feedback. */
export const SHAKE_MS = 500
export const SNACKBAR_SWAP_MS = 150
/** A success or error snackbar hides itself after this long; a loading one stays until it is replaced or hidden. */
export const SNACKBAR_HIDE_MS = 2500
/** An alert (an error shown with its ×) dismisses itself after this long, unless the pointer or focus is on it. */
export const ALERT_HIDE_MS = 8000

export type SnackbarVariant = 'success' | 'error' | 'loading'
export interface SnackbarState {
  open: boolean
  variant: SnackbarVariant
  message: string
}

export interface Alert {
  id: string
  message: string
}

/** Shake, snackbar and alerts of one modal. */
export interface Feedback {
  readonly $snackbar: ReadableAtom<SnackbarState>
  readonly $alerts: ReadableAtom<readonly Alert[]>
  /** Shakes the modal for 500 ms (a wrong input, a refused close). */
  shake(): void
  /** Shows a snackbar; replacing an open one hides it first and shows the new one 150 ms later. */
  showSnackbar(variant: SnackbarVariant, message: string): void
  hideSnackbar(): void
  /** Shows an alert in the modal and logs it once per id, however often it is raised. */
  alert(id: string, message: string): void
  dismissAlert(id: string): void
  /** Holds an alert while the pointer or focus is on it (`held`), then gives it its full time again. */
  holdAlert(id: string, held: boolean): void
  dispose(): void
}

export function createFeedback(modal: MapStore<ModalState>, log: (message: string) => void = (m) => console.warn(m)): Feedback {
  const $snackbar = atom<SnackbarState>({ open: false, variant: 'success', message: '' })
  const $alerts = atom<readonly Alert[]>([])
  const logged = new Set<string>()
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  let swapTimer: ReturnType<typeof setTimeout> | undefined
  let hideTimer: ReturnType<typeof setTimeout> | undefined
  const alertTimers = new Map<string, ReturnType<typeof setTimeout>>()
  const dismissAlert = (id: string) => {
    clearTimeout(alertTimers.get(id))
    alertTimers.delete(id)
    $alerts.set($alerts.get().filter((a) => a.id !== id))
  }
  const timeAlert = (id: string) => {
    clearTimeout(alertTimers.get(id))
    alertTimers.set(
      id,
      setTimeout(() => dismissAlert(id), ALERT_HIDE_MS),
    )
  }
  const show = (next: SnackbarState) => {
    $snackbar.set(next)
    clearTimeout(hideTimer)
    if (next.variant !== 'loading') hideTimer = setTimeout(() => $snackbar.set({ ...$snackbar.get(), open: false }), SNACKBAR_HIDE_MS)
  }

  return {
    $snackbar,
    $alerts,
    shake() {
      clearTimeout(shakeTimer)
      modal.setKey('shake', true)
      shakeTimer = setTimeout(() => modal.setKey('shake', false), SHAKE_MS)
    },
    showSnackbar(variant, message) {
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
      const next = { open: true, variant, message }
      if (!$snackbar.get().open) {
        show(next)
        return
      }
      $snackbar.set({ ...$snackbar.get(), open: false })
      swapTimer = setTimeout(() => show(next), SNACKBAR_SWAP_MS)
    },
    hideSnackbar() {
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
      $snackbar.set({ ...$snackbar.get(), open: false })
    },
    alert(id, message) {
      if (!$alerts.get().some((a) => a.id === id)) $alerts.set([...$alerts.get(), { id, message }])
      timeAlert(id)
      if (!logged.has(id)) {
        logged.add(id)
        log(`[vestibule] ${message}`)
      }
    },
    dismissAlert,
    holdAlert(id, held) {
      if (!$alerts.get().some((a) => a.id === id)) return
      if (held) {
        clearTimeout(alertTimers.get(id))
        alertTimers.delete(id)
      } else timeAlert(id)
    },
    dispose() {
      clearTimeout(shakeTimer)
      clearTimeout(swapTimer)
      clearTimeout(hideTimer)
      alertTimers.forEach((timer) => clearTimeout(timer))
      alertTimers.clear()
    },
  }
}
