import { useEffect, useState } from 'react'
import { Button, EmptyState, LoadingState, TextInput, useStore, type ViewProps } from 'vestibule/ui'
import type { I18n } from 'vestibule/kernel'
import type { Message, RegisterController, RegisterState } from '../controller.js'
import type { NamesApi } from '../index.js'
import { fullName } from '../rules.js'

type Translate = I18n['t']
const say = (t: Translate, message: Message | undefined) => (message ? t(message.key, message.values) : undefined)

/** RegisterAccountName: the name field, the zone's suggestions, availability, and the register button. */
export default function RegisterAccountName({ ctx }: ViewProps<unknown, 'names'>) {
  const api = ctx.api as NamesApi
  const [controller, setController] = useState<RegisterController>()
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    api.controller().then(
      (c) => live && setController(c),
      () => live && setFailed(true),
    )
    return () => void (live = false)
  }, [api])
  // Drawn again when the account changes, so an account that may no longer register is told so.
  useStore(ctx.state.$chains)
  if (!api.eligible()) return <EmptyState title={ctx.t('names.needsAuth')} />
  if (failed) return <EmptyState title={ctx.t('view.unknown')} />
  if (!controller) return <LoadingState label={ctx.t('names.title')} />
  return <Form controller={controller} zone={api.zone} t={ctx.t} />
}

function Form({ controller, zone, t }: { controller: RegisterController; zone: string; t: Translate }) {
  const state = useStore(controller.$state)
  const busy = state.status === 'signing' || state.status === 'posting'
  const name = state.label ? fullName(state.label, zone) : ''
  return (
    <form className="vb-names" data-testid="names-form" aria-busy={busy} onSubmit={(e) => (e.preventDefault(), void controller.submit())}>
      <TextInput
        label={t('names.label')}
        data-testid="names-input"
        value={state.input}
        disabled={busy}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={`name.${zone}`}
        onChange={(e) => controller.setInput(e.target.value)}
        error={state.problem ? t(`names.${state.problem}`) : undefined}
      />
      <p className="vb-muted vb-names-hint">{t('names.hint', { example: name || `name.${zone}` })}</p>
      <Availability state={state} name={name} t={t} />
      <Suggestions state={state} zone={zone} busy={busy} t={t} onPick={(label) => controller.setInput(label)} />
      {state.error ? (
        <p className="vb-error" role="alert" data-testid="names-error">
          {say(t, state.error)}
        </p>
      ) : null}
      <Button
        type="submit"
        data-testid="names-register"
        disabled={busy || !state.label || !!state.problem || state.availability === 'taken'}
      >
        {state.status === 'signing' ? t('names.signing') : state.status === 'posting' ? t('names.posting') : t('names.register')}
      </Button>
    </form>
  )
}

function Availability({ state, name, t }: { state: RegisterState; name: string; t: Translate }) {
  if (!state.label || state.problem || state.status !== 'editing') return null
  const text =
    state.lookup === 'loading'
      ? t('names.checking')
      : state.availability === 'available'
        ? t('names.available', { name })
        : state.availability === 'taken'
          ? t('names.takenShort', { name })
          : ''
  return (
    <p
      className={state.availability === 'taken' ? 'vb-error' : 'vb-muted'}
      data-testid="names-availability"
      data-availability={state.availability}
      aria-live="polite"
    >
      {text}
    </p>
  )
}

function Suggestions({
  state,
  zone,
  busy,
  t,
  onPick,
}: {
  state: RegisterState
  zone: string
  busy: boolean
  t: Translate
  onPick(label: string): void
}) {
  if (state.lookup === 'failed')
    return (
      <p className="vb-error" data-testid="names-suggestions-failed">
        {t('names.suggestionsFailed')}
      </p>
    )
  if (state.lookup !== 'ready' || !state.suggestions.length) return null
  return (
    <div className="vb-field" data-testid="names-suggestions">
      <span className="vb-label">{t('names.suggestions')}</span>
      <ul className="vb-list">
        {state.suggestions.map((s) => (
          <li key={s.name}>
            <button
              type="button"
              className="vb-item"
              data-suggestion={s.name}
              disabled={busy || s.registered}
              onClick={() => onPick(s.name.slice(0, -(zone.length + 1)))}
            >
              <span className="vb-item-text">
                <span className="vb-item-name">{s.name}</span>
              </span>
              {s.registered ? <span className="vb-tag">{t('names.suggestionTaken')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const styles = `.vb-names { display: flex; flex-direction: column; gap: 12px; } .vb-names-hint { margin: 0; font-size: 13px; overflow-wrap: anywhere; } .vb-names .vb-item-name { overflow-wrap: anywhere; }`
