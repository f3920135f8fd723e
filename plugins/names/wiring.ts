/** The registration controller's dependencies, from the plugin's context: the account, the API, the wallet, the router. */
import { Capabilities, type PluginContext } from 'vestibule/kernel'
import { createRegisterController, type RegisterController } from './controller.js'
import { eligibleAccount } from './rules.js'

export function wireController(ctx: PluginContext, zone: string): RegisterController {
  const names = ctx.services.lazy(Capabilities.Names)
  const active = () => {
    const { namespace, caipNetwork } = ctx.state.$snapshot.get()
    const account = namespace ? ctx.state.$chains.get()[namespace]?.accountState : undefined
    const facts = { ...account, namespace: caipNetwork?.chainNamespace, chainId: caipNetwork?.id }
    return eligibleAccount(facts) && caipNetwork ? { account: account!, network: caipNetwork } : undefined
  }
  return createRegisterController({
    zone,
    account() {
      const found = active()
      return found && { address: found.account.address!, chainId: Number(found.network.id) }
    },
    suggestions: (label) =>
      ctx.blockchainApi.get<unknown>(ctx.state.$snapshot.get().caipNetworkId, `v1/profile/suggestions/${encodeURIComponent(label)}`, null, { query: { zone } }),
    signMessage: (message) => ctx.connection.signMessage(message),
    post: (body) => ctx.blockchainApi.post<unknown>(ctx.state.$snapshot.get().caipNetworkId, 'v1/profile/account', body, null),
    registered(address, name) {
      const found = active()
      if (found?.account.address?.toLowerCase() === address.toLowerCase()) ctx.connection.setAccountFields('eip155', { profileName: name })
      names.get()?.forget?.(address, name)
    },
    succeeded(name) {
      if (ctx.router.current?.view === 'RegisterAccountName') ctx.router.replace('RegisterAccountNameSuccess', { name })
    },
  })
}
