import { useEffect, useState } from 'react'
import { RowDisconnect } from './RowDisconnect.js'
import type { CaipNetwork, CaipNetworkId, ViewContext } from '../../kernel/index.js'
import { shortenAddress } from '../../kernel/format.js'
import { networkImageUrl } from '../kit/network-image.js'
import { SlotIcon, WalletImage } from '../shell/shared.js'
import { SlotComponent } from '../shell/lazy.js'
import type { ChainState } from '../../kernel/state.js'

/** One chain family of the Account view: its namespace, its label from the chain plugin, its requested networks. */
export interface FamilyGroup {
  namespace: string
  label: string
  networks: readonly CaipNetwork[]
}

/** Every registered chain family, with the networks its state narrowed (else the chain plugin's) and its label. */
export function familyGroups(ctx: ViewContext, allChains: Record<string, ChainState>): FamilyGroup[] {
  return ctx.chains.list().map((adapter) => ({
    namespace: adapter.namespace,
    label: adapter.label ?? adapter.namespace,
    networks: allChains[adapter.namespace]?.networkState.requestedCaipNetworks ?? adapter.networks,
  }))
}

/** The account's name and avatar when it has them, the address with its copy button, the copy announced, and the native balance. */
export function AccountSummary({ ctx, address, account }: { ctx: ViewContext; address: string; account: ChainState['accountState'] }) {
  const { i18n, feedback } = ctx
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  const copy = () => {
    void (navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'))).then(
      () => {
        setCopied(true)
        feedback.showSnackbar('success', i18n.t('account.copied'))
      },
      () => {
        setCopied(false)
        feedback.showSnackbar('error', i18n.t('account.copyFailed'))
      },
    )
  }
  return (
    <>
      {account.profileName ? (
        // The account's name (and avatar) a plugin wrote to its state, already checked; shown as text.
        <p className="vb-profile" data-testid="account-profile">
          {account.profileImage ? <WalletImage src={account.profileImage} name={account.profileName} /> : null}
          <span data-testid="account-name">{account.profileName}</span>
        </p>
      ) : null}
      <div className="vb-address">
        <span data-testid="account-address" title={address}>
          {shortenAddress(address)}
        </span>
        <button type="button" className="vb-icon-btn" aria-label={i18n.t('account.copy')} onClick={copy}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <rect x="9" y="9" width="12" height="12" rx="2" />
            <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
          </svg>
        </button>
      </div>
      {ctx.slots
        .list('account.header')
        .map((line) =>
          line.load ? (
            <SlotComponent
              key={line.id}
              entry={line}
              load={line.load}
              errorText={ctx.i18n.t('view.unknown')}
              retryText={ctx.i18n.t('connecting.retry')}
            />
          ) : null,
        )}
      <span className="vb-sr" role="status">
        {copied ? i18n.t('account.copied') : ''}
      </span>
      <p className="vb-balance" data-testid="account-balance" data-status={account.balanceStatus}>
        {account.balanceStatus === 'ready'
          ? `${account.balance} ${account.balanceSymbol}`
          : account.balanceStatus === 'unavailable'
            ? i18n.t('account.balanceUnavailable')
            : i18n.t('account.balanceLoading')}
      </p>
      {account.balanceStatus === 'unavailable' && account.balanceFault ? (
        <p className="vb-muted" data-testid="account-balance-reason" role="status">
          {i18n.t(`account.balanceFault.${account.balanceFault.kind}`, { status: String(account.balanceFault.status ?? '') })}
        </p>
      ) : null}
    </>
  )
}

/**
 * The active network: shown only when the host turned switching off, a button to the Networks view when there is
 * one, else a select of every family's networks (grouped under the families' labels).
 */
export function NetworkControl(props: {
  ctx: ViewContext
  chain?: ChainState
  groups: readonly FamilyGroup[]
  currentId?: CaipNetworkId
  busy: boolean
  onSwitch(id: CaipNetworkId): void
}) {
  const { ctx, chain, groups, currentId } = props
  const { i18n, router, http } = ctx
  const network = chain?.networkState.caipNetwork
  const name = network?.name ?? i18n.t('account.unsupportedNetwork')
  const image = <WalletImage src={network ? networkImageUrl(network, http) : undefined} name={network?.name ?? '?'} />
  if (!ctx.options.enableNetworkSwitch) {
    return (
      <div className="vb-field" data-testid="network-readonly">
        <span className="vb-label">{i18n.t('account.network')}</span>
        <span className="vb-item vb-network-btn">
          {image}
          <span className="vb-item-name">{name}</span>
        </span>
      </div>
    )
  }
  if (ctx.views.has('Networks')) {
    return (
      <div className="vb-field">
        <span className="vb-label">{i18n.t('account.network')}</span>
        {/* Named by its text, not an aria-label: what a speech user reads on it (the network) is in its name. */}
        <button type="button" className="vb-item vb-network-btn" data-testid="network-button" onClick={() => router.push('Networks')}>
          {image}
          <span className="vb-item-name" aria-hidden="true">
            {name}
          </span>
          <span className="vb-sr">{i18n.t('account.chooseNetwork', { name })}</span>
          <span className="vb-chevron" aria-hidden="true">
            ›
          </span>
        </button>
      </div>
    )
  }
  const options = (networks: readonly CaipNetwork[]) =>
    networks.map((n) => (
      <option key={n.caipNetworkId} value={n.caipNetworkId}>
        {n.name}
      </option>
    ))
  return (
    <label className="vb-field">
      <span className="vb-label">{i18n.t('account.network')}</span>
      <select
        className="vb-select"
        data-testid="network-select"
        value={currentId ?? ''}
        disabled={props.busy}
        onChange={(e) => props.onSwitch(e.target.value as CaipNetworkId)}
      >
        {network ? null : <option value={currentId ?? ''}>{i18n.t('account.unsupportedNetwork')}</option>}
        {groups.length === 1
          ? options(groups[0]!.networks)
          : groups.map((g) => (
              <optgroup key={g.namespace} label={g.label} data-namespace={g.namespace}>
                {options(g.networks)}
              </optgroup>
            ))}
      </select>
    </label>
  )
}

