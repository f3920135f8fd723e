/**
 * Sandbox Mobile Wallet: a WalletConnect wallet on the real `@reown/walletkit`, as a phone wallet would be.
 * Paste a pairing URI (or open `/mobile-wallet/wc?uri=…` as a deep link), choose which of the proposed chain
 * families to share and approve or reject the session, then approve or reject each request: messages are signed
 * and transactions sent with real keys (eip155, and solana, polkadot, bip122 when the sandbox runs them) against
 * the local chains. The proposal shows what WalletConnect's Verify says about the app's origin. It keeps its own
 * storage prefix, so it never shares state with the app on the same origin.
 */
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, defineChain, hexToString, http, isHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createFamilies, type Family, type FamilyConfig } from './families.js'

interface MobileWalletConfig {
  relayUrl: string
  privateKey: Hex
  /** Chain id → RPC URL of the chains this wallet holds funds on. */
  chains: Record<string, string>
  /** Its accounts on the other chain families the sandbox runs. */
  families?: FamilyConfig
}

const config = (window as unknown as { __SANDBOX__: { walletConnect: { mobileWallet: MobileWalletConfig } } }).__SANDBOX__.walletConnect
  .mobileWallet
const account = privateKeyToAccount(config.privateKey)
const chainIds = Object.keys(config.chains).map(Number)
const METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain']
const EVENTS = ['chainChanged', 'accountsChanged']

const $ = <T extends HTMLElement>(id: string) => document.querySelector(`[data-testid="${id}"]`) as T
const status = (text: string) => ($('mw-status').textContent = text)
const rejected = { code: 4001, message: 'User rejected the request.' }
const ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Crect width='40' height='40' rx='10' fill='%2322a06b'/%3E%3Crect x='12' y='7' width='16' height='26' rx='3' fill='%23fff'/%3E%3C/svg%3E"

