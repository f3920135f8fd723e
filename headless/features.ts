/**
 * Feature flows without a view: a feature plugin whose view renders a framework-free controller hands the same
 * controller out from its API (`createController()`), created on demand. Send and swap do; a plugin of the same
 * shape is reached the same way by its name.
 */
import type { ReadableAtom } from 'nanostores'
import { VestibuleError, type Modal } from 'vestibule/kernel'
import type { SendController } from 'vestibule/plugins/send'
import type { SwapController } from 'vestibule/plugins/swap'
import { pluginApi } from './modal.js'

export type { SendController, SwapController }

/** What a feature controller offers a host: state to render and `start()`, called while the host shows it. */
export interface FeatureController {
  readonly $view: ReadableAtom<unknown>
  readonly $form: ReadableAtom<unknown>
  /** Follows the chain and the account while the host shows the flow; returns the stop. */
  start(): () => void
}

/**
 * The controller of feature plugin `name` (its API's `createController()`), a new one per call. Throws
 * MISSING_PLUGIN when the host did not register it, NOT_SUPPORTED when its API hands out no controller.
 */
export async function featureController<C extends FeatureController = FeatureController>(modal: Modal, name: string): Promise<C> {
  const api = pluginApi<{ createController?: unknown }>(modal, name)
  if (!api) throw new VestibuleError('MISSING_PLUGIN', `No "${name}" plugin is registered`)
  if (typeof api.createController !== 'function') throw new VestibuleError('NOT_SUPPORTED', `The "${name}" plugin hands out no controller`)
  return (await (api.createController as () => Promise<C>)()) as C
}

/**
 * A send flow of `modal`: render its `$view` and `$form`, forward input to `selectToken`, `setAmount`,
 * `setReceiver`, `review` and `confirm`, and call `start()` while the form is shown (it returns the stop).
 * Throws when the host did not register the send plugin.
 */
export function createSend(modal: Modal): Promise<SendController> {
  return featureController<SendController>(modal, 'send')
}

/**
 * A swap flow of `modal`: render its `$view` (tokens, the quote, whether it can be reviewed) and `$form`, forward
 * input to `openPicker` + `pick`, `setAmount`, `flip`, `review` and `confirm` (the approve when the allowance is
 * short, then the swap), and call `start()` while the form is shown (it loads the tokens; it returns the stop).
 * Throws when the host did not register the swap plugin.
 */
export function createSwap(modal: Modal): Promise<SwapController> {
  return featureController<SwapController>(modal, 'swap')
}
