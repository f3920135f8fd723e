import type { CaipNetworkId, ChainNamespace } from './caip.js'
import { CAIP_NETWORK_ID_PATTERN, parseCaipNetworkId } from './caip.js'
import type { ConnectionCore, NetworkRules } from './connection-rules.js'
import { ErrorText, VestibuleError, isUserRejection } from './errors.js'
import type { ChainState } from './state.js'

/** Waits before the reads that follow a send whose first read still showed the balance from before it. */
export const AFTER_SEND_REREAD_MS = [2000, 6000] as const

/** The connected account of the active namespace on a requested network, or the error a wallet call gives without one. */
function activeAccount({ state, chainState }: ConnectionCore, action: string) {
  const ns = state.$activeNamespace.get()
  const current = ns ? chainState(ns) : undefined
  const network = current?.networkState.caipNetwork
  const address = current?.accountState.address
  if (!ns || !address || current.accountState.status !== 'connected')
    throw new VestibuleError('NOT_CONNECTED', `Connect a wallet before ${action}`)
  if (!network) throw new VestibuleError('NOT_SUPPORTED', ErrorText.chainNotSupported)
  return { ns, current, network, address }
}

/** What the wallet is asked through its chain adapter: sign, send, switch or drop a network. */
export function createWalletCalls(core: ConnectionCore, networks: NetworkRules) {
  const { chains, state, events, alert, chainState, update, adapterOf, refreshBalance } = core

  /**
   * After a send the balance is read at once; a node may answer that read before it applied the transaction, so
   * while the balance still reads what it was before the send, it is read again 2 s and then 6 s later (the same
   * account on the same network only).
   */
  async function refreshAfterSend(namespace: ChainNamespace, before: bigint | undefined) {
    const at = (s: ChainState) => `${s.accountState.status} ${s.accountState.address} ${s.networkState.caipNetwork?.caipNetworkId}`
    const sent = at(chainState(namespace))
    await refreshBalance(namespace, { force: true })
    for (const wait of AFTER_SEND_REREAD_MS) {
      if (chainState(namespace).accountState.balanceValue !== before || at(chainState(namespace)) !== sent) return
      await new Promise((resolve) => setTimeout(resolve, wait))
      if (at(chainState(namespace)) !== sent) return
      await refreshBalance(namespace, { force: true })
    }
  }

  // Whoever sends (the native send here, a token send in a plugin) emits `transaction`: every transaction of the
  // account on its active network makes the native balance (the header's) read again, the one source for both.
  events.on('transaction', ({ namespace, caipNetworkId }) => {
    const current = chainState(namespace)
    if (current.accountState.status !== 'connected' || current.networkState.caipNetwork?.caipNetworkId !== caipNetworkId) return
    void refreshAfterSend(namespace, current.accountState.balanceValue).catch(() => {})
  })

  return {
    async removeNetwork(caipNetworkId: CaipNetworkId) {
      const network = networks.findNetwork(caipNetworkId)
      if (!network) return
      const ns = network.chainNamespace
      const remaining = networks.requested(ns).filter((n) => n.caipNetworkId !== caipNetworkId)
      update(ns, { network: { requestedCaipNetworks: remaining } })
      if (chainState(ns).networkState.caipNetwork?.caipNetworkId !== caipNetworkId) return
      const next = remaining[0]
      if (!next) {
        update(ns, { network: { caipNetwork: undefined } })
        return
      }
      if (chainState(ns).accountState.status === 'connected') await adapterOf(ns).switchNetwork(next)
      networks.setNetwork(ns, next.caipNetworkId, 'removal')
      void refreshBalance(ns)
    },
    async switchNetwork(caipNetworkId: CaipNetworkId) {
      const network = networks.findNetwork(caipNetworkId)
      if (!network) {
        alert?.('network-not-found', `${ErrorText.networkNotFound}: ${caipNetworkId}`)
        // A well-formed network of a chain family no plugin registers: say which part is missing.
        const namespace = CAIP_NETWORK_ID_PATTERN.test(caipNetworkId) ? parseCaipNetworkId(caipNetworkId).namespace : undefined
        if (namespace && !chains.get(namespace))
          throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.adapterNotFound}: no chain plugin for ${caipNetworkId}`)
        throw new VestibuleError('NOT_SUPPORTED', `${ErrorText.networkNotFound}: ${caipNetworkId}`)
      }
      const ns = network.chainNamespace
      const adapter = adapterOf(ns)
      if (chainState(ns).accountState.status === 'connected') await adapter.switchNetwork(network)
      networks.setNetwork(ns, caipNetworkId, 'user')
      if (chainState(ns).accountState.status === 'connected' || !state.$activeNamespace.get()) state.$activeNamespace.set(ns)
      networks.persistConnected()
      void refreshBalance(ns)
    },
    async sendNative({ to, value }: { to: string; value: bigint }) {
      const { ns, current, network, address } = activeAccount(core, 'sending')
      const adapter = adapterOf(ns)
      if (!adapter.sendNative) throw new VestibuleError('NOT_SUPPORTED', `The ${ns} chain plugin cannot send the native token`)
      let id: string
      try {
        id = await adapter.sendNative({ to, value, address, network })
      } catch (error) {
        if (isUserRejection(error)) throw new VestibuleError('USER_REJECTED', ErrorText.transactionDeclined, error)
        throw error
      }
      events.emit('transaction', { namespace: ns, caipNetworkId: network.caipNetworkId, id })
      return id
    },
    async signMessage(message: string) {
      const { ns, network, address } = activeAccount(core, 'signing')
      try {
        return await adapterOf(ns).signMessage({ message, address, network })
      } catch (error) {
        if (isUserRejection(error)) throw new VestibuleError('USER_REJECTED', ErrorText.signatureDeclined, error)
        throw error
      }
    },
  }
}