const chainFor = (id: number) =>
  defineChain({
    id,
    name: `Sandbox ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.chains[id]!] } },
  })

/** One pending decision at a time: a proposal or a request, shown in the card. */
type Pending = { kind: 'proposal'; event: WalletKitTypes.SessionProposal } | { kind: 'request'; event: WalletKitTypes.SessionRequest }
const queue: Pending[] = []
let kit: InstanceType<typeof WalletKit>
let families: Family[] = []
const familyOf = (chainId: string) => families.find((f) => chainId.startsWith(`${f.namespace}:`))

/** The namespaces this wallet can share: eip155 and the running families. */
const supportedNamespaces = () => ({
  eip155: {
    chains: chainIds.map((id) => `eip155:${id}`),
    methods: METHODS,
    events: EVENTS,
    accounts: chainIds.map((id) => `eip155:${id}:${account.address}`),
  },
  ...Object.fromEntries(families.map((f) => [f.namespace, f.supported])),
})

/** What Verify says about the app's origin: VALID, INVALID, UNKNOWN, or a scam report. */
function verification(context: WalletKitTypes.SessionProposal['verifyContext'] | undefined) {
  const verified = context?.verified
  if (!verified) return { validation: 'UNKNOWN', text: 'Origin not verified' }
  if (verified.isScam) return { validation: 'SCAM', text: `${verified.origin} is reported as a scam` }
  return {
    validation: verified.validation ?? 'UNKNOWN',
    text: `Origin ${verified.origin || 'unknown'}: ${verified.validation ?? 'UNKNOWN'}`,
  }
}

function describe(pending: Pending): string {
  if (pending.kind === 'proposal') {
    const { proposer, optionalNamespaces, requiredNamespaces } = pending.event.params
    const chains = [...Object.values(requiredNamespaces ?? {}), ...Object.values(optionalNamespaces ?? {})].flatMap((n) => n.chains ?? [])
    return `${proposer.metadata.name} (${proposer.metadata.url}) asks to connect on ${chains.join(', ')}\n${verification(pending.event.verifyContext).text}`
  }
  const { request, chainId } = pending.event.params
  const family = familyOf(chainId)
  if (family) return family.describe(request.method, request.params, chainId)
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

/** The proposed namespaces this wallet supports: a checkbox each, all ticked, to share only some of them. */
function renderNamespaces(pending: Pending | undefined) {
  const box = $('mw-namespaces')
  if (pending?.kind !== 'proposal') {
    delete box.dataset.for
    return box.replaceChildren()
  }
  const { optionalNamespaces, requiredNamespaces } = pending.event.params
  const proposed = new Set(
    [...Object.keys(requiredNamespaces ?? {}), ...Object.keys(optionalNamespaces ?? {})].map((key) => key.split(':')[0]!),
  )
  const offered = Object.keys(supportedNamespaces()).filter((ns) => proposed.has(ns))
  if (box.dataset.for === String(pending.event.id)) return
  box.dataset.for = String(pending.event.id)
  box.replaceChildren(
    ...offered.map((ns) => {
      const label = document.createElement('label')
      const input = document.createElement('input')
      input.type = 'checkbox'
      input.checked = true
      input.value = ns
      input.dataset.testid = `mw-ns-${ns}`
      label.append(input, ` ${ns}`)
      return label
    }),
  )
}

function render() {
  const card = $('mw-card')
  const pending = queue[0]
  card.hidden = !pending
  if (pending) {
    card.dataset.kind = pending.kind
    card.dataset.validation = verification(pending.event.verifyContext).validation
    $('mw-card-text').textContent = describe(pending)
  }
  renderNamespaces(pending)
  const sessions = Object.values(kit?.getActiveSessions() ?? {})
  const list = $('mw-sessions')
  list.replaceChildren(
    ...sessions.map((s) => {
      const item = document.createElement('li')
      item.dataset.topic = s.topic
      item.textContent = `${s.peer.metadata.name} — ${Object.values(s.namespaces)
        .flatMap((n) => n.accounts)
        .join(', ')} `
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
  const family = familyOf(chainId)
  if (family) return family.answer(request.method, request.params, chainId)
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
      return client.sendTransaction({
        to: tx.to,
        value: BigInt(tx.value ?? '0x0'),
        data: tx.data,
        gas: tx.gas ? BigInt(tx.gas) : undefined,
      })
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
  // The namespaces left ticked are read before the card is cleared.
  const chosen = new Set(
    [...document.querySelectorAll<HTMLInputElement>('[data-testid="mw-namespaces"] input:checked')].map((i) => i.value),
  )
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
      // Only the namespaces left ticked are shared.
      const supported = Object.fromEntries(Object.entries(supportedNamespaces()).filter(([ns]) => chosen.has(ns)))
      const namespaces = buildApprovedNamespaces({ proposal: pending.event.params, supportedNamespaces: supported })
      const sessionProperties = Object.assign({}, ...families.filter((f) => namespaces[f.namespace]).map((f) => f.sessionProperties ?? {}))
      const session = await kit.approveSession({
        id: pending.event.id,
        namespaces,
        ...(Object.keys(sessionProperties).length ? { sessionProperties } : {}),
      })
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
        $('mw-last-result').textContent = typeof result === 'object' && result !== null ? JSON.stringify(result) : String(result)
        status(`Answered ${pending.event.params.request.method}`)
      } catch (error) {
        const e = error as { code?: number; message?: string }
        await kit.respondSessionRequest({
          topic,
          response: { id, jsonrpc: '2.0', error: { code: e.code ?? -32000, message: e.message ?? String(error) } },
        })
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
  families = await createFamilies(config.families)
  $('mw-address').textContent = [account.address, ...families.map((f) => f.supported.accounts[0]!.split(':')[2])].join(' · ')
  const core = new Core({
    projectId: 'sandbox',
    relayUrl: config.relayUrl,
    customStoragePrefix: 'sandbox-mobile-wallet',
    logger: 'silent',
    telemetryEnabled: false,
  })
  // WalletKit reports an INIT event to the provider's cloud unless the SDK runs under its test flag, whatever
  // telemetryEnabled says; this wallet stands for a phone and reports nothing from the browser.
  core.eventClient.init = async () => {}
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
    const { request, chainId } = event.params
    // Reads the wallet shares anyway are answered without a prompt.
    const family = familyOf(chainId)
    if (family?.autoAnswers?.includes(request.method)) {
      void family
        .answer(request.method, request.params, chainId)
        .then((result) => kit.respondSessionRequest({ topic: event.topic, response: { id: event.id, jsonrpc: '2.0', result } }))
        .catch((error: { code?: number; message?: string }) =>
          kit.respondSessionRequest({
            topic: event.topic,
            response: { id: event.id, jsonrpc: '2.0', error: { code: error.code ?? -32000, message: error.message ?? String(error) } },
          }),
        )
      return
    }
    queue.push({ kind: 'request', event })
    status(`Request ${event.params.request.method}`)
    render()
  })
  // A card whose request can no longer be answered goes: the app ended the session, or the proposal or request
  // expired. Its Approve and Reject buttons would only answer into the void.
  const drop = (stale: (pending: Pending) => boolean) => {
    for (let i = queue.length - 1; i >= 0; i--) if (stale(queue[i]!)) queue.splice(i, 1)
  }
  kit.on('session_delete', ({ topic }) => {
    drop((p) => p.kind === 'request' && p.event.topic === topic)
    status('The app ended the session')
    render()
  })
  kit.on('proposal_expire', ({ id }) => {
    drop((p) => p.kind === 'proposal' && p.event.id === id)
    status('The session proposal expired')
    render()
  })
  kit.on('session_request_expire', ({ id }) => {
    drop((p) => p.kind === 'request' && p.event.id === id)
    status('The request expired')
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
