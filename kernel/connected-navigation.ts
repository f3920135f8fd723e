import { Views, type ConnectedNavigation, type ConnectedNavigationDeps } from './navigation.js'

/**
 * Where the modal goes after a connection, a disconnect and a network switch; loaded with the connection's code
 * (nothing is connected before), so hosts pay for these rules after the click.
 */
export function createConnectedNavigation(deps: ConnectedNavigationDeps): ConnectedNavigation {
  const { router, views, state, afterConnect, navigation, isConnected, go } = deps
  const connection = () => deps.connection!()
  const rules: ConnectedNavigation = {
    connected(namespace) {
      const chain = state.$chains.get()[namespace]
      if (
        chain?.networkState.unsupportedCaipNetworkId &&
        !chain.networkState.caipNetwork &&
        navigation.showsUnsupported() &&
        views.has(Views.UnsupportedChain)
      ) {
        return router.reset(Views.UnsupportedChain, { namespace })
      }
      const account = chain?.accountState
      if (account?.address) {
        const caipNetworkId = chain?.networkState.caipNetwork?.caipNetworkId
        const next = afterConnect({ namespace, address: account.address, caipNetworkId }, (step) => Boolean(step && views.has(step.view)))
        if (next && views.has(next.view)) return router.reset(next.view, next.data)
      }
      go(Views.Account)
    },
    async connect(connectorId, namespace, asking) {
      await connection().connect(connectorId, namespace)
      // A connect that was cancelled meanwhile resolves without a connected account: nothing to show then.
      const connected = namespace ?? state.$activeNamespace.get()
      if (router.current === asking && connected && state.$chains.get()[connected]?.accountState.status === 'connected')
        rules.connected(connected)
    },
    async disconnect(namespace) {
      try {
        await connection().disconnect(namespace)
      } catch {
        // The local session is gone even when the wallet could not be told.
      }
      if (!isConnected()) go(Views.Connect)
      else if (router.current?.view !== Views.Account) go(Views.Account)
    },
    async switchNetwork(caipNetworkId) {
      await connection().switchNetwork(caipNetworkId)
      // A requested network's namespace is its id's first part.
      const target = caipNetworkId.split(':')[0]!
      if (state.$chains.get()[target]?.accountState.status !== 'connected' && views.has(Views.Connect))
        router.push(Views.Connect, { namespace: target })
    },
  }
  return rules
}
