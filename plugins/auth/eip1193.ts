/**
 * The embedded wallet as an EIP-1193 provider for the eip155 chain plugin. Read-only methods go straight to the
 * network's RPC, the signing and sending ones wait for the user's approval (ApproveTransaction) and are then signed
 * by the secure site; any other method is refused with "Requested RPC call is not allowed" after 300 ms. A session
 * restored from the secure site starts on the chain the frame remembers the user last switched to, when the modal
 * has that network.
 */
import { AuthError, AuthErrorText } from './errors.js'
import type { FrameUser } from './protocol.js'
import type { AuthContext } from './core.js'

/** How long before a method the embedded wallet does not allow is refused. */
export const NOT_ALLOWED_DELAY_MS = 300

/** Methods answered from the network's RPC without asking the user. */
export const READ_ONLY_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'web3_clientVersion',
])

/** Methods the secure site carries out once the user approved them. */
export const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_sendCalls',
])

const SIGNING = /sign/i

export interface Eip155Deps {
  ctx: AuthContext
  ask(type: 'RpcRequest' | 'SwitchNetwork' | 'GetChainId', payload: object): Promise<unknown>
  user(): FrameUser | undefined
  /** The user of a session the secure site still holds (restoring after a reload), or undefined. */
  restore(): Promise<FrameUser | undefined>
  emit(event: string, data: unknown): void
  approve(namespace: string, method: string, params: unknown): Promise<boolean>
}

const hexId = (id: number) => `0x${id.toString(16)}`
const CAIP_EIP155 = /^eip155:(\d{1,15})$/

export function createEip155Requests(deps: Eip155Deps) {
  const { ctx } = deps
  let chainId: number | undefined
  const networks = () => ctx.chains.get('eip155')?.networks ?? []
  const currentChain = () => chainId ?? Number(ctx.connection.networkFor('eip155')?.id ?? networks()[0]?.id ?? 1)
  const address = (u = deps.user()) => u?.accounts.eip155?.[0]?.address
  let askedChain = false

  /** The chain the frame remembers for a restored session, taken when the modal has that network (asked once). */
  const rememberedChain = async () => {
    if (askedChain || chainId !== undefined) return
    askedChain = true
    const answer = (await deps.ask('GetChainId', {}).catch(() => undefined)) as { chainId?: unknown } | undefined
    const match = typeof answer?.chainId === 'string' ? CAIP_EIP155.exec(answer.chainId) : null
    const id = match ? Number(match[1]) : undefined
    if (id !== undefined && networks().some((n) => Number(n.id) === id)) chainId = id
  }

  /** Forwards a read to the current network's RPC. */
  const read = async (method: string, params: unknown) => {
    const network = networks().find((n) => Number(n.id) === currentChain())
    const url = network?.rpcUrls.default.http[0]
    if (!url) throw new AuthError(AuthErrorText.networkNotFound, 4901)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    if (!response.ok) throw new AuthError(`HTTP status code: ${response.status}`)
    const body = (await response.json()) as { result?: unknown; error?: { message?: unknown; code?: unknown } }
    if (body?.error)
      throw new AuthError(
        typeof body.error.message === 'string' ? body.error.message.slice(0, 200) : AuthErrorText.generic,
        Number(body.error.code) || undefined,
      )
    return body?.result
  }

  const switchTo = async (params: unknown) => {
    const requested = Number.parseInt(String((params as Array<{ chainId?: unknown }> | undefined)?.[0]?.chainId ?? ''), 16)
    if (!networks().some((n) => Number(n.id) === requested)) throw new AuthError(AuthErrorText.networkNotFound, 4902)
    await deps.ask('SwitchNetwork', { chainId: `eip155:${requested}` })
    if (chainId !== requested) {
      chainId = requested
      deps.emit('chainChanged', hexId(requested))
    }
    return null
  }

  return {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'eth_chainId') return hexId(currentChain())
      if (method === 'eth_accounts') {
        const user = deps.user() ?? (await deps.restore())
        if (address(user)) await rememberedChain()
        return address(user) ? [address(user)] : []
      }
      if (method === 'eth_requestAccounts') {
        const account = address()
        if (!account) throw new AuthError('Sign in with email or a social account first', 4100)
        return [account]
      }
      if (method === 'wallet_switchEthereumChain') return switchTo(params)
      if (method === 'wallet_revokePermissions') return null
      if (READ_ONLY_METHODS.has(method)) return read(method, params)
      if (APPROVAL_METHODS.has(method)) {
        if (!address()) throw new AuthError('Sign in with email or a social account first', 4100)
        if (!(await deps.approve('eip155', method, params)))
          throw new AuthError(SIGNING.test(method) ? 'Signature declined' : 'Transaction declined', 4001)
        return deps.ask('RpcRequest', { namespace: 'eip155', chainId: `eip155:${currentChain()}`, method, params })
      }
      await new Promise((resolve) => setTimeout(resolve, NOT_ALLOWED_DELAY_MS))
      throw new AuthError(AuthErrorText.rpcNotAllowed, 4200)
    },
    reset() {
      chainId = undefined
      askedChain = false
    },
  }
}
