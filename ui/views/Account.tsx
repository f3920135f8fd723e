import { useEffect, useState, type KeyboardEvent } from 'react'
import { errorMessage, type CaipNetworkId, type SlotEntry } from '../../kernel/index.js'
import { shortenAddress } from '../../kernel/format.js'
import { patchChain } from '../../kernel/state.js'
import type { ViewProps } from '../view-props.js'
import { networkImageUrl } from '../kit/network-image.js'
import { SlotIcon, useStore, WalletImage } from '../shell/shared.js'
import { Lazy } from '../shell/lazy.js'
import { RowDisconnect } from './RowDisconnect.js'

/** The connected account: address with copy, network switcher, native balance, disconnect. */
export default function Account({ modal }: ViewProps) {
  const { state, chains, router, i18n } = modal.kernel
  const snapshot = useStore(state.$snapshot)
  const allChains = useStore(state.$chains)
  const [copied, setCopied] = useState(false)
  const [switching, setSwitching] = useState<{ busy: boolean; error?: string }>({ busy: false })
  const [disconnecting, setDisconnecting] = useState(false)

  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])

  const namespace = snapshot.namespace
  const chain = namespace ? allChains[namespace] : undefined
  const account = chain?.accountState
  // Every registered namespace's networks, grouped: choosing another connected namespace's network makes it
  // active; choosing one of a namespace not connected yet leads to Connect, showing that namespace's wallets.
  const groups = chains.list().map((adapter) => ({
    namespace: adapter.namespace,
    networks: allChains[adapter.namespace]?.networkState.requestedCaipNetworks ?? adapter.networks,
  }))
  if (!account?.address || snapshot.status !== 'connected') {
    return (
      <div className="vb-center">
        <p className="vb-muted">{i18n.t('live.disconnected')}</p>
      </div>
    )
  }
  const address = account.address
  const currentId = snapshot.caipNetworkId

  const copy = () => {
    void (navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'))).then(
      () => {
        setCopied(true)
        modal.kernel.feedback.showSnackbar('success', i18n.t('account.copied'))
      },
      () => {
        setCopied(false)
        modal.kernel.feedback.showSnackbar('error', i18n.t('account.copyFailed'))
      },
    )
  }
  const switchTo = async (id: CaipNetworkId) => {
    const target = groups.find((g) => g.networks.some((n) => n.caipNetworkId === id))?.namespace
    setSwitching({ busy: true })
    try {
      await modal.switchNetwork(id)
      setSwitching({ busy: false })
      if (target && allChains[target]?.accountState.status !== 'connected') router.push('Connect', { namespace: target })
    } catch (error) {
      setSwitching({ busy: false, error: i18n.t('account.switchFailed', { reason: errorMessage(error) }) })
    }
  }
  const disconnect = async (which: string | undefined = namespace) => {
    setDisconnecting(true)
    try {
      // One namespace (another connected one stays and becomes active), or all of them when `which` is undefined.
      await modal.disconnect(which as typeof namespace)
    } catch {
      // The local session is already gone; the wallet just could not be told.
    }
    setDisconnecting(false)
    if (modal.getState().status !== 'connected') modal.kernel.navigation.disconnected()
  }
  // Every chain family with a connected account, and those a chain plugin offers that are not connected yet.
  const connected = groups.filter((g) => allChains[g.namespace]?.accountState.status === 'connected')
  const notConnected = groups.filter((g) => allChains[g.namespace]?.accountState.status === 'disconnected' || !allChains[g.namespace])
  const makeActive = async (ns: string) => {
    const id = allChains[ns]?.networkState.caipNetwork?.caipNetworkId
    if (id) await switchTo(id)
  }
  const features = modal.kernel.slots.list('account.features')
  const tabs = modal.kernel.slots.list('account.tabs')

  return (
    <div className="vb-center" data-testid="account">
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
      {!modal.kernel.options.enableNetworkSwitch ? (
        // The host turned network switching off: the network is shown, not offered.
        <div className="vb-field" data-testid="network-readonly">
          <span className="vb-label">{i18n.t('account.network')}</span>
          <span className="vb-item vb-network-btn">
            <WalletImage src={chain?.networkState.caipNetwork ? networkImageUrl(chain.networkState.caipNetwork, modal.kernel.http) : undefined} name={chain?.networkState.caipNetwork?.name ?? '?'} />
            <span className="vb-item-name">{chain?.networkState.caipNetwork?.name ?? i18n.t('account.unsupportedNetwork')}</span>
          </span>
        </div>
      ) : modal.kernel.views.has('Networks') ? (
        <div className="vb-field">
          <span className="vb-label">{i18n.t('account.network')}</span>
          <button
            type="button"
            className="vb-item vb-network-btn"
            data-testid="network-button"
            aria-label={i18n.t('account.chooseNetwork', { name: chain?.networkState.caipNetwork?.name ?? i18n.t('account.unsupportedNetwork') })}
            onClick={() => router.push('Networks')}
          >
            <WalletImage src={chain?.networkState.caipNetwork ? networkImageUrl(chain.networkState.caipNetwork, modal.kernel.http) : undefined} name={chain?.networkState.caipNetwork?.name ?? '?'} />
            <span className="vb-item-name">{chain?.networkState.caipNetwork?.name ?? i18n.t('account.unsupportedNetwork')}</span>
            <span aria-hidden="true">›</span>
          </button>
        </div>
      ) : (
      <label className="vb-field">
        <span className="vb-label">{i18n.t('account.network')}</span>
        <select
          className="vb-select"
          data-testid="network-select"
          value={currentId ?? ''}
          disabled={switching.busy}
          onChange={(e) => void switchTo(e.target.value as CaipNetworkId)}
        >
          {chain?.networkState.caipNetwork ? null : <option value={currentId ?? ''}>{i18n.t('account.unsupportedNetwork')}</option>}
          {groups.length === 1
            ? groups[0]!.networks.map((n) => (
                <option key={n.caipNetworkId} value={n.caipNetworkId}>
                  {n.name}
                </option>
              ))
            : groups.map((g) => (
                <optgroup key={g.namespace} label={g.namespace} data-namespace={g.namespace}>
                  {g.networks.map((n) => (
                    <option key={n.caipNetworkId} value={n.caipNetworkId}>
                      {n.name}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
      </label>
      )}
      {switching.busy ? <p className="vb-muted">{i18n.t('account.switching')}</p> : null}
      {switching.error ? (
        <p className="vb-error" role="alert">
          {switching.error}
        </p>
      ) : null}
      {features.length ? (
        <div className="vb-features" role="group" aria-label={i18n.t('account.features')} data-testid="account-features">
          {features.map((f) => (
            <button key={f.id} type="button" className="vb-btn vb-btn-secondary vb-feature" data-feature={f.id} onClick={() => f.view && router.push(f.view, f.data)}>
              <SlotIcon icon={f.icon} label={i18n.t(f.label)} />
              <span>{i18n.t(f.label)}</span>
            </button>
          ))}
        </div>
      ) : null}
      {tabs.length ? <AccountTabs modal={modal} tabs={tabs} /> : null}
      {connected.length > 1 ? (
        // More than one chain family connected: each is listed with its account, can be made active or ended alone.
        <div className="vb-field" data-testid="connected-namespaces">
          <span className="vb-label">{i18n.t('account.connectedChains')}</span>
          <ul className="vb-list">
            {connected.map((g) => {
              const other = allChains[g.namespace]!
              const active = g.namespace === namespace
              const name = other.networkState.caipNetwork?.name ?? g.namespace
              return (
                <li key={g.namespace} className="vb-item vb-item-static vb-connected" data-namespace={g.namespace} data-active={active ? '' : undefined}>
                  <span className="vb-item-text">
                    <span className="vb-item-name">{name}</span>
                    <span className="vb-item-hint">{shortenAddress(other.accountState.address ?? '')}</span>
                  </span>
                  {active ? (
                    <span className="vb-tag">{i18n.t('account.active')}</span>
                  ) : (
                    <button type="button" className="vb-btn vb-btn-secondary vb-btn-sm" onClick={() => void makeActive(g.namespace)}>
                      {i18n.t('account.makeActive')}
                    </button>
                  )}
                  <RowDisconnect modal={modal} namespace={g.namespace} name={name} disabled={disconnecting} onDisconnect={(ns) => void disconnect(ns)} />
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
      {notConnected.length && modal.kernel.views.has('Connect') ? (
        <button type="button" className="vb-btn vb-btn-secondary" data-testid="connect-another" onClick={() => router.push('Connect', { namespace: notConnected[0]!.namespace })}>
          {i18n.t('account.connectAnother')}
        </button>
      ) : null}
      {connected.length > 1 ? (
        <button type="button" className="vb-btn vb-btn-secondary" data-testid="disconnect-all" disabled={disconnecting} onClick={() => void disconnect(undefined)}>
          {i18n.t('account.disconnectAll')}
        </button>
      ) : (
        <button type="button" className="vb-btn vb-btn-secondary" data-testid="disconnect" disabled={disconnecting} onClick={() => void disconnect()}>
          {i18n.t('account.disconnect')}
        </button>
      )}
    </div>
  )
}

/** The `account.tabs` slot (Tokens, NFTs, Activity …): a tab list with arrow-key movement, one panel drawn. */
function AccountTabs({ modal, tabs }: { modal: ViewProps['modal']; tabs: readonly SlotEntry[] }) {
  const { i18n, state } = modal.kernel
  // The tab chosen is the account's `currentTab`: coming back from Send or Receive finds the same tab.
  const namespace = useStore(state.$activeNamespace)
  const stored = useStore(state.$chains)[namespace ?? '']?.accountState.currentTab
  const current = (Number.isInteger(stored) && tabs[stored!]) || tabs[0]!
  const setSelected = (id: string) => {
    if (namespace) patchChain(state, namespace, { account: { currentTab: Math.max(0, tabs.findIndex((t) => t.id === id)) } })
  }
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(tabs.indexOf(current) + step + tabs.length) % tabs.length]!
    setSelected(next.id)
    ;(event.currentTarget.querySelector(`[data-tab="${next.id}"]`) as HTMLElement | null)?.focus()
  }
  return (
    <div className="vb-tabs" data-testid="account-tabs">
      <div role="tablist" className="vb-tablist" onKeyDown={move}>
        {tabs.map((tab) => (
          <button key={tab.id} type="button" role="tab" id={`vb-tab-${tab.id}`} data-tab={tab.id} aria-selected={tab.id === current.id} aria-controls="vb-tabpanel" tabIndex={tab.id === current.id ? 0 : -1} onClick={() => setSelected(tab.id)}>
            {i18n.t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="vb-tabpanel" aria-labelledby={`vb-tab-${current.id}`} className="vb-tabpanel">
        {current.load ? <Lazy key={current.id} load={current.load} props={{ modal, entry: current }} errorText={i18n.t('view.unknown')} retryText={i18n.t('connecting.retry')} /> : null}
      </div>
    </div>
  )
}
