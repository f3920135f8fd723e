import { useState, type KeyboardEvent } from 'react'
import { errorMessage, type CaipNetworkId } from '../../kernel/index.js'
import type { ViewProps } from '../view-props.js'
import { useStore } from '../shell/shared.js'
import { AccountSummary, ConnectAnother, ConnectedChains, FeatureButtons, familyGroups, NetworkControl } from './AccountParts.js'
import { SlotComponent } from '../shell/lazy.js'
import type { SlotEntry } from '../../kernel/views.js'

/** The connected account: address with copy, network switcher, native balance, disconnect. */
export default function Account({ ctx }: ViewProps) {
  const { state, router, i18n } = ctx
  const snapshot = useStore(state.$snapshot)
  const allChains = useStore(state.$chains)
  const [switching, setSwitching] = useState<{ busy: boolean; error?: string }>({ busy: false })
  const [disconnecting, setDisconnecting] = useState(false)

  const namespace = snapshot.namespace
  const chain = namespace ? allChains[namespace] : undefined
  const account = chain?.accountState
  // Every registered namespace's networks, grouped: choosing another connected namespace's network makes it
  // active; choosing one of a namespace not connected yet leads to Connect, showing that namespace's wallets.
  const groups = familyGroups(ctx, allChains)
  if (!account?.address || snapshot.status !== 'connected') {
    return (
      <div className="vb-center">
        <p className="vb-muted">{i18n.t('live.disconnected')}</p>
      </div>
    )
  }
  const address = account.address

  const switchTo = async (id: CaipNetworkId) => {
    setSwitching({ busy: true })
    try {
      await ctx.connection.switchNetwork(id)
      setSwitching({ busy: false })
    } catch (error) {
      setSwitching({ busy: false, error: i18n.t('account.switchFailed', { reason: errorMessage(error) }) })
    }
  }
  // One namespace (another connected one stays and becomes active), or every connected one when `which` is left
  // out: no default stands in for it, so "Disconnect all" ends all chains in one click.
  const disconnect = async (which?: string) => {
    setDisconnecting(true)
    await ctx.connection.disconnect(which as typeof namespace)
    setDisconnecting(false)
  }
  // Every chain family with a connected account, and those a chain plugin offers that are not connected yet.
  const connected = groups.filter((g) => allChains[g.namespace]?.accountState.status === 'connected')
  const notConnected = groups.filter((g) => allChains[g.namespace]?.accountState.status === 'disconnected' || !allChains[g.namespace])
  const makeActive = async (ns: string) => {
    const id = allChains[ns]?.networkState.caipNetwork?.caipNetworkId
    if (id) await switchTo(id)
  }
  const tabs = ctx.slots.list('account.tabs')

  return (
    <div className="vb-center" data-testid="account">
      <AccountSummary ctx={ctx} address={address} account={account} />
      <NetworkControl
        ctx={ctx}
        chain={chain}
        groups={groups}
        currentId={snapshot.caipNetworkId}
        busy={switching.busy}
        onSwitch={(id) => void switchTo(id)}
      />
      {switching.busy ? <p className="vb-muted">{i18n.t('account.switching')}</p> : null}
      {switching.error ? (
        <p className="vb-error" role="alert">
          {switching.error}
        </p>
      ) : null}
      <FeatureButtons ctx={ctx} />
      {ctx.slots
        .list('account.settings')
        .map((row) =>
          row.load ? (
            <SlotComponent
              key={row.id}
              entry={row}
              load={row.load}
              errorText={i18n.t('view.unknown')}
              retryText={i18n.t('connecting.retry')}
            />
          ) : null,
        )}
      {tabs.length ? <AccountTabs ctx={ctx} tabs={tabs} /> : null}
      {connected.length > 1 ? (
        <ConnectedChains
          ctx={ctx}
          allChains={allChains}
          connected={connected}
          active={namespace}
          disconnecting={disconnecting}
          onUse={(ns) => void makeActive(ns)}
          onDisconnect={(ns) => void disconnect(ns)}
        />
      ) : null}
      <ConnectAnother ctx={ctx} families={notConnected} />
      {connected.length > 1 ? (
        <button
          type="button"
          className="vb-btn vb-btn-secondary"
          data-testid="disconnect-all"
          disabled={disconnecting}
          onClick={() => void disconnect()}
        >
          {i18n.t('account.disconnectAll')}
        </button>
      ) : (
        <button
          type="button"
          className="vb-btn vb-btn-secondary"
          data-testid="disconnect"
          disabled={disconnecting}
          onClick={() => void disconnect(namespace)}
        >
          {i18n.t('account.disconnect')}
        </button>
      )}
    </div>
  )
}

/** The `account.tabs` slot (Tokens, NFTs, Activity …): a tab list with arrow-key movement, one panel drawn. */
function AccountTabs({ ctx, tabs }: { ctx: ViewProps['ctx']; tabs: readonly SlotEntry[] }) {
  const { i18n, state } = ctx
  // The tab chosen is the account's `currentTab`: coming back from Send or Receive finds the same tab.
  const namespace = useStore(state.$activeNamespace)
  const stored = useStore(state.$chains)[namespace ?? '']?.accountState.currentTab
  const current = tabs.find((t) => t.id === stored) ?? tabs[0]!
  const setSelected = (id: string) => ctx.connection.selectAccountTab(id)
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
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`vb-tab-${tab.id}`}
            data-tab={tab.id}
            aria-selected={tab.id === current.id}
            aria-controls="vb-tabpanel"
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
          >
            {i18n.t(tab.label)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="vb-tabpanel" aria-labelledby={`vb-tab-${current.id}`} className="vb-tabpanel">
        {current.load ? (
          <SlotComponent
            key={current.id}
            entry={current}
            load={current.load}
            errorText={i18n.t('view.unknown')}
            retryText={i18n.t('connecting.retry')}
          />
        ) : null}
      </div>
    </div>
  )
}
