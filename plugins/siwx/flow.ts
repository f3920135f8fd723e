/**
 * The sign-in flow, framework-free: which sessions are valid for the connected account, the message to sign, the
 * wallet's signature checked, the session kept, and what cancel and success do. The view renders `controller()`.
 */
import type { MapStore } from 'nanostores'
import { chainFeature, type PluginContext } from 'vestibule/kernel'
import { createCacao } from './cacao.js'
import { checksumAddress, isNonce, NONCE_MAX, timeOf } from './grammar.js'
import {
  blockchainName,
  checkSiwxFields,
  createSiwxMessage,
  verifySiwxMessage,
  type SiwxMessageFields,
  type SiwxRules,
} from './messages.js'
import { createLocalStore } from './sessions.js'
import { legacyStore } from './legacy.js'
import { messages } from './texts.js'
import { siwxTabs } from './tabs.js'
import type { SiwxSession, SiwxSessionStore, SiwxState } from './types.js'
import { createSignController, DomainError, isTimeout, reasonOf, type Account, type SignController } from './controller.js'

export type { SignController, SignView } from './controller.js'

export interface SiwxFlow {
  /** Whether a valid session covers the connected account on its network (the state says which). */
  check(): Promise<boolean>
  /** The sign view's controller; `navigate: false` leaves the modal's views alone (a host drawing its own UI). */
  controller(options?: { navigate?: boolean }): SignController
  sessions(): Promise<readonly SiwxSession[]>
  signOut(): Promise<void>
  /** Ends every session (a disconnect). */
  clear(): Promise<void>
  /**
   * Reads the store again after another tab signed in or out: 'signedOut' when the session this tab was signed in
   * with is gone (the state says signedOut, the host hears `siwx:signOut`), 'signedIn' when a session now covers the
   * account; undefined when nothing changed (the store still says what this tab believed, or could not answer).
   */
  follow(): Promise<'signedIn' | 'signedOut' | undefined>
}

/** What the plugin shares with its flow: its modal's life, and what follows a change made in another tab. */
export interface FlowOptions {
  required: boolean
  $state: MapStore<SiwxState>
  /** Set once the modal is destroyed; `stop` ends the listening to the other tabs. */
  life?: { gone: boolean; stop?: () => void }
  followed?: (change: 'signedIn' | 'signedOut') => void
}

const DAY_S = 86_400
const randomNonce = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[b % 56]).join(
    '',
  )

/** The page the message is for: its host is the only domain signed through this flow. */
function page(): { host: string; origin: string } | undefined {
  const location = (globalThis as { location?: { host?: unknown; origin?: unknown } }).location
  return typeof location?.host === 'string' && location.host && typeof location.origin === 'string'
    ? { host: location.host, origin: location.origin }
    : undefined
}

/** Each loaded chain plugin's own address rule, by namespace: a message carries an address its chain takes. */
const chainRules = (ctx: PluginContext): SiwxRules => ({
  addresses: Object.fromEntries(
    ctx.chains.list().map((adapter) => [
      adapter.namespace,
      (address: string, chainId: string) =>
        adapter.isAddress(
          address,
          adapter.networks.find((n) => n.caipNetworkId === chainId),
        ),
    ]),
  ),
})

/** The session store the options choose, and how the page reads it: the connected account, usable sessions, kept CACAOs. */
function sessionAccess(ctx: PluginContext) {
  const store: SiwxSessionStore = ctx.options.siweConfig
    ? legacyStore(ctx.options.siweConfig)
    : (ctx.options.siwx?.store ??
      createLocalStore(
        ctx.storage,
        () => page()?.host,
        undefined,
        () => chainRules(ctx),
      ))
  const now = () => Date.now()
  const current = (): Account | undefined => {
    const account = ctx.connection.account()
    return account && { ...account, chainId: account.network.caipNetworkId }
  }
  /** A session is used only for its account and network, on this page, inside its times. */
  const usable = (s: SiwxSession, chainId: string, address: string) => {
    const d = s?.data
    if (!d || d.chainId !== chainId || typeof d.accountAddress !== 'string' || d.accountAddress.toLowerCase() !== address.toLowerCase())
      return false
    if (d.domain !== undefined && d.domain.toLowerCase() !== page()?.host.toLowerCase()) return false
    return !(timeOf(d.expirationTime) <= now()) && !(timeOf(d.notBefore) > now())
  }

  /** The sessions the store keeps for the account; a CACAO is kept only when the session's fields and signature make it. */
  const kept = async (chainId: string, address: string): Promise<SiwxSession[]> =>
    (await store.get(chainId, address)).map((s) => {
      if (s?.cacao === undefined) return s
      const { cacao, ...rest } = s
      let made: unknown
      try {
        made = createCacao(rest.data, rest.signature)
      } catch {
        made = undefined
      }
      return JSON.stringify(cacao) === JSON.stringify(made) ? s : rest
    })
  return { store, now, current, usable, kept }
}

