// The connected side of the Tally adapter, loaded on first use: the Wallet Standard wallet and the node.
import { VestibuleError, type AdapterListener, type CaipNetwork } from 'vestibule/kernel'
import { feature, toHex, walletError, type StandardWallet, type StandardWalletAccount as Account } from 'vestibule/chains/kit'
import { isAddress } from './address.js'

/** What a transfer signature covers, in this order: the node rebuilds the same text to check it. */
export const transferText = (t: { chain: string; from: string; to: string; value: string; fee: string; nonce: string }) =>
  `Tally Transfer:\n${JSON.stringify({ chain: t.chain, from: t.from, to: t.to, value: t.value, fee: t.fee, nonce: t.nonce })}`

type Signed = Promise<{ signature: Uint8Array }>
interface Features {
  'standard:connect': { connect(input?: { silent?: boolean }): Promise<{ accounts: readonly Account[] }> }
  'standard:disconnect': { disconnect(): Promise<void> }
  'standard:events': { on(event: 'change', listener: (change: { accounts?: readonly Account[] }) => void): () => void }
  'tally:signMessage': { signMessage(input: { account: Account; message: Uint8Array }): Signed }
  'tally:signTransfer': { signTransfer(input: { account: Account; transfer: Parameters<typeof transferText>[0] }): Signed }
}
const METHOD = {
  'standard:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'tally:signMessage': 'signMessage',
  'tally:signTransfer': 'signTransfer',
} as const
const use = <K extends keyof Features>(wallet: StandardWallet, name: K) => {
  const found = feature<Features[K]>(wallet, name, METHOD[name])
  if (!found) throw new VestibuleError('NOT_SUPPORTED', `This wallet cannot ${name.split(':')[1]}`)
  return found
}

/** A JSON-RPC call to the network's node; the answer is checked by `check`, which names what it expected. */
async function rpc<T>(
  network: CaipNetwork,
  method: string,
  params: unknown[],
  check: (value: unknown) => value is T,
  expected: string,
): Promise<T> {
  const url = network.rpcUrls.default.http[0]
  let body: { result?: unknown; error?: { message?: unknown } }
  try {
    const response = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    body = await response.json()
  } catch (error) {
    throw new VestibuleError('HTTP', `The Tally node at ${url} did not answer ${method}`, error)
  }
  if (body?.error) throw new VestibuleError('HTTP', `The Tally node refused ${method}: ${String(body.error.message).slice(0, 200)}`)
  if (!check(body?.result)) throw new VestibuleError('HTTP', `The Tally node answered ${method} with something other than ${expected}`)
  return body.result
}
const isUnits = (value: unknown): value is string => typeof value === 'string' && /^\d{1,30}$/.test(value)
const isTxId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f]{64}$/.test(value)

export function createSession(host: {
  wallet(id: string): StandardWallet | undefined
  waitFor(id: string, ms: number): Promise<boolean>
  listener(): AdapterListener | undefined
}) {
  let active: { wallet: StandardWallet; account: Account; network: CaipNetwork; off?: () => void } | undefined
  const connected = () => {
    if (!active) throw new VestibuleError('NOT_CONNECTED', 'No Tally wallet is connected')
    return active
  }
  const sign = async (run: () => Signed) => {
    let signature: unknown
    try {
      signature = (await run())?.signature
    } catch (error) {
      throw walletError(error)
    }
    if (!(signature instanceof Uint8Array) || signature.length !== 64)
      throw new VestibuleError('WALLET_ERROR', 'The wallet returned an invalid signature')
    return toHex(signature)
  }

  async function open(connectorId: string, network: CaipNetwork, silent: boolean) {
    const wallet = host.wallet(connectorId)
    if (!wallet) throw new VestibuleError('NOT_SUPPORTED', `Wallet "${connectorId}" is not available in this browser`)
    let accounts: unknown
    try {
      accounts = (await use(wallet, 'standard:connect').connect({ silent })).accounts
    } catch (error) {
      if (silent) return undefined
      throw walletError(error)
    }
    const account = (Array.isArray(accounts) ? (accounts as Account[]) : []).find((a) => isAddress(a?.address))
    if (!account) {
      if (silent) return undefined
      throw new VestibuleError('WALLET_ERROR', 'The wallet returned no valid Tally account')
    }
    active?.off?.()
    active = { wallet, account, network }
    active.off = feature<Features['standard:events']>(wallet, 'standard:events', 'on')?.on('change', ({ accounts: next }) => {
      if (!active || !Array.isArray(next)) return
      const now = next.find((a) => isAddress(a?.address))
      if (!now) return host.listener()?.disconnected()
      if (now.address !== active.account.address) host.listener()?.accountChanged(now.address)
      active.account = now
    })
    return { address: account.address, caipNetworkId: network.caipNetworkId, supportsAllNetworks: true }
  }

  async function quote(network: CaipNetwork) {
    return {
      fee: BigInt(await rpc(network, 'tally_fee', [], isUnits, 'a fee')),
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
    }
  }

  return {
    connect: ({ connectorId, network }: { connectorId: string; network: CaipNetwork }) =>
      open(connectorId, network, false) as Promise<NonNullable<Awaited<ReturnType<typeof open>>>>,
    reconnect: async ({ connectorId, network }: { connectorId: string; network: CaipNetwork }) =>
      (await host.waitFor(connectorId, 1000)) ? open(connectorId, network, true) : undefined,
    async disconnect() {
      const wallet = active?.wallet
      active?.off?.()
      active = undefined
      // A wallet failing to forget the page does not keep it connected here.
      if (wallet)
        await Promise.resolve(feature<Features['standard:disconnect']>(wallet, 'standard:disconnect', 'disconnect')?.disconnect()).catch(
          () => {},
        )
    },
    switchNetwork: async (network: CaipNetwork) => void (connected().network = network),
    async getBalance({ address, network }: { address: string; network: CaipNetwork }) {
      if (!isAddress(address)) throw new VestibuleError('NOT_SUPPORTED', `Not a Tally address: ${String(address).slice(0, 80)}`)
      const value = BigInt(await rpc(network, 'tally_getBalance', [address], isUnits, 'a balance'))
      return { value, decimals: network.nativeCurrency.decimals, symbol: network.nativeCurrency.symbol }
    },
    signMessage({ message }: { message: string }) {
      const { wallet, account } = connected()
      return sign(() => use(wallet, 'tally:signMessage').signMessage({ account, message: new TextEncoder().encode(message) }))
    },
    estimateFees: ({ network }: { network: CaipNetwork }) => quote(network),
    async sendNative({ to, value, network }: { to: string; value: bigint; network: CaipNetwork }) {
      const { wallet, account } = connected()
      if (!isAddress(to)) throw new VestibuleError('NOT_SUPPORTED', `Not a Tally address: ${String(to).slice(0, 80)}`)
      if (typeof value !== 'bigint' || value <= 0n) throw new VestibuleError('NOT_SUPPORTED', 'The amount must be more than zero')
      const [{ fee }, nonce] = await Promise.all([quote(network), rpc(network, 'tally_getNonce', [account.address], isUnits, 'a nonce')])
      const transfer = { chain: network.caipNetworkId, from: account.address, to, value: String(value), fee: String(fee), nonce }
      const signature = await sign(() => use(wallet, 'tally:signTransfer').signTransfer({ account, transfer }))
      return rpc(network, 'tally_sendTransfer', [transfer, signature], isTxId, 'a transaction id')
    },
    destroy: () => void (active?.off?.(), (active = undefined)),
  }
}
export type Session = ReturnType<typeof createSession>
