import type { ViewProps } from 'vestibule/ui'
import { QrCode } from './QrCode.js'
import { CopyLink, PairingFrame, usePairing } from './Pairing.js'

/** Plain pairing: a QR code any WalletConnect wallet scans, and the link to copy. */
export default function ConnectingWalletConnectBasic({ modal }: ViewProps) {
  usePairing(modal)
  const { i18n } = modal.kernel
  return (
    <PairingFrame modal={modal}>
      {(uri, expiresAt) => (
        <>
          <QrCode uri={uri} label={i18n.t('walletConnect.qrLabel')} expiresAt={expiresAt} />
          <p className="vb-muted">{i18n.t('walletConnect.scan')}</p>
          <CopyLink modal={modal} uri={uri} />
        </>
      )}
    </PairingFrame>
  )
}
