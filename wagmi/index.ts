/**
 * `vestibule/wagmi`: a wagmi connector backed by the modal. Connecting opens the modal and resolves once an eip155
 * account is connected; the provider it hands wagmi sends every wallet request through the modal's connection,
 * so an app on wagmi keeps its hooks while the modal picks and talks to the wallet. The modal needs the eip155
 * chain plugin. wagmi's types are all this module takes from it: a host that does not import it ships none of it.
 */
import type { CreateConnectorFn } from '@wagmi/core'
import { Views, type Modal } from 'vestibule/kernel'
import { createModalProvider, readEip155, sameAccount, type ModalEip1193Provider } from './provider.js'

export type { ModalEip1193Provider } from './provider.js'

export interface VestibuleConnectorOptions {
  /** The connector's id in wagmi (default `vestibule`). */
  id?: string
  /** The connector's name (default `Vestibule`). */
  name?: string
  /** Close the modal once the account is connected and the modal rests on its Account view (default true). */
  closeOnConnect?: boolean
}

/** A wallet's refusal, as EIP-1193 numbers it. */
class UserRejected extends Error {
  readonly code = 4001
  constructor(message: string) {
    super(message)
    this.name = 'UserRejectedRequestError'
  }
}

const numberOf = (caipNetworkId: string | undefined) => (caipNetworkId?.startsWith('eip155:') ? Number(caipNetworkId.slice(7)) : undefined)

/**
 * The connector: `createConfig({ connectors: [vestibuleConnector(modal)], … })`. wagmi's `connect` opens the modal;
 * the user picks a wallet there; `disconnect` ends the modal's eip155 session; a network switch goes through the
 * modal's connection; account, network and session changes made in the modal reach wagmi as events.
 */
export function vestibuleConnector(modal: Modal, options: VestibuleConnectorOptions = {}): CreateConnectorFn<ModalEip1193Provider> {
  const { id = 'vestibule', name = 'Vestibule', closeOnConnect = true } = options
  return (config) => {
    const provider = createModalProvider(modal)
    let stopWatching: (() => void) | undefined
    let last = readEip155(modal)

    const current = () => {
      const state = readEip155(modal)
      const chainId = numberOf(state.caipNetworkId)
      if (state.status !== 'connected' || !state.address || chainId === undefined) return undefined
      return { accounts: [state.address as `0x${string}`] as const, chainId }
    }

    /** Resolves with the account once eip155 is connected; rejects when the (open) modal closes first. */
    const whenConnected = () =>
      new Promise<{ accounts: readonly [`0x${string}`]; chainId: number }>((resolve, reject) => {
        const check = () => {
          const connected = current()
          if (connected) return (stop(), resolve(connected))
          if (!modal.isOpen()) return (stop(), reject(new UserRejected('The modal was closed before a wallet connected')))
        }
        const stop = modal.subscribe(check)
        check()
      })

    /** Reports what changed in the modal's eip155 account to wagmi. */
    const watch = () => {
      stopWatching ??= modal.subscribe(() => {
        const next = readEip155(modal)
        const before = last
        last = next
        if (before.status === 'connected' && next.status !== 'connected') return connector.onDisconnect()
        if (next.status !== 'connected' || !next.address) return
        if (before.status !== 'connected')
          return config.emitter.emit('connect', { accounts: [next.address as `0x${string}`], chainId: numberOf(next.caipNetworkId) ?? 0 })
        if (!sameAccount(before.address, next.address)) connector.onAccountsChanged([next.address])
        if (before.caipNetworkId !== next.caipNetworkId && next.caipNetworkId) connector.onChainChanged(next.caipNetworkId.slice(7))
      })
    }

    const connector: ReturnType<CreateConnectorFn<ModalEip1193Provider>> = {
      id,
      name,
      type: 'vestibule',
      async setup() {
        watch()
      },
      async connect(parameters = {}) {
        watch()
        let connected = current()
        if (!connected && parameters.isReconnecting) {
          await modal.reconnect()
          connected = current()
          if (!connected) throw new Error('No stored eip155 session to restore')
        }
        if (!connected) {
          // The Connect view: the user picks a wallet there.
          await modal.open()
          connected = await whenConnected()
          if (closeOnConnect) closeOnAccount(modal)
        }
        if (parameters.chainId !== undefined && parameters.chainId !== connected.chainId)
          await connector.switchChain!({ chainId: parameters.chainId })
        // wagmi listens to this connector's events only once connect resolves: a disconnect or another account in the
        // modal while it was pending was emitted to nobody. So wagmi gets what the modal holds now, never an account
        // it no longer has, and no connection at all when the modal has none.
        connected = current()
        last = readEip155(modal)
        if (!connected) throw new Error('The modal disconnected before the connection completed')
        const accounts = parameters.withCapabilities
          ? connected.accounts.map((address) => ({ address, capabilities: {} }))
          : connected.accounts
        return { accounts, chainId: connected.chainId } as never
      },
      async disconnect() {
        if (readEip155(modal).status === 'connected') await modal.disconnect('eip155')
        last = readEip155(modal)
      },
      async getAccounts() {
        return current()?.accounts ?? []
      },
      async getChainId() {
        const chainId = numberOf(readEip155(modal).caipNetworkId)
        if (chainId === undefined) throw new Error('No eip155 network is selected in the modal')
        return chainId
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        if (current()) return true
        await modal.reconnect().catch(() => undefined)
        return Boolean(current())
      },
      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new Error(`Chain ${chainId} is not among the wagmi config's chains`)
        await modal.switchNetwork(`eip155:${chainId}`)
        last = readEip155(modal)
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) return connector.onDisconnect()
        config.emitter.emit('change', { accounts: accounts as `0x${string}`[] })
      },
      onChainChanged(chain) {
        const chainId = Number(chain)
        if (Number.isSafeInteger(chainId)) config.emitter.emit('change', { chainId })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
    return connector
  }
}

/** Closes the modal once it rests on its Account view (a step after connecting, such as sign-in, finishes first). */
function closeOnAccount(modal: Modal) {
  const check = () => {
    const { open, view } = modal.getState()
    if (!open) return stop()
    if (view === Views.Account) return (stop(), void modal.close())
  }
  const stop = modal.subscribe(check)
  check()
}
