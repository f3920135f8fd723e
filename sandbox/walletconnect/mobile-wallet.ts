/**
 * Sandbox Mobile Wallet: a WalletConnect wallet on the real `@reown/walletkit`, as a phone wallet would be.
 * Paste a pairing URI (or open `/mobile-wallet/wc?uri=…` as a deep link), approve or reject the session, then
 * approve or reject each request: messages are signed and transactions sent with a real key against the
 * local chains. It keeps its own storage prefix, so it never shares state with the app on the same origin.
 */
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, hexToString, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

interface MobileWalletConfig {
  relayUrl: string
  privateKey: Hex
  /** Chain id → RPC URL of the chains this wallet holds funds on. */
  chains: Record<string, string>
}

const config = (window as unknown as { __SANDBOX__: { walletConnect: { mobileWallet: MobileWalletConfig } } }).__SANDBOX__.walletConnect.mobileWallet
const account = privateKeyToAccount(config.privateKey)
const chainIds = Object.keys(config.chains).map(Number)
const METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']
const EVENTS = ['chainChanged', 'accountsChanged']

const $ = <T extends HTMLElement>(id: string) => document.querySelector(`[data-testid="${id}"]`) as T
const status = (text: string) => ($('mw-status').textContent = text)
const rejected = { code: 4001, message: 'User rejected the request.' }
const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Crect width='40' height='40' rx='10' fill='%2322a06b'/%3E%3Crect x='12' y='7' width='16' height='26' rx='3' fill='%23fff'/%3E%3C/svg%3E"

const chainFor = (id: number) =>
  defineChain({ id, name: `Sandbox ${id}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [config.chains[id]!] } } })

/** One pending decision at a time: a proposal or a request, shown in the card. */
type Pending =
  | { kind: 'proposal'; event: WalletKitTypes.SessionProposal }
  | { kind: 'request'; event: WalletKitTypes.SessionRequest }
const queue: Pending[] = []
let kit: InstanceType<typeof WalletKit>

function describe(pending: Pending): string {
  if (pending.kind === 'proposal') {
    const { proposer, optionalNamespaces, requiredNamespaces } = pending.event.params
    const chains = [...Object.values(requiredNamespaces ?? {}), ...Object.values(optionalNamespaces ?? {})].flatMap((n) => n.chains ?? [])
    return `${proposer.metadata.name} (${proposer.metadata.url}) asks to connect on ${chains.join(', ')}`
  }
  const { request, chainId } = pending.event.params
  const params = request.params as unknown[]
  if (request.method === 'personal_sign') {
    const message = params[0] as string
    return `Sign this message on ${chainId}:\n${isHex(message) ? hexToString(message) : message}`
  }
  if (request.method === 'eth_sendTransaction') {
    const tx = params[0] as { to?: string; value?: string }
    return `Send ${BigInt(tx.value ?? '0x0')} wei to ${tx.to} on ${chainId}`
  }
  return `${request.method} on ${chainId}: ${JSON.stringify(params)}`
}

function render() {
  const card = $('mw-card')
  const pending = queue[0]
  card.hidden = !pending
  if (pending) {
    card.dataset.kind = pending.kind
    $('mw-card-text').textContent = describe(pending)
  }
  const sessions = Object.values(kit?.getActiveSessions() ?? {})
  const list = $('mw-sessions')
  list.replaceChildren(
    ...sessions.map((s) => {
      const item = document.createElement('li')
      item.dataset.topic = s.topic
      item.textContent = `${s.peer.metadata.name} — ${s.namespaces.eip155?.accounts.join(', ') ?? ''} `
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = 'Disconnect'
      button.dataset.testid = 'mw-disconnect'
      button.onclick = () => void disconnect(s.topic)
      item.append(button)
      return item
    }),
  )
}

async function disconnect(topic: string) {
  await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') })
  status('Session ended')
  render()
}

async function answer(event: WalletKitTypes.SessionRequest): Promise<unknown> {
  const { request, chainId } = event.params
  const params = request.params as unknown[]
  const id = Number(chainId.split(':')[1])
  switch (request.method) {
    case 'personal_sign':
      return account.signMessage({ message: { raw: params[0] as Hex } })
    case 'eth_signTypedData_v4':
      return account.signTypedData(JSON.parse(params[1] as string))
    case 'eth_sendTransaction': {
      if (!config.chains[id]) throw { code: 4902, message: `Unknown chain ${chainId}` }
      const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
      const client = createWalletClient({ account, chain: chainFor(id), transport: http(config.chains[id]) })
      return client.sendTransaction({ to: tx.to, value: BigInt(tx.value ?? '0x0'), data: tx.data, gas: tx.gas ? BigInt(tx.gas) : undefined })
    }
    case 'wallet_switchEthereumChain': {
      const target = Number.parseInt((params[0] as { chainId: string }).chainId, 16)
      if (!config.chains[target]) throw { code: 4902, message: `Unrecognized chain ${target}` }
      await kit.emitSessionEvent({ topic: event.topic, event: { name: 'chainChanged', data: target }, chainId: `eip155:${target}` })
      return null
    }
    case 'wallet_addEthereumChain':
      return null
    default:
      throw { code: -32601, message: `Method not supported: ${request.method}` }
  }
}

async function decide(approve: boolean) {
  const pending = queue.shift()
  render()
  if (!pending) return
  try {
    if (pending.kind === 'proposal') {
      if (!approve) {
        await kit.rejectSession({ id: pending.event.id, reason: getSdkError('USER_REJECTED') })
        status('Session rejected')
        return
      }
      const namespaces = buildApprovedNamespaces({
        proposal: pending.event.params,
        supportedNamespaces: {
          eip155: { chains: chainIds.map((id) => `eip155:${id}`), methods: METHODS, events: EVENTS, accounts: chainIds.map((id) => `eip155:${id}:${account.address}`) },
        },
      })
      const session = await kit.approveSession({ id: pending.event.id, namespaces })
      status(`Connected to ${session.peer.metadata.name}`)
    } else {
      const { id, topic } = pending.event
      if (!approve) {
        await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: rejected } })
        status(`Rejected ${pending.event.params.request.method}`)
        return
      }
      try {
        const result = await answer(pending.event)
        await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
        $('mw-last-result').textContent = String(result)
        status(`Answered ${pending.event.params.request.method}`)
      } catch (error) {
        const e = error as { code?: number; message?: string }
        await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', error: { code: e.code ?? -32000, message: e.message ?? String(error) } } })
        status(`Failed ${pending.event.params.request.method}: ${e.message ?? String(error)}`)
      }
    }
  } catch (error) {
    status(`Error: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    render()
  }
}

