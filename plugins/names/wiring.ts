/** The registration controller's dependencies, from the plugin's context: the account, the API, the wallet, the router. */
import { Capabilities, type PluginContext } from 'vestibule/kernel'
import { createRegisterController, type RegisterController } from './controller.js'

/** `eligible`: whether the active account may register (see `eligibleAccount`). */
export function wireController(ctx: PluginContext, zone: string, eligible: () => boolean): RegisterController {
  const names = ctx.services.lazy(Capabilities.Names)
  const snapshot = () => ctx.state.$snapshot.get()
  return createRegisterController({
    zone,
    account() {
      const { address, caipNetwork } = snapshot()
      return eligible() && address && caipNetwork ? { address, chainId: Number(caipNetwork.id) } : undefined
    },
    suggestions: (label) =>
      ctx.blockchainApi.get<unknown>(snapshot().caipNetworkId, `v1/profile/suggestions/${encodeURIComponent(label)}`, null, {
        query: { zone },
      }),
    signMessage: (message) => ctx.connection.signMessage(message),
    post: (body) => ctx.blockchainApi.post<unknown>(snapshot().caipNetworkId, 'v1/profile/account', body, null),
    registered(address, name) {
      // Shown at once on the account that registered it; the names capability then reads it again.
      if (ctx.connection.account('eip155')?.address.toLowerCase() === address.toLowerCase())
        ctx.connection.setAccountFields('eip155', { profileName: name })
      names.get()?.forget?.(address, name)
    },
    succeeded(name) {
      if (ctx.router.current?.view === 'RegisterAccountName') ctx.router.replace('RegisterAccountNameSuccess', { name })
    },
  })
}