export function createSiwxFlow(ctx: PluginContext, options: FlowOptions): SiwxFlow {
  const { $state, required } = options
  ctx.i18n.add(messages, () => import('./locales/index.js'))
  const t = ctx.i18n.t
  const { store, now, current, usable, kept } = sessionAccess(ctx)

  let checking: { key: string; done: Promise<boolean> } | undefined
  const tabs = listen()
  const flow: SiwxFlow = {
    check() {
      const account = current()
      const key = `${account?.chainId}|${account?.address}`
      // One check per account at a time: a second caller shares the first one's answer.
      if (checking?.key === key) return checking.done
      const done = look().finally(() => {
        if (checking?.done === done) checking = undefined
      })
      checking = { key, done }
      return done
    },
    controller: (options) =>
      createSignController({
        ctx,
        required,
        $state,
        store,
        current,
        check: () => flow.check(),
        prepare: (account) => prepareMessage(ctx, store, account, now),
        verified: verifiedByChain,
        rules: () => chainRules(ctx),
        navigate: options?.navigate ?? true,
      }),
    async sessions() {
      const account = current()
      if (!account) throw new Error(t('siwx.noAccount'))
      return (await kept(account.chainId, account.address)).filter((s) => usable(s, account.chainId, account.address))
    },
    async signOut() {
      const account = current()
      if (account) await store.revoke(account.chainId, account.address)
      $state.set({ status: 'signedOut' })
      ctx.events.emit('siwx:signOut', {})
      tabs?.tell('signOut')
    },
    /** Ends every session (a disconnect); the host hears `siwx:signOut` once the store has forgotten them. */
    async clear() {
      await store.clear()
      ctx.events.emit('siwx:signOut', {})
    },
    async follow() {
      // A check under way may have read the store before the other tab's change: this reads it after that check.
      await checking?.done.catch(() => undefined)
      const account = current()
      if (!account) return undefined
      const same = (s: SiwxState) => s.chainId === account.chainId && s.address?.toLowerCase() === account.address.toLowerCase()
      const before = $state.get()
      const wasIn = before.status === 'signedIn' && same(before)
      let found: SiwxSession | undefined
      try {
        found = (await kept(account.chainId, account.address)).find((s) => usable(s, account.chainId, account.address))
      } catch {
        // The store could not answer: this tab keeps what it knew; its next check asks again.
        return undefined
      }
      const still = current()
      if (still?.chainId !== account.chainId || still.address !== account.address) return undefined
      const now = $state.get()
      if (wasIn && !found && now.status === 'signedIn' && same(now)) {
        $state.set({ status: 'signedOut', chainId: account.chainId, address: account.address })
        ctx.events.emit('siwx:signOut', {})
        return 'signedOut'
      }
      // A session this tab did not have: checked in full (the chain's verifier too) before it counts.
      if (!wasIn && found && now.status !== 'signedIn') return (await flow.check()) ? 'signedIn' : undefined
      return undefined
    },
  }

  /** Listens to the other tabs of the origin, unless the modal keeps nothing in storage (then it shares nothing). */
  function listen() {
    const life = options.life
    if (ctx.options.storage === null || life?.gone) return undefined
    const own = !ctx.options.siweConfig && !ctx.options.siwx?.store
    const report = (error: unknown) => ctx.events.emit('error', { source: 'siwx', error })
    const tabs = siwxTabs({
      storagePrefix: ctx.options.storagePrefix,
      sessionsKey: own ? `${ctx.options.storagePrefix ?? '@vestibule'}/v1/siwx/sessions` : undefined,
      changed: () =>
        flow
          .follow()
          .then((change) => change && !life?.gone && options.followed?.(change))
          .catch(report),
    })
    ctx.events.on('siwx:signIn', () => tabs.tell('signIn'))
    if (life) life.stop = tabs.close
    return tabs
  }

  /** Looks for a valid session of the connected account on its network and says so in the state. */
  async function look(): Promise<boolean> {
    const account = current()
    if (!account) return false
    const before = $state.get()
    const askedAlready = before.status === 'needed' && before.chainId === account.chainId && before.address === account.address
    $state.set({ status: 'checking', chainId: account.chainId, address: account.address })
    let found: SiwxSession | undefined
    try {
      found = (await kept(account.chainId, account.address)).find((s) => usable(s, account.chainId, account.address))
    } catch (error) {
      // The store (a server) could not answer: signed out, with the reason; the user may sign again.
      $state.set({
        status: 'needed',
        chainId: account.chainId,
        address: account.address,
        error: isTimeout(error) ? t('siwx.timeout') : reasonOf(error),
      })
      return false
    }
    // A session the page kept itself is checked by the chain plugin's verifier too, where the family has one.
    if (
      found &&
      !ctx.options.siweConfig &&
      !ctx.options.siwx?.store &&
      (await verifiedByChain(account, found.message, found.signature)) === false
    ) {
      await store.revoke(account.chainId, account.address)
      found = undefined
    }
    const still = current()
    if (still?.chainId !== account.chainId || still.address !== account.address) return false
    if (found) $state.set({ status: 'signedIn', chainId: account.chainId, address: account.address, session: found })
    else {
      $state.set({ status: 'needed', chainId: account.chainId, address: account.address })
      if (!askedAlready) ctx.events.emit('siwx:needed', { chainId: account.chainId, address: account.address })
    }
    return Boolean(found)
  }

  return flow
}

