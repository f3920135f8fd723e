/**
 * Sandbox Wallet: an EIP-1193 browser wallet emulation announced through EIP-6963. It holds a real key,
 * signs in the page and forwards reads and raw transactions to the local node, asking the person first.
 * Loaded as a plain script before the page's own code, like an extension's content script.
 *
 * Contract-account mode (the page URL's `walletAccount=0x…`): the wallet reports that contract account (an
 * EIP-1271 wallet its key owns) as its account and answers personal_sign with the key's signature. With
 * `walletAccountFactory=0x…&walletAccountFactoryData=0x…` and no code at the account on the current chain yet,
 * the signature is wrapped for EIP-6492 (the factory call that would deploy the account, then the signature).
 */
import { concatHex, createWalletClient, encodeAbiParameters, http, hexToString, isAddress, isHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { askUser } from './prompt.js'
import { describeCall, type TokenInfo } from './describe-call.js'
import { WalletError, rejected } from './wallet-error.js'

interface WalletConfig {
  privateKey: Hex
  /** The wallet's other accounts, after the first one (`privateKey`). */
  otherKeys?: Hex[]
  /** Chains the wallet knows from the start, chain id → RPC URL. */
  chains: Record<number, string>
  initialChainId: number
}

const config = (window as unknown as { __SANDBOX_WALLET__: WalletConfig }).__SANDBOX_WALLET__
const accounts = [config.privateKey, ...(config.otherKeys ?? [])].map((key) => privateKeyToAccount(key))

/** The suffix that marks an EIP-6492 signature. */
const ERC6492_MAGIC: Hex = '0x6492649264926492649264926492649264926492649264926492649264926492'
interface ContractAccount {
  address: Address
  deploy?: { factory: Address; factoryData: Hex }
}
/** The contract account of the page URL's parameters, if any; a malformed one stops the wallet with the reason. */
function contractAccountOf(query: URLSearchParams): ContractAccount | undefined {
  const address = query.get('walletAccount')
  const factory = query.get('walletAccountFactory')
  const factoryData = query.get('walletAccountFactoryData')
  if (address === null) return undefined
  if (!isAddress(address, { strict: false })) throw new Error(`Sandbox Wallet: walletAccount is not an address: ${address}`)
  if (factory === null && factoryData === null) return { address }
  if (factory === null || !isAddress(factory, { strict: false }) || factoryData === null || !isHex(factoryData))
    throw new Error('Sandbox Wallet: walletAccountFactory must be an address and walletAccountFactoryData hex bytes')
  return { address, deploy: { factory, factoryData } }
}
const contractAccount = contractAccountOf(new URLSearchParams(location.search))
const STORE = 'sandbox-wallet'
/** `account`: the index of the account selected among the wallet's keys. */
type Saved = { granted: boolean; chainId: number; chains: Record<number, string>; account: number }
/** What the wallet saved for the origin; undefined where the page's storage is blocked or holds no JSON. */
const load = (): Partial<Saved> | undefined => {
  try {
    return JSON.parse(localStorage.getItem(STORE) ?? '{}') as Partial<Saved>
  } catch {
    return undefined
  }
}
/** A stored account index the wallet holds, else the first account (the page's storage is anyone's to write). */
const accountIndex = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < accounts.length ? (value as number) : 0
const saved = load() ?? {}
const state: Saved = {
  granted: saved.granted ?? false,
  chains: { ...config.chains, ...saved.chains },
  chainId: saved.chainId ?? config.initialChainId,
  account: accountIndex(saved.account),
}
/** The key that signs: the selected account's. */
const signer = () => accounts[state.account]!
/** The account the wallet reports: the contract account in contract-account mode, the selected key's own otherwise. */
const addressOf = (): Address => contractAccount?.address ?? signer().address
if (!state.chains[state.chainId]) state.chainId = config.initialChainId
// An extension keeps its state in its own storage; the page's may be disabled, and then the wallet remembers in memory.
const save = () => {
  try {
    localStorage.setItem(STORE, JSON.stringify(state))
  } catch {
    /* kept in memory only */
  }
}

const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
const emit = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((l) => l(...args))

// Like an extension's, the permission granted to the origin, the networks the wallet knows and the account selected
// are the same in every tab of the origin; the network the wallet is on stays each page's own.
// It reads them afresh for every request (another tab may have just changed them), and an account selected in
// another tab is announced here too (`accountsChanged`), as an extension announces it in every tab.
const share = () => {
  const shared = load()
  if (!shared) return
  state.granted = shared.granted ?? false
  state.chains = { ...config.chains, ...shared.chains }
  const selected = accountIndex(shared.account)
  if (selected === state.account) return
  state.account = selected
  if (state.granted && !contractAccount) emit('accountsChanged', [addressOf()])
}
window.addEventListener('storage', (event) => {
  if (!removed && (event.key === STORE || event.key === null)) share()
})

/** A token's symbol and decimals read from the active chain (symbol() and decimals()), or undefined. */
async function readToken(address: Address): Promise<TokenInfo | undefined> {
  const call = (data: Hex) => forward('eth_call', [{ to: address, data }, 'latest']) as Promise<Hex>
  const [symbolHex, decimalsHex] = await Promise.all([call('0x95d89b41'), call('0x313ce567')])
  const decimals = Number(BigInt(decimalsHex))
  // An ABI-encoded string: offset, length, then the bytes.
  const length = Number(BigInt(`0x${symbolHex.slice(66, 130)}`))
  const symbol = hexToString(`0x${symbolHex.slice(130, 130 + length * 2)}`)
  return /^[\x20-\x7e]{1,12}$/.test(symbol) && decimals <= 36 ? { symbol, decimals } : undefined
}

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
  if (body.error) throw new WalletError(body.error.code, body.error.message)
  return body.result
}

