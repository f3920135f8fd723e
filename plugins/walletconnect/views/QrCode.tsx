import { QrCode as KitQrCode } from 'vestibule/ui'

/** The pairing URI as a QR code; the URI and its expiry ride along as data attributes for tests and tools. */
export function QrCode({ uri, label, textLabel, expiresAt }: { uri: string; label: string; textLabel: string; expiresAt?: number }) {
  return <KitQrCode value={uri} label={label} textLabel={textLabel} data-testid="wc-qr" data-uri={uri} data-expires-at={expiresAt} />
}
