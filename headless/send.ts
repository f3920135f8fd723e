/**
 * The send flow without a view: the send plugin's controller (the one its view renders), created on demand.
 */
import { VestibuleError, type Modal } from '../kernel/index.js'
import type { SendApi, SendController } from 'vestibule/plugins/send'
import { pluginApi } from './modal.js'

/**
 * A send flow of `modal`: render its `$view` and `$form`, forward input to `selectToken`, `setAmount`,
 * `setReceiver`, `review` and `confirm`, and call `start()` while the form is shown (it returns the stop).
 * Throws when the host did not register the send plugin.
 */
export async function createSend(modal: Modal): Promise<SendController> {
  const api = pluginApi<SendApi>(modal, 'send')
  if (!api) throw new VestibuleError('MISSING_PLUGIN', 'A send flow needs the send() plugin')
  return api.createController()
}
