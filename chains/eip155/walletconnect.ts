import type { RemoteSession, RemoteSessionContext, RemoteSessionFacade, RemoteSessionMapping } from 'vestibule/kernel'
type Listener = (...args: unknown[]) => void

/** An EIP-1193 error, so the eip155 chain plugin reads the wallet's code (4001 declined, 4902 unknown chain …). */
class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

const toHex = (id: number) => `0x${id.toString(16)}`

/** A chain id from the session (`eip155:1`, `0x1`, `1` or a number), strictly: "0x1ZZ" and "1e3" are none. */
function chainNumber(value: unknown): number | undefined {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? (value.split(':').pop() ?? '') : ''
  const id = /^0x[0-9a-fA-F]{1,13}$/.test(text)
    ? Number.parseInt(text.slice(2), 16)
    : /^[1-9][0-9]{0,15}$/.test(text)
      ? Number(text)
      : Number.NaN
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** `eip155:<id>:<address>` accounts of the session, by chain. */
function sessionAccounts(provider: RemoteSession | undefined): Array<{ chain: number; address: string }> {
  const accounts = provider?.session?.namespaces.eip155?.accounts ?? []
  return accounts.flatMap((account) => {
    const [namespace, reference, address] = account.split(':')
    const chain = chainNumber(reference)
    return namespace === 'eip155' && chain && address ? [{ chain, address }] : []
  })
}

/**
 * The eip155 side of a WalletConnect session as an EIP-1193 provider. Account and chain questions are answered
 * from the session; wallet methods go to the wallet and reads to the network's RPC (the universal provider's
 * `rpcMap`), both on the chain this facade is on.
 */
export function createEip155Facade(context: RemoteSessionContext): RemoteSessionFacade {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))
  let chainId: number | undefined
  let lastAddress: string | undefined

  const approvedChains = (provider: RemoteSession | undefined) => [...new Set(sessionAccounts(provider).map((a) => a.chain))]

  /** The provider with a chain picked: the modal's preferred network when approved, else the wallet's first. */
  const ready = context.session.then((provider) => {
    const approved = approvedChains(provider)
    if (provider && approved.length) {
      const preferred = context
        .preferredChains()
        .map(chainNumber)
        .find((id) => id !== undefined && approved.includes(id))
      chainId = preferred ?? approved[0]!
      provider.setDefaultChain(`eip155:${chainId}`)
    }
    return provider
  })

  const addresses = (provider: RemoteSession | undefined) => {
    const all = sessionAccounts(provider)
    // EVM addresses are the same on every chain; a chain the session did not list still has the account.
    const own = all.filter((a) => a.chain === chainId)
    return [...new Set((own.length ? own : all).map((a) => a.address))]
  }

  const forward = async (provider: RemoteSession, method: string, params: unknown) => {
    try {
      return await provider.request(params === undefined ? { method } : { method, params: params as unknown[] }, `eip155:${chainId}`)
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown } | null
      const message = typeof e?.message === 'string' ? e.message : String(error)
      // WalletConnect's "user rejected" (5000) means what EIP-1193's 4001 means, except for a chain switch,
      // where the chain plugin treats 5000 as "add the chain first".
      const code = typeof e?.code === 'number' ? (e.code === 5000 && method !== 'wallet_switchEthereumChain' ? 4001 : e.code) : -32603
      throw new ProviderRpcError(code, message)
    }
  }

  const provider = {
    isWalletConnect: true,
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      // Revoking is the kernel disconnecting this namespace: the plugin ends the session itself, once.
      if (method === 'wallet_revokePermissions') return null
      const up = await ready
      if (!up?.session) {
        if (method === 'eth_accounts') return []
        throw new ProviderRpcError(4900, 'The WalletConnect session has ended')
      }
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts': {
          const list = addresses(up)
          lastAddress = list[0]
          return list
        }
        case 'eth_chainId':
          return toHex(chainId!)
        case 'wallet_switchEthereumChain': {
          const target = chainNumber((params as Array<{ chainId?: unknown }> | undefined)?.[0]?.chainId)
          if (!target) throw new ProviderRpcError(-32602, 'Invalid chain id')
          // An approved chain is a local switch; another one is the wallet's to decide.
          if (approvedChains(up).includes(target)) up.setDefaultChain(`eip155:${target}`)
          else await forward(up, method, params)
          if (target !== chainId) {
            chainId = target
            emit('chainChanged', toHex(target))
          }
          return null
        }
        default:
          return forward(up, method, params)
      }
    },
    on(event: string, listener: Listener) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(listener)
      return provider
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
  }

  return {
    provider,
    onSessionEvent(name, data) {
      if (name === 'chainChanged') {
        const id = chainNumber(data)
        if (!id || id === chainId) return
        chainId = id
        emit('chainChanged', toHex(id))
      } else if (name === 'accountsChanged' && Array.isArray(data)) {
        const list = data.map((a) => String(a).split(':').pop()!).filter(Boolean)
        lastAddress = list[0]
        emit('accountsChanged', list)
      }
    },
    onSessionUpdate() {
      void ready.then((up) => {
        const list = addresses(up)
        if (list[0] !== lastAddress) {
          lastAddress = list[0]
          emit('accountsChanged', list)
        }
      })
    },
  }
}

/** EVM: messages, transactions and typed data signed by the wallet, and its chain switched or added. */
export const remoteSession: RemoteSessionMapping = {
  methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
  events: ['chainChanged', 'accountsChanged'],
  createFacade: createEip155Facade,
}
