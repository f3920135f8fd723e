import { useEffect, useState } from 'react'
import { useStore } from '@nanostores/react'
import type { CaipNetwork, ChainAdapter } from 'vestibule/kernel'
import { Button, EmptyState, ListItem, networkImageUrl, QrCode, type ViewProps } from 'vestibule/ui'
import { paymentUri } from './uri.js'

/**
 * The payment URI of the account, once its chain plugin built it (undefined until then). An address the URI rules
 * refuse is still encoded as it is.
 */
function usePaymentUri(adapter: ChainAdapter | undefined, network: CaipNetwork | undefined, address: string | undefined) {
  const [built, setBuilt] = useState<{ key: string; uri: string }>()
  const key = `${network?.caipNetworkId} ${address}`
  useEffect(() => {
    if (!address) return
    let current = true
    const done = (uri: string) => current && setBuilt({ key, uri })
    if (network) paymentUri(adapter, network, address).then(done, () => done(address))
    else done(address)
    return () => void (current = false)
  }, [adapter, network, address, key])
  return built?.key === key ? built.uri : undefined
}

/** The connected account to receive on: address, copy, a QR code of its payment URI, the networks it can use. */
export default function Receive({ ctx }: Pick<ViewProps, 'ctx'>) {
  const { i18n, feedback, chains, state } = ctx
  const snapshot = useStore(state.$snapshot)
  const allChains = useStore(state.$chains)
  const namespace = snapshot.namespace
  const address = snapshot.address
  const network = namespace ? allChains[namespace]?.networkState.caipNetwork : undefined
  const uri = usePaymentUri(namespace ? chains.get(namespace) : undefined, network, address)
  if (!namespace || !address || snapshot.status !== 'connected') return <EmptyState title={i18n.t('receive.notConnected')} />
  const networks = allChains[namespace]?.networkState.requestedCaipNetworks ?? chains.get(namespace)?.networks ?? []
  const copy = () =>
    void (navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'))).then(
      () => feedback.showSnackbar('success', i18n.t('receive.copied')),
      () => feedback.showSnackbar('error', i18n.t('receive.copyFailed')),
    )
  return (
    <div className="vb-center vb-receive" data-testid="receive">
      {uri === undefined ? null : (
        <QrCode
          value={uri}
          label={network ? i18n.t('receive.qrLabelOn', { network: network.name }) : i18n.t('receive.qrLabel')}
          textLabel={i18n.t('receive.uriLabel')}
          data-testid="receive-qr"
          data-uri={uri}
        />
      )}
      {network ? (
        // A QR code of a bare address names no network: the network it is for is written under it.
        <p className="vb-receive-network" data-testid="receive-network">
          {network.name}
        </p>
      ) : null}
      <p className="vb-muted">{i18n.t('receive.hint')}</p>
      <code className="vb-receive-address" data-testid="receive-address">
        {address}
      </code>
      <Button onClick={copy} data-testid="receive-copy">
        {i18n.t('receive.copy')}
      </Button>
      <p className="vb-label">{i18n.t('receive.networks')}</p>
      <ul className="vb-list" data-testid="receive-networks" aria-label={i18n.t('receive.networks')}>
        {networks.map((n) => (
          <li key={n.caipNetworkId} data-network-id={n.caipNetworkId}>
            <ListItem image={networkImageUrl(n, ctx.http) ?? ''} name={n.name} />
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Styles of the Receive view, added to the modal's shadow root when it first loads. */
export const styles = `.vb-receive { gap: 12px; } .vb-receive .vb-list { width: 100%; } .vb-receive-network { margin: 0; font-weight: 600; text-align: center; overflow-wrap: anywhere; } .vb-receive-address { word-break: break-all; text-wrap: balance; font-size: 13px; text-align: center; user-select: all; }`
