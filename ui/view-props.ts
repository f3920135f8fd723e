import type { Modal } from '../kernel/index.js'

/** Props the shell passes to every view component, the plugin's own and the built-in ones. */
export interface ViewProps<Data = unknown> {
  modal: Modal
  data: Data
  /** Replaces the header title while this view is shown. */
  setTitle(title: string): void
}
