/**
 * A browser wallet emulated in Node: an EIP-1193 provider backed by real viem local accounts. It signs for
 * real, sends real transactions to anvil and forwards every other read to the node of its current chain.
 * What a person would decide in the wallet's popup (approve, reject, which account) is set by the test.
 */
import { createWalletClient, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'

/** An EIP-1193 error as wallets throw it: a plain object with a numeric code. */
export interface ProviderRpcError {
  code: number
  message: string
}

export interface NodeWalletOptions {
  /** Accounts the wallet holds; the first is selected. */
  privateKeys: readonly Hex[]
  /** Chains the wallet knows, chain id → RPC URL. */
  chains: Record<number, string>
  chainId: number
  /** What the user answers to a connection prompt. */
  approve?: boolean
  /** The code `wallet_switchEthereumChain` answers for a chain the wallet does not know (4902 by default). */
  unknownChainCode?: number
  /** Whether access was granted on an earlier visit. */
  granted?: boolean
}

export interface WalletCall {
  method: string
  params?: unknown
}

const rejected = (): ProviderRpcError => ({ code: 4001, message: 'User rejected the request.' })
const unauthorized = (): ProviderRpcError => ({ code: 4100, message: 'The requested account has not been authorized by the user.' })
const hexChain = (id: number) => `0x${id.toString(16)}`

export class NodeWallet {
  readonly accounts: PrivateKeyAccount[]
  readonly chains: Record<number, string>
  chainId: number
  approve: boolean
  unknownChainCode: number
  granted: boolean
  selected = 0
  /** Every request the page made, in order. */
  readonly calls: WalletCall[] = []
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>()

  /** The EIP-1193 provider object the wallet injects into the page. */
  readonly provider = {
    request: (args: { method: string; params?: unknown }) => this.request(args),
    on: (event: string, listener: (...args: unknown[]) => void) => {
      let set = this.listeners.get(event)
      if (!set) this.listeners.set(event, (set = new Set()))
      set.add(listener)
      return this.provider
    },
    removeListener: (event: string, listener: (...args: unknown[]) => void) => {
      this.listeners.get(event)?.delete(listener)
      return this.provider
    },
  }

  constructor(options: NodeWalletOptions) {
    this.accounts = options.privateKeys.map((key) => privateKeyToAccount(key))
    this.chains = { ...options.chains }
    this.chainId = options.chainId
    this.approve = options.approve ?? true
    this.unknownChainCode = options.unknownChainCode ?? 4902
    this.granted = options.granted ?? false
  }

  get address(): Hex {
    return this.account.address
  }

  get account(): PrivateKeyAccount {
    return this.accounts[this.selected]!
  }

  callsOf(method: string): WalletCall[] {
    return this.calls.filter((c) => c.method === method)
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0
  }

  emit(event: string, ...args: unknown[]) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args)
  }

  /** The user picks another account in the wallet. */
  selectAccount(index: number) {
    this.selected = index
    if (this.granted) this.emit('accountsChanged', [this.address])
  }

  /** The user switches network in the wallet itself (not asked by the page). */
  switchChainInWallet(chainId: number) {
    this.chainId = chainId
    this.emit('chainChanged', hexChain(chainId))
  }

  /** The user revokes the site's access in the wallet's settings; the page is not told. */
  revokeInWallet() {
    this.granted = false
  }

  private get rpcUrl(): string {
    const url = this.chains[this.chainId]
    if (!url) throw { code: -32603, message: `No RPC for chain ${this.chainId}` } satisfies ProviderRpcError
    return url
  }

  private requireGrant() {
    if (!this.granted) throw unauthorized()
  }

  private async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
    this.calls.push(params === undefined ? { method } : { method, params })
    const list = Array.isArray(params) ? params : []
    switch (method) {
      case 'eth_requestAccounts':
        if (!this.granted && !this.approve) throw rejected()
        this.granted = true
        return [this.address]
      case 'eth_accounts':
        return this.granted ? [this.address] : []
      case 'eth_chainId':
        return hexChain(this.chainId)
      case 'wallet_revokePermissions':
        this.granted = false
        return null
      case 'personal_sign': {
        this.requireGrant()
        const [data, from] = list as [Hex, string]
        if (from?.toLowerCase() !== this.address.toLowerCase()) throw unauthorized()
        return this.account.signMessage({ message: isHex(data) ? { raw: data } : String(data) })
      }
      case 'eth_signTypedData_v4': {
        this.requireGrant()
        const [from, json] = list as [string, string]
        if (from?.toLowerCase() !== this.address.toLowerCase()) throw unauthorized()
        const { domain, types, primaryType, message } = JSON.parse(json) as {
          domain: Record<string, unknown>
          types: Record<string, Array<{ name: string; type: string }>>
          primaryType: string
          message: Record<string, unknown>
        }
        const { EIP712Domain: _domain, ...rest } = types
        return this.account.signTypedData({ domain, types: rest, primaryType, message } as never)
      }
      case 'wallet_switchEthereumChain': {
        const id = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
        if (!this.chains[id])
          throw { code: this.unknownChainCode, message: `Unrecognized chain ID "${hexChain(id)}".` } satisfies ProviderRpcError
        if (id !== this.chainId) this.switchChainInWallet(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const p = list[0] as { chainId: string; rpcUrls: string[] }
        if (!p?.rpcUrls?.[0]) throw { code: -32602, message: 'rpcUrls is required' } satisfies ProviderRpcError
        this.chains[Number.parseInt(p.chainId, 16)] = p.rpcUrls[0]
        return null
      }
      case 'eth_sendTransaction': {
        this.requireGrant()
        const tx = list[0] as { from?: string; to: Hex; value?: Hex; data?: Hex }
        if (tx.from && tx.from.toLowerCase() !== this.address.toLowerCase()) throw unauthorized()
        const url = this.rpcUrl
        const chain = {
          id: this.chainId,
          name: 'local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [url] } },
        }
        const client = createWalletClient({ account: this.account, chain, transport: http(url) })
        return client.sendTransaction({ to: tx.to, value: tx.value ? BigInt(tx.value) : undefined, data: tx.data })
      }
      default: {
        const response = await fetch(this.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: this.calls.length, method, params: params ?? [] }),
        })
        const body = (await response.json()) as { result?: unknown; error?: ProviderRpcError }
        if (body.error) throw { code: body.error.code, message: body.error.message } satisfies ProviderRpcError
        return body.result
      }
    }
  }
}