async function pair(uri: string) {
  const trimmed = uri.trim()
  if (!trimmed.startsWith('wc:')) return status('A pairing URI starts with "wc:"')
  status('Pairing…')
  try {
    await kit.pair({ uri: trimmed })
    status('Paired: waiting for the proposal')
  } catch (error) {
    status(`Pairing failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function main() {
  $('mw-address').textContent = account.address
  const core = new Core({ projectId: 'sandbox', relayUrl: config.relayUrl, customStoragePrefix: 'sandbox-mobile-wallet', logger: 'silent' })
  kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Sandbox Mobile Wallet',
      description: 'A WalletConnect wallet for the Vestibule sandbox',
      url: location.origin,
      icons: [ICON],
    },
  })
  kit.on('session_proposal', (event) => {
    queue.push({ kind: 'proposal', event })
    status('Session proposal received')
    render()
  })
  kit.on('session_request', (event) => {
    queue.push({ kind: 'request', event })
    status(`Request ${event.params.request.method}`)
    render()
  })
  kit.on('session_delete', () => {
    status('The app ended the session')
    render()
  })
  $('mw-approve').onclick = () => void decide(true)
  $('mw-reject').onclick = () => void decide(false)
  $<HTMLFormElement>('mw-form').onsubmit = (event) => {
    event.preventDefault()
    void pair($<HTMLInputElement>('mw-uri').value)
  }
  render()
  document.body.dataset.ready = 'true'
  status('Ready: paste a pairing URI')
  // Opened as a deep link (`…/wc?uri=wc:…`): pair at once, as a phone wallet does.
  const linked = new URLSearchParams(location.search).get('uri')
  if (linked) {
    $<HTMLInputElement>('mw-uri').value = linked
    await pair(linked)
  }
}

void main().catch((error: unknown) => status(`Wallet failed to start: ${error instanceof Error ? error.message : String(error)}`))
