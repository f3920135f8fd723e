/**
 * The sign-in flow, framework-free: which sessions are valid for the connected account, the message to sign, the
 * wallet's signature checked, the session kept, and what cancel and success do. The view renders `controller()`.
 */
import { atom, type MapStore, type ReadableAtom } from 'nanostores'
import { chainFeature, type PluginContext } from 'vestibule/kernel'
import { checksumAddress, isNonce, timeOf } from './grammar.js'
import { createSiwxMessage, parseSiwxMessage, verifySiwxMessage, type SiwxMessageFields } from './messages.js'
import { createLocalStore } from './sessions.js'
import { legacyStore } from './legacy.js'
import type { SiwxSession, SiwxSessionStore, SiwxState } from './types.js'

export interface SignView {
  phase: 'checking' | 'preparing' | 'ready' | 'signing' | 'verifying' | 'failed' | 'done'
  required: boolean
  /** The account asked to sign, its network's CAIP-2 id and name. */
  address?: string
  chainId?: string
  network?: string
  /** The text the wallet is asked to sign. */
  message?: string
  /** Why the last attempt failed, shown beside Retry. */
  reason?: string
}

export interface SignController {
  readonly $view: ReadableAtom<SignView>
  /** Looks for a valid session (done at once when there is one), else prepares the message. */
  start(): Promise<void>
  /** Asks the wallet to sign, checks the signature and keeps the session; after a failure, prepares a new message first. */
  sign(): Promise<void>
  /** Required: disconnects and shows Connect; else leaves signed out and closes. */
  cancel(): Promise<void>
}

export interface SiwxFlow {
  /** Whether a valid session covers the connected account on its network (the state says which). */
  check(): Promise<boolean>
  controller(): SignController
  sessions(): Promise<readonly SiwxSession[]>
  signOut(): Promise<void>
  /** Ends every session (a disconnect). */
  clear(): Promise<void>
}

const DAY_S = 86_400
/** A signature as wallets return it: printable ASCII (hex, base58, base64), not empty, not huge. */
const isSignature = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 8192 && /^[\x21-\x7e]+$/.test(value)
const reasonOf = (error: unknown) => String((error as { message?: unknown })?.message ?? error).slice(0, 300)
const isRejection = (error: unknown) => (error as { code?: unknown })?.code === 4001 || (error as { code?: unknown })?.code === 'USER_REJECTED' || /reject|declin|denied|cancel/i.test(reasonOf(error))
const randomNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'[b % 56]).join('')

/** The page the message is for: its host is the only domain signed through this flow. */
function page(): { host: string; origin: string } | undefined {
  const location = (globalThis as { location?: { host?: unknown; origin?: unknown } }).location
  return typeof location?.host === 'string' && location.host && typeof location.origin === 'string' ? { host: location.host, origin: location.origin } : undefined
}