const requireGrant = () => {
  if (!state.granted) throw new WalletError(4100, 'The requested account has not been authorized by the user.')
}

/** The key's signature as the contract account's: EIP-6492-wrapped while the account has no code on this chain. */
async function asContractAccount({ address, deploy }: ContractAccount, signature: Hex): Promise<Hex> {
  if (!deploy || (await forward('eth_getCode', [address, 'latest'])) !== '0x') return signature
  const wrapped = encodeAbiParameters(
    [{ type: 'address' }, { type: 'bytes' }, { type: 'bytes' }],
    [deploy.factory, deploy.factoryData, signature],
  )
  return concatHex([wrapped, ERC6492_MAGIC])
}

/** Set once the wallet was removed from the page: it answers nothing any more. */
let removed = false

async function request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
  if (removed) return new Promise(() => undefined)
  share()
  const address = addressOf()
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_requestAccounts': {
      if (state.granted) return [address]
      const owned = contractAccount ? `\nA contract account owned by ${signer().address}.` : ''
      if (!(await askUser(`Connect ${origin} to account ${address}?${owned}`))) throw rejected()
      state.granted = true
      save()
      emit('connect', { chainId: hexChain(state.chainId) })
      return [address]
    }
    case 'eth_accounts':
      return state.granted ? [address] : []
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
      const signature = await signer().signMessage({ message: isHex(data) ? { raw: data } : String(data) })
      return contractAccount ? asContractAccount(contractAccount, signature) : signature
    }
    case 'wallet_switchEthereumChain': {
      const id = Number.parseInt((list[0] as { chainId: string }).chainId, 16)
      if (!state.chains[id])
        throw new WalletError(4902, `Unrecognized chain ID "${hexChain(id)}". Try adding the chain using wallet_addEthereumChain first.`)
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
      if (contractAccount) throw new WalletError(4200, 'This Sandbox Wallet account is a contract account: it only signs messages.')
      const tx = list[0] as { to: Hex; value?: Hex; data?: Hex }
      const prompt = await describeCall(tx, signer().address, readToken)
      if (!(await askUser(prompt.title, prompt.detail))) throw rejected()
      const chainUrl = state.chains[state.chainId]!
      const client = createWalletClient({ account: signer(), transport: http(chainUrl) })
      return client.sendTransaction({
        chain: {
          id: state.chainId,
          name: 'local',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [chainUrl] } },
        },
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
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#f5a623"/><path d="M16 22h32v24H16z" fill="#1d1d1f"/><circle cx="40" cy="34" r="4" fill="#f5a623"/></svg>',
  )
const info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Sandbox Wallet', icon, rdns: 'dev.vestibule.sandbox' })
const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
window.addEventListener('eip6963:requestProvider', announce)
announce()
;(window as unknown as { ethereum: typeof provider }).ethereum = provider
/**
 * As an extension that is disabled or removed while the page is open: no event, it no longer announces itself or
 * sits in `window.ethereum`, and the provider the page holds never answers again.
 */
const remove = () => {
  removed = true
  listeners.clear()
  window.removeEventListener('eip6963:requestProvider', announce)
  delete (window as unknown as { ethereum?: unknown }).ethereum
}
/**
 * The person selects another of the wallet's accounts (by its index): every tab of the origin reports it, and those
 * the origin is connected in announce it (`accountsChanged`), this one at once, the others on the storage event.
 */
const selectAccount = (index: number) => {
  if (removed) return
  if (accountIndex(index) !== index) throw new Error(`Sandbox Wallet: no account ${index}`)
  share()
  if (index === state.account) return
  state.account = index
  save()
  if (state.granted && !contractAccount) emit('accountsChanged', [addressOf()])
}
/**
 * Test hooks: what the wallet holds, for the sandbox page's own display (`address`, `owner`: the selected account
 * and its key's, read when the page loads); `selectAccount(i)` switches account; `remove()` takes the wallet away.
 */
;(window as unknown as { sandboxWallet: unknown }).sandboxWallet = {
  address: addressOf(),
  owner: signer().address,
  accounts: accounts.map((a) => a.address),
  emit,
  remove,
  selectAccount,
}