/** The message fields for the account: the server's (nonce and what it fixes) over the page's defaults. */
async function prepareMessage(ctx: PluginContext, store: SiwxSessionStore, account: Account, now: () => number): Promise<string> {
  const t = ctx.i18n.t
  const where = page()
  if (!where) throw new Error('no page to sign in to')
  const config = ctx.options.siwx ?? {}
  const address =
    account.namespace === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(account.address) ? checksumAddress(account.address) : account.address
  const request = { chainId: account.chainId, address, domain: where.host, uri: where.origin }
  const fixed = store.prepare ? await store.prepare(request) : { nonce: randomNonce() }
  const issued = now()
  const blockchain = blockchainName(account.namespace, account.network.nativeCurrency?.name)
  const fields: SiwxMessageFields = {
    domain: where.host,
    accountAddress: address,
    chainId: account.chainId,
    ...(blockchain ? { blockchain } : {}),
    uri: where.origin,
    version: '1',
    issuedAt: new Date(issued).toISOString(),
    expirationTime: new Date(issued + (config.expiresIn ?? DAY_S) * 1000).toISOString(),
    ...(config.statement !== undefined ? { statement: config.statement } : {}),
    ...(config.resources ? { resources: config.resources } : {}),
    ...(fixed ?? {}),
  }
  if (!isNonce(String(fields.nonce ?? ''))) throw new Error(`the nonce must be 8 to ${NONCE_MAX} letters or digits`)
  // The domain and the URI are the page's: a server's other value is never signed.
  if (String(fields.domain).toLowerCase() !== where.host.toLowerCase())
    throw new DomainError(t('siwx.otherDomain', { domain: String(fields.domain), page: where.host }))
  if (fields.uri !== where.origin) throw new DomainError(t('siwx.otherUri', { uri: reasonOf(fields.uri), page: where.origin }))
  const rules = chainRules(ctx)
  const invalid = (problems: readonly { message: string }[]) =>
    new DomainError(t('siwx.badMessage', { reason: reasonOf(problems.map((p) => p.message).join('; ')) }))
  const broken = checkSiwxFields(fields, rules)
  if (broken.length) throw invalid(broken)
  const text = createSiwxMessage(fields, rules)
  const problems = verifySiwxMessage(text, {
    domain: where.host,
    uri: where.origin,
    chainId: account.chainId,
    address,
    now: now(),
    ...rules,
  })
  if (problems.length) throw invalid(problems)
  return text
}

/** Whether the chain plugin finds `signature` valid; undefined when it cannot verify (the store's server then does). */
async function verifiedByChain(account: Account, message: string, signature: string): Promise<boolean | undefined> {
  let verify: ReturnType<typeof chainFeature<'verifyMessage'>>
  try {
    verify = chainFeature(account.adapter, 'verifyMessage')
  } catch {
    return undefined
  }
  try {
    return (await verify({ address: account.address, message, signature, network: account.network })) === true
  } catch {
    return false
  }
}