export function createSiwxFlow(ctx: PluginContext, options: { required: boolean; $state: MapStore<SiwxState> }): SiwxFlow {
  const { $state, required } = options
  const t = ctx.i18n.t
  const store: SiwxSessionStore = ctx.options.siweConfig ? legacyStore(ctx.options.siweConfig) : (ctx.options.siwx?.store ?? createLocalStore(ctx.storage, () => page()?.host))
  const now = () => Date.now()
  const current = () => {
    const account = ctx.connection.account()
    return account && { ...account, chainId: account.network.caipNetworkId }
  }
  /** A session is used only for its account and network, on this page, inside its times. */
  const usable = (s: SiwxSession, chainId: string, address: string) => {
    const d = s?.data
    if (!d || d.chainId !== chainId || typeof d.accountAddress !== 'string' || d.accountAddress.toLowerCase() !== address.toLowerCase()) return false
    if (d.domain !== undefined && d.domain.toLowerCase() !== page()?.host.toLowerCase()) return false
    return !(timeOf(d.expirationTime) <= now()) && !(timeOf(d.notBefore) > now())
  }

  let checking: { key: string; done: Promise<boolean> } | undefined
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
    controller: () => createController(),
    async sessions() {
      const account = current()
      if (!account) throw new Error(t('siwx.noAccount'))
      return (await store.get(account.chainId, account.address)).filter((s) => usable(s, account.chainId, account.address))
    },
    async signOut() {
      const account = current()
      if (account) await store.revoke(account.chainId, account.address)
      $state.set({ status: 'signedOut' })
      ctx.events.emit('siwx:signOut', {})
    },
    async clear() {
      await store.clear()
    },
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
      found = (await store.get(account.chainId, account.address)).find((s) => usable(s, account.chainId, account.address))
    } catch (error) {
      // The store (a server) could not answer: signed out, with the reason; the user may sign again.
      $state.set({ status: 'needed', chainId: account.chainId, address: account.address, error: reasonOf(error) })
      return false
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

  /** The message fields for the account: the server's (nonce and what it fixes) over the page's defaults. */
  async function prepare(account: NonNullable<ReturnType<typeof current>>): Promise<string> {
    const where = page()
    if (!where) throw new Error('no page to sign in to')
    const config = ctx.options.siwx ?? {}
    const address = account.namespace === 'eip155' && /^0x[0-9a-fA-F]{40}$/.test(account.address) ? checksumAddress(account.address) : account.address
    const request = { chainId: account.chainId, address, domain: where.host, uri: where.origin }
    const fixed = store.prepare ? await store.prepare(request) : { nonce: randomNonce() }
    const issued = now()
    const fields: SiwxMessageFields = {
      domain: where.host,
      accountAddress: address,
      chainId: account.chainId,
      uri: where.origin,
      version: '1',
      issuedAt: new Date(issued).toISOString(),
      expirationTime: new Date(issued + (config.expiresIn ?? DAY_S) * 1000).toISOString(),
      ...(config.statement !== undefined ? { statement: config.statement } : {}),
      ...(config.resources ? { resources: config.resources } : {}),
      ...(fixed ?? {}),
    }
    if (!isNonce(String(fields.nonce ?? ''))) throw new Error('the nonce must be at least 8 letters or digits')
    if (String(fields.domain).toLowerCase() !== where.host.toLowerCase()) throw new DomainError(t('siwx.otherDomain', { domain: String(fields.domain), page: where.host }))
    const text = createSiwxMessage(fields)
    const problems = verifySiwxMessage(text, { domain: where.host, chainId: account.chainId, address, now: now() })
    if (problems.length) throw new Error(t('siwx.badMessage', { reason: problems.map((p) => p.message).join('; ') }))
    return text
  }

  /** Whether the chain plugin finds `signature` valid; undefined when it cannot verify (the store's server then does). */
  async function verified(account: NonNullable<ReturnType<typeof current>>, message: string, signature: string): Promise<boolean | undefined> {
    let verify
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

  function createController(): SignController {
    const $view = atom<SignView>({ phase: 'checking', required })
    let fields: { text: string; account: NonNullable<ReturnType<typeof current>> } | undefined
    let busy = false
    const set = (patch: Partial<SignView>) => $view.set({ ...$view.get(), ...patch })
    const fail = (reason: string, account = current()) => {
      set({ phase: 'failed', reason })
      $state.set({ status: 'needed', chainId: account?.chainId, address: account?.address, error: reason })
      ctx.feedback.hideSnackbar()
      ctx.events.emit('siwx:error', { chainId: account?.chainId, address: account?.address, reason })
      ctx.events.emit('track', { event: 'SIWX_AUTH_ERROR', properties: { reason } })
    }
    const finish = () => {
      set({ phase: 'done' })
      ctx.router.completeTransaction('success')
    }
    const ready = async () => {
      const account = current()
      if (!account) return fail(t('siwx.noAccount'))
      set({ phase: 'preparing', address: account.address, chainId: account.chainId, network: account.network.name, reason: undefined })
      try {
        fields = { text: await prepare(account), account }
        set({ phase: 'ready', message: fields.text })
      } catch (error) {
        fields = undefined
        fail(error instanceof DomainError ? error.message : t('siwx.initFailed', { reason: reasonOf(error) }), account)
      }
    }
    return {
      $view,
      async start() {
        set({ phase: 'checking' })
        if (await flow.check()) return finish()
        await ready()
      },
      async sign() {
        if (busy) return
        busy = true
        try {
          if (!fields || $view.get().phase === 'failed') await ready()
          if (!fields) return
          const { text, account } = fields
          // A message is signed once: its nonce is spent whatever happens next.
          fields = undefined
          set({ phase: 'signing', reason: undefined })
          let signature: unknown
          try {
            signature = await ctx.connection.signMessage(text)
          } catch (error) {
            return fail(isRejection(error) ? t('siwx.declined') : reasonOf(error), account)
          }
          if (!isSignature(signature)) return fail(t('siwx.malformed'), account)
          if ((await verified(account, text, signature)) === false) return fail(t('siwx.mismatch'), account)
          set({ phase: 'verifying' })
          ctx.feedback.showSnackbar('loading', t('siwx.authenticating'))
          const session: SiwxSession = { data: parseSiwxMessage(text), message: text, signature }
          let answer: unknown
          try {
            answer = await store.add(session)
          } catch (error) {
            return fail(t('siwx.refused', { reason: reasonOf(error) }), account)
          }
          ctx.feedback.hideSnackbar()
          $state.set({ status: 'signedIn', chainId: account.chainId, address: account.address, session })
          ctx.events.emit('siwx:signIn', { session, answer })
          ctx.events.emit('track', { event: 'SIWX_AUTH_SUCCESS', properties: { chainId: account.chainId } })
          finish()
        } finally {
          busy = false
        }
      },
      async cancel() {
        ctx.events.emit('siwx:cancel', { required })
        ctx.events.emit('track', { event: 'CLICK_CANCEL_SIWX', properties: { required } })
        ctx.feedback.hideSnackbar()
        if (!required) {
          if ($state.get().status === 'needed') $state.setKey('error', undefined)
          return void ctx.router.completeTransaction('cancel')
        }
        ctx.router.clearTransactions()
        try {
          await ctx.connection.disconnect()
        } finally {
          if (ctx.views.has('Connect')) ctx.router.reset('Connect')
        }
      },
    }
  }
  return flow
}

class DomainError extends Error {}