/** The `account.features` slot (Send, Receive …) as a row of buttons. */
export function FeatureButtons({ ctx }: { ctx: ViewContext }) {
  const { i18n, router, slots } = ctx
  const features = slots.list('account.features')
  if (!features.length) return null
  return (
    <div className="vb-features" role="group" aria-label={i18n.t('account.features')} data-testid="account-features">
      {features.map((f) => (
        <button
          key={f.id}
          type="button"
          className="vb-btn vb-btn-secondary vb-feature"
          data-feature={f.id}
          onClick={() => f.view && router.push(f.view, f.data)}
        >
          <SlotIcon icon={f.icon} label={i18n.t(f.label)} />
          <span className="vb-feature-label">{i18n.t(f.label)}</span>
        </button>
      ))}
    </div>
  )
}

/**
 * With more than one chain family connected, each is listed with its network and account: the network name and
 * address are shown whole (they wrap, never cut), its buttons below them; each can be made active or ended alone.
 */
export function ConnectedChains(props: {
  ctx: ViewContext
  allChains: Record<string, ChainState>
  connected: readonly FamilyGroup[]
  active?: string
  disconnecting: boolean
  onUse(namespace: string): void
  onDisconnect(namespace: string): void
}) {
  const { i18n } = props.ctx
  return (
    <div className="vb-field" data-testid="connected-namespaces">
      <span className="vb-label">{i18n.t('account.connectedChains')}</span>
      <ul className="vb-list">
        {props.connected.map((g) => {
          const other = props.allChains[g.namespace]!
          const active = g.namespace === props.active
          const name = other.networkState.caipNetwork?.name ?? g.label
          return (
            <li
              key={g.namespace}
              className="vb-item vb-item-static vb-connected"
              data-namespace={g.namespace}
              data-active={active ? '' : undefined}
            >
              <span className="vb-item-text">
                <span className="vb-item-name">{name}</span>
                <span className="vb-item-hint">{shortenAddress(other.accountState.address ?? '')}</span>
              </span>
              <span className="vb-connected-actions">
                {active ? (
                  <span className="vb-tag">{i18n.t('account.active')}</span>
                ) : (
                  <button
                    type="button"
                    className="vb-btn vb-btn-secondary vb-btn-sm"
                    aria-label={i18n.t('account.makeActiveOne', { name })}
                    onClick={() => props.onUse(g.namespace)}
                  >
                    {i18n.t('account.makeActive')}
                  </button>
                )}
                <RowDisconnect
                  ctx={props.ctx}
                  namespace={g.namespace}
                  name={name}
                  disabled={props.disconnecting}
                  onDisconnect={(ns) => props.onDisconnect(ns)}
                />
              </span>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

/**
 * "Connect another chain": the user picks which of the chain families not connected yet (named by their chain
 * plugins' labels); Connect then lists that family's wallets.
 */
export function ConnectAnother({ ctx, families }: { ctx: ViewContext; families: readonly FamilyGroup[] }) {
  const { i18n, router } = ctx
  const [open, setOpen] = useState(false)
  if (!families.length || !ctx.views.has('Connect')) return null
  return (
    <div className="vb-field">
      <button
        type="button"
        className="vb-btn vb-btn-secondary"
        data-testid="connect-another"
        aria-expanded={open}
        aria-controls="vb-connect-families"
        onClick={() => setOpen(!open)}
      >
        {i18n.t('account.connectAnother')}
      </button>
      {open ? (
        <ul className="vb-list" id="vb-connect-families" data-testid="connect-families" aria-label={i18n.t('account.connectAnother')}>
          {families.map((g) => (
            <li key={g.namespace}>
              <button
                type="button"
                className="vb-item"
                data-namespace={g.namespace}
                onClick={() => router.push('Connect', { namespace: g.namespace })}
              >
                <span className="vb-item-name">{g.label}</span>
                <span className="vb-chevron" aria-hidden="true">
                  ›
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
