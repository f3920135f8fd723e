/**
 * Connecting a wallet of the list without a view: an installed wallet through its chain plugin, a wallet present
 * in several chain families through each (or the one asked for), a catalog wallet through WalletConnect (the host
 * shows the pairing URI).
 */
import { type ChainNamespace, VestibuleError, type Modal, RemoteConnect, type WalletItem } from 'vestibule/kernel'
import type { MultiChainData } from 'vestibule/utils'
import { walletConnectPairing, type WalletConnectPairing } from './pairing.js'

export type ConnectOutcome =
  /** The wallet answered and its account is connected. */
  | { kind: 'connected' }
  /** The wallet connects from another device or app: show `pairing`'s URI (QR code, deep link) until it does. */
  | { kind: 'pairing'; pairing: WalletConnectPairing; stop: () => void; wallet?: { id: string; name: string } }

type ConnectorData = { connectorId: string; namespace: ChainNamespace }
const isConnectorData = (data: unknown): data is ConnectorData =>
  typeof (data as ConnectorData | null)?.connectorId === 'string' && typeof (data as ConnectorData).namespace === 'string'
const isMultiChain = (data: unknown): data is MultiChainData =>
  Array.isArray((data as MultiChainData | null)?.connectors) && (data as MultiChainData).connectors.every(isConnectorData)
const chosenWallet = (data: unknown) => {
  const wallet = (data as { wallet?: { id?: unknown; name?: unknown } } | null)?.wallet
  return typeof wallet?.id === 'string' && typeof wallet.name === 'string' ? { id: wallet.id, name: wallet.name } : undefined
}

/**
 * Connects the wallet `item` of `walletList(modal)`. `namespace` picks one chain family of a wallet present in
 * several (all of them by default, one after the other). A declined request rejects with `USER_REJECTED`.
 */
export async function connectWallet(modal: Modal, item: WalletItem, options: { namespace?: ChainNamespace } = {}): Promise<ConnectOutcome> {
  if (!item || typeof item !== 'object') throw new VestibuleError('INVALID_OPTIONS', 'connectWallet() takes a wallet of the list')
  if (item.disabled) throw new VestibuleError('NOT_SUPPORTED', `${item.name} cannot be connected here`)
  const { data } = item
  if (isConnectorData(data)) {
    await modal.connect(data.connectorId, data.namespace)
    return { kind: 'connected' }
  }
  if (isMultiChain(data)) {
    const members = data.connectors.filter((c) => !options.namespace || c.namespace === options.namespace)
    if (!members.length) throw new VestibuleError('NOT_SUPPORTED', `${item.name} offers no ${options.namespace} account`)
    for (const member of members) await modal.connect(member.connectorId, member.namespace)
    return { kind: 'connected' }
  }
  // A catalog wallet (or the WalletConnect entry) pairs through the plugin that connects remote wallets.
  const remote = modal.getService(RemoteConnect)
  if (remote && (item.view === remote.view || item.id === 'walletConnect' || chosenWallet(data))) {
    const pairing = walletConnectPairing(modal)
    return { kind: 'pairing', pairing, stop: pairing.start(), wallet: chosenWallet(data) }
  }
  throw new VestibuleError('NOT_SUPPORTED', `No registered plugin connects ${item.name}`)
}
