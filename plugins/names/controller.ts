/**
 * The registration form without a UI. A typed label is lower-cased (in the field too) and checked (letters, digits or hyphens, at least
 * 4, never reading as an address); once typing rests SUGGESTIONS_DEBOUNCE_MS the zone's suggestions are asked for, and an answer for anything but
 * the latest input is dropped. The typed name's own suggestion tells whether it is free. Registering signs a
 * message with the account and posts it with the network's coin type; success shows RegisterAccountNameSuccess,
 * a failure stays on the form with the API's reason when it gives one, else "Error registering name {name}".
 */
import { atom, type ReadableAtom } from 'nanostores'
import { isUserRejection } from 'vestibule/kernel'
import { apiReason, checkSuggestions, registrationProblem, type Suggestion } from './checks.js'
import { chainIdToCoinType, fullName, labelOf, NOT_ELIGIBLE, type LabelProblem } from './rules.js'

/** How long typing must rest before the suggestions are asked for. */
export const SUGGESTIONS_DEBOUNCE_MS = 300

/** A message key with its values, translated by the view. */
export interface Message {
  key: string
  values?: Record<string, string | number>
}

export interface RegisterState {
  /** What the user typed, lower-cased. */
  input: string
  /** The label it stands for (trimmed, lower-case, zone dropped). */
  label: string
  problem?: LabelProblem
  suggestions: readonly Suggestion[]
  lookup: 'idle' | 'loading' | 'ready' | 'failed'
  /** From the typed name's own suggestion; unknown when the API did not list it. */
  availability: 'unknown' | 'available' | 'taken'
  status: 'editing' | 'signing' | 'posting' | 'done'
  error?: Message
  /** The name registered last. */
  registered?: string
}

/** The account registration is for: undefined unless eligible (see `eligibleAccount`). */
export interface RegisteringAccount {
  address: string
  chainId: number
}

export interface RegisterDeps {
  zone: string
  account(): RegisteringAccount | undefined
  /** The raw answer of `/v1/profile/suggestions/{label}?zone=` (null: nothing to suggest on this network). */
  suggestions(label: string): Promise<unknown>
  signMessage(message: string): Promise<string>
  /** Posts the registration; resolves with the raw answer, rejects with the HTTP error. */
  post(body: { coin_type: number; address: string; message: string; signature: string }): Promise<unknown>
  /** The name now points at the address: what was cached of it is stale, and the account shows it. */
  registered(address: string, name: string): void
  /** Shows the success view. */
  succeeded(name: string): void
  now?(): number
}

export interface RegisterController {
  readonly $state: ReadableAtom<RegisterState>
  setInput(text: string): void
  /** Registers the typed name; resolves when done (success or failure is in the state). */
  submit(): Promise<void>
  /** Back to an empty form (another account, a disconnect, after success). */
  reset(): void
}

const EMPTY: RegisterState = { input: '', label: '', suggestions: [], lookup: 'idle', availability: 'unknown', status: 'editing' }

/**
 * The message signed to register `name` for `address`: JSON of the name, the address, the (empty) attributes and
 * the time in Unix seconds, which the API checks against the signature and the clock.
 */
export const registrationMessage = (name: string, address: string, seconds: number) =>
  JSON.stringify({ name, address, attributes: {}, timestamp: seconds })

export function createRegisterController(deps: RegisterDeps): RegisterController {
  const $state = atom<RegisterState>({ ...EMPTY })
  const now = deps.now ?? Date.now
  let timer: ReturnType<typeof setTimeout> | undefined
  /** Bumped by every input: an answer carries the number it was asked under. */
  let generation = 0
  const set = (patch: Partial<RegisterState>) => $state.set({ ...$state.get(), ...patch })

  async function lookup(label: string, asked: number) {
    const name = fullName(label, deps.zone)
    let suggestions: Suggestion[] | undefined
    try {
      const body = await deps.suggestions(label)
      suggestions = body === null ? [] : checkSuggestions(body, deps.zone)
    } catch {
      suggestions = undefined
    }
    if (asked !== generation) return
    if (!suggestions) return set({ lookup: 'failed', suggestions: [] })
    const own = suggestions.find((s) => s.name === name)
    set({
      lookup: 'ready',
      suggestions: suggestions.filter((s) => s !== own),
      availability: own ? (own.registered ? 'taken' : 'available') : 'unknown',
    })
  }

  function setInput(text: string) {
    if ($state.get().status === 'signing' || $state.get().status === 'posting') return
    clearTimeout(timer)
    const asked = ++generation
    const label = labelOf(text.slice(0, 256), deps.zone)
    const problem = label ? registrationProblem(label) : undefined
    $state.set({ ...EMPTY, input: text.slice(0, 256).toLowerCase(), label, problem, lookup: label && !problem ? 'loading' : 'idle' })
    if (!label || problem) return
    timer = setTimeout(() => void lookup(label, asked), SUGGESTIONS_DEBOUNCE_MS)
  }

  async function submit() {
    const state = $state.get()
    if (state.status === 'signing' || state.status === 'posting') return
    // A reset (disconnect, another account) while this runs: its outcome is not shown on the new form.
    clearTimeout(timer)
    const run = ++generation
    const fail = (error: Message) =>
      void (run === generation && set({ status: 'editing', lookup: state.lookup === 'loading' ? 'idle' : state.lookup, error }))
    if (!state.label || state.problem) return set({ problem: state.problem ?? 'short' })
    const name = fullName(state.label, deps.zone)
    const account = deps.account()
    if (!account) return fail({ key: 'names.notEligible', values: { reason: NOT_ELIGIBLE } })
    if (state.availability === 'taken') return fail({ key: 'names.taken', values: { name } })
    let coinType: number
    try {
      coinType = chainIdToCoinType(account.chainId)
    } catch (error) {
      return fail({ key: 'names.reason', values: { reason: (error as Error).message } })
    }
    set({ status: 'signing', lookup: state.lookup === 'loading' ? 'idle' : state.lookup, error: undefined })
    const message = registrationMessage(name, account.address, Math.floor(now() / 1000))
    let signature: string
    try {
      signature = await deps.signMessage(message)
    } catch (error) {
      return fail(isUserRejection(error) ? { key: 'names.declined' } : { key: 'names.failed', values: { name } })
    }
    set({ status: 'posting' })
    try {
      const answer = await deps.post({ coin_type: coinType, address: account.address, message, signature })
      if ((answer as { success?: unknown } | null)?.success !== true) return fail({ key: 'names.failed', values: { name } })
    } catch (error) {
      const reason = apiReason((error as { body?: string }).body)
      return fail(reason ? { key: 'names.reason', values: { reason } } : { key: 'names.failed', values: { name } })
    }
    deps.registered(account.address, name)
    if (run !== generation) return
    generation++
    $state.set({ ...EMPTY, status: 'done', registered: name })
    deps.succeeded(name)
  }

  return {
    $state,
    setInput,
    submit,
    reset() {
      clearTimeout(timer)
      generation++
      $state.set({ ...EMPTY })
    },
  }
}
