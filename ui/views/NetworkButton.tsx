import type { CaipNetworkId, I18n } from '../../kernel/index.js'
import type { NetworkEntry } from './network-list.js'
import { WalletImage } from '../shell/shared.js'

/**
 * A network to switch to, as the Networks and UnsupportedChain views list it: image, name, a hint ("not
 * approved" when the session did not approve it, else `hint`), a spinner while the switch to it is pending, and
 * with `markActive` the active network marked. The views keep their own rules for when a row is disabled.
 */
export function NetworkButton(props: {
  entry: NetworkEntry
  i18n: I18n
  hint?: string
  markActive?: boolean
  pending?: CaipNetworkId
  disabled: boolean
  onChoose(): void
}) {
  const { entry, i18n, hint, pending, disabled, onChoose } = props
  const active = Boolean(props.markActive && entry.active)
  return (
    <button
      type="button"
      className={active ? 'vb-item vb-net-active' : 'vb-item'}
      data-network-id={entry.network.caipNetworkId}
      data-active={active ? '' : undefined}
      aria-current={active ? 'true' : undefined}
      disabled={disabled}
      onClick={onChoose}
    >
      <WalletImage src={entry.imageUrl} name={entry.network.name} />
      <span className="vb-item-text">
        <span className="vb-item-name">{entry.network.name}</span>
        {entry.disabled ? (
          <span className="vb-item-hint">{i18n.t('networks.notApproved')}</span>
        ) : hint ? (
          <span className="vb-item-hint">{hint}</span>
        ) : null}
      </span>
      {pending === entry.network.caipNetworkId ? <span className="vb-spinner vb-spinner-sm" aria-hidden="true" /> : null}
      {active ? <span className="vb-tag">{i18n.t('networks.active')}</span> : null}
    </button>
  )
}

/** Under the list: "Switching…" while a switch is pending (announced), and the last switch's failure. */
export function SwitchStatus({
  i18n,
  pending,
  error,
  errorTestId,
}: {
  i18n: I18n
  pending?: CaipNetworkId
  error?: string
  errorTestId?: string
}) {
  return (
    <>
      <div role="status" className="vb-muted" style={{ marginTop: 12, textAlign: 'center' }}>
        {pending ? i18n.t('networks.switching') : ''}
      </div>
      {error ? (
        <p className="vb-error" role="alert" style={{ textAlign: 'center', marginTop: 8 }} data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  )
}
