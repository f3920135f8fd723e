import type { ViewProps } from 'vestibule/ui'
import { QrCode } from './QrCode.js'
import { CopyLink, PairingFrame, usePairing } from './Pairing.js'

/** Plain pairing: a QR code any WalletConnect wallet scans, and the link to copy. */
export default function ConnectingWalletConnectBasic({ ctx }: ViewProps<unknown, 'walletConnect'>) {
  usePairing(ctx)
  const { i18n } = ctx
  return (
    <PairingFrame ctx={ctx}>
      {(uri, expiresAt) => (
        <>
          <QrCode uri={uri} label={i18n.t('walletConnect.qrLabel')} textLabel={i18n.t('walletConnect.uriLabel')} expiresAt={expiresAt} />
          <p className="vb-muted">{i18n.t('walletConnect.scan')}</p>
          <CopyLink ctx={ctx} uri={uri} />
        </>
      )}
    </PairingFrame>
  )
}
