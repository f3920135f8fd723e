/**
 * Sandbox Wallet: an EIP-1193 browser wallet emulation announced through EIP-6963. It holds a real key,
 * signs in the page and forwards reads and raw transactions to the local node, asking the person first.
 * Loaded as a plain script before the page's own code, like an extension's content script.
 */
import { createWalletClient, http, hexToString, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { askUser } from './prompt.js'

interface WalletConfig {
  privateKey: Hex
  /** Chains the wallet knows from the start, chain id → RPC URL. */
  chains: Record<number, string>
  initialChainId: number
}

const config = (window as unknown as { __SANDBOX_WALLET__: WalletConfig }).__SANDBOX_WALLET__
const account = privateKeyToAccount(config.privateKey)
const STORE = 'sandbox-wallet'
type Saved = { granted: boolean; chainId: number; chains: Record<number, string> }
const saved: Partial<Saved> = (() => {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '{}') as Partial<Saved>
  } catch {
    return {}
  }
})()
const state: Saved = {
  granted: saved.granted ?? false,
  chains: { ...config.chains, ...saved.chains },
  chainId: saved.chainId ?? config.initialChainId,
}
if (!state.chains[state.chainId]) state.chainId = config.initialChainId
const save = () => localStorage.setItem(STORE, JSON.stringify(state))

const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))

class ProviderRpcError extends Error {
  code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}
const rejected = () => new ProviderRpcError(4001, 'User rejected the request.')
const hexChain = (id: number) => `0x${id.toString(16)}`
const origin = location.origin

async function forward(method: string, params: unknown) {
  const url = state.chains[state.chainId]
  const response = await fetch(url!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
  return body.result
}

const requireGrant = () => {
  if (!state.granted) throw new ProviderRpcError(4100, 'The requested account has not been authorized by the user.')
}

async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_requestAccounts': {
      if (state.granted) return [account.address]
      if (!(await askUser(`Connect ${origin} to account ${account.address}?`))) throw rejected()
      state.granted = true
      save()
      emit('connect', { chainId: hexChain(state.chainId) })
      return [account.address]
    }
    case 'eth_accounts':
      return state.granted ? [account.address] : []
    case 'eth_chainId':
      return hexChain(state.chainId)
    case 'net_version':
      return String(state.chainId)
    case 'wallet_revokePermissions':
      state.granted = false
      save()
      return null
    case 'personal_sign': {
      requireGrant()
      const [data] = list as [Hex]
      const text = isHex(data) ? hexToString(data) : String(data)
      if (!(await askUser('Sign this message?', text))) throw rejected()
      return account.signMessage({ message: isHex(data) ? { raw: data } : String(data) })
    }
    case 'wallet_switchEthereumChain': {
      const id = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
      if (!state.chains[id]) throw new ProviderRpcError(4902, `Unrecognized chain ID "${hexChain(id)}". Try adding the chain using wallet_addEthereumChain first.`)
      if (id !== state.chainId) {
        state.chainId = id
        save()
        emit('chainChanged', hexChain(id))
      }
      return null
    }
    case 'wallet_addEthereumChain': {
      const p = list[0] as { chainId: string; chainName: string; rpcUrls: string[] }
      const id = Number.parseInt(p.chainId, 16)
      if (!(await askUser(`Add network "${p.chainName}" (chain ${id})?`, p.rpcUrls.join('\n')))) throw rejected()
      state.chains[id] = p.rpcUrls[0]!
      save()
      return null
    }
    case 'eth_sendTransaction': {
      requireGrant()
      const tx = list[0] as { to: Hex; value?: Hex; data?: Hex }
      if (!(await askUser(`Send ${BigInt(tx.value ?? '0x0')} wei to ${tx.to}?`))) throw rejected()
      const chainUrl = state.chains[state.chainId]!
      const client = createWalletClient({ account, transport: http(chainUrl) })
      return client.sendTransaction({
        chain: { id: state.chainId, name: 'local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [chainUrl] } } },
        to: tx.to,
        value: tx.value ? BigInt(tx.value) : undefined,
        data: tx.data,
      })
    }
    default:
      return forward(method, params)
  }
}

const provider = {
  isSandboxWallet: true,
  request,
  on(event: string, listener: (...args: unknown[]) => void) {
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
    return provider
  },
  removeListener(event: string, listener: (...args: unknown[]) => void) {
    listeners.get(event)?.delete(listener)
    return provider
  },
}

const icon =
  'data:image/svg+xml;base64,' +
  btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#f5a623"/><path d="M16 22h32v24H16z" fill="#1d1d1f"/><circle cx="40" cy="34" r="4" fill="#f5a623"/></svg>')
const info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Sandbox Wallet', icon, rdns: 'dev.vestibule.sandbox' })
const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
window.addEventListener('eip6963:requestProvider', announce)
announce()
;(window as unknown as { ethereum: typeof provider }).ethereum = provider
/** Test hooks: what the wallet holds, for the sandbox page's own display. */
;(window as unknown as { sandboxWallet: unknown }).sandboxWallet = { address: account.address, emit }
