/** The send controller's dependencies, read from the view's context: the active chain, the services, the wallet. */
import { Capabilities, type PluginConnection, type ViewContext } from 'vestibule/kernel'
import { accountWithBalances } from 'vestibule/utils'
import type { SendDeps } from './controller.js'
import { fetchGasPrice } from './gas.js'
import type { SendApi } from './index.js'

/** What the controller is wired from: a view's context, or the plugin's own (the headless controller). */
export type SendWiring = Pick<ViewContext, 'state' | 'services' | 'blockchainApi' | 'events' | 'feedback' | 'i18n'> & {
  chains: Pick<ViewContext['chains'], 'get' | 'findConnector'>
  connection: Pick<PluginConnection, 'sendNative'>
}

export function viewSendDeps(k: SendWiring, api?: SendApi): SendDeps {
  return {
    ...accountWithBalances(k),
    names: k.services.get(Capabilities.Names),
    gasPrice: (network) => fetchGasPrice(k.blockchainApi, network),
    sendNative: (params) => k.connection.sendNative(params),
    emit: (event, payload) => k.events.emit(event, payload as never),
    notify: (variant, key) => k.feedback.showSnackbar(variant, k.i18n.t(key)),
    $send: api?.$send,
  }
}
