/**
 * An EIP-1193 provider over the modal's eip155 connection: the account and network come from the modal's state,
 * a network switch goes through the modal, every other request goes to the connected wallet through the eip155
 * chain plugin (so a WalletConnect session and an extension answer alike).
 */
import type { Modal } from 'vestibule/kernel'

export type ProviderEvent = 'connect' | 'disconnect' | 'accountsChanged' | 'chainChanged'

export interface ModalEip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEvent, listener: (payload: unknown) => void): void
  removeListener(event: ProviderEvent, listener: (payload: unknown) => void): void
}

/** The modal's eip155 account and network, as its state holds them. */
export function readEip155(modal: Modal): { status: string; address: string | undefined; caipNetworkId: string | undefined } {
  const { status, address } = modal.getAccount('eip155')
  return { status, address, caipNetworkId: modal.getNetwork('eip155').caipNetworkId }
}

export const sameAccount = (a: string | undefined, b: string | undefined) => a?.toLowerCase() === b?.toLowerCase()

/** An EIP-1193 error: `code` 4001 refused, 4100 not authorized, 4200 unsupported method, -32602 bad params. */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
    this.name = 'ProviderRpcError'
  }
}

const toHex = (n: number) => `0x${n.toString(16)}`

/** The chain id of a `wallet_switchEthereumChain` call's params, or a -32602 error. */
function requestedChainId(params: unknown): number {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const hex = first?.chainId
  if (typeof hex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(hex))
    throw new ProviderRpcError(-32602, 'wallet_switchEthereumChain needs [{ chainId: "0x…" }]')
  const chainId = Number.parseInt(hex, 16)
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new ProviderRpcError(-32602, `Not a chain id: ${hex}`)
  return chainId
}

export function createModalProvider(modal: Modal): ModalEip1193Provider {
  const listeners = new Map<ProviderEvent, Set<(payload: unknown) => void>>()
  let stop: (() => void) | undefined
  let last = readEip155(modal)

  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }
  const watch = () =>
    (stop ??= modal.subscribe(() => {
      const next = readEip155(modal)
      const before = last
      last = next
      const chainId = next.caipNetworkId?.startsWith('eip155:') ? toHex(Number(next.caipNetworkId.slice(7))) : undefined
      if (before.status === 'connected' && next.status !== 'connected')
        return emit('disconnect', new ProviderRpcError(4900, 'The modal ended the eip155 session'))
      if (next.status !== 'connected') return
      if (before.status !== 'connected') return emit('connect', { chainId })
      if (!sameAccount(before.address, next.address)) emit('accountsChanged', next.address ? [next.address] : [])
      if (before.caipNetworkId !== next.caipNetworkId && chainId) emit('chainChanged', chainId)
    }))

  const accounts = () => {
    const { status, address } = readEip155(modal)
    return status === 'connected' && address ? [address] : []
  }

  return {
    async request(args) {
      const method = (args as { method?: unknown } | null)?.method
      if (typeof method !== 'string' || method.length === 0) throw new ProviderRpcError(-32602, 'request needs { method: string }')
      const params = args.params
      switch (method) {
        case 'eth_accounts':
          return accounts()
        case 'eth_requestAccounts': {
          const granted = accounts()
          if (granted.length === 0) throw new ProviderRpcError(4100, 'Connect a wallet through the modal first')
          return granted
        }
        case 'eth_chainId': {
          const { caipNetworkId } = readEip155(modal)
          if (!caipNetworkId?.startsWith('eip155:')) throw new ProviderRpcError(4900, 'No eip155 network is selected in the modal')
          return toHex(Number(caipNetworkId.slice(7)))
        }
        case 'wallet_switchEthereumChain':
          await modal.switchNetwork(`eip155:${requestedChainId(params)}`)
          return null
        default: {
          if (accounts().length === 0) throw new ProviderRpcError(4100, 'Connect a wallet through the modal first')
          const request = modal.getChainFeature('eip155', 'request')
          if (!request) throw new ProviderRpcError(4200, `The eip155 chain plugin cannot send ${method}`)
          return request({ method, params })
        }
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      last = readEip155(modal)
      watch()
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      if ([...listeners.values()].every((set) => set.size === 0)) {
        stop?.()
        stop = undefined
      }
    },
  }
}
