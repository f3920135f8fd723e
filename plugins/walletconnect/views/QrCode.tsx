import { useMemo } from 'react'
import { encodeQr, qrPath } from '../qr.js'

/** Quiet zone around the symbol, in modules (the standard asks for 4). */
const QUIET = 4

/** The pairing URI as a QR code (SVG, dark on white whatever the theme: scanners need the contrast). */
export function QrCode({ uri, label, expiresAt }: { uri: string; label: string; expiresAt?: number }) {
  const matrix = useMemo(() => encodeQr(uri, 'M'), [uri])
  const extent = matrix.size + QUIET * 2
  return (
    <svg
      data-testid="wc-qr"
      data-uri={uri}
      data-expires-at={expiresAt}
      data-version={matrix.version}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width="240"
      height="240"
      shapeRendering="crispEdges"
      style={{ borderRadius: 12, display: 'block' }}
    >
      <rect width={extent} height={extent} fill="#fff" />
      <path d={qrPath(matrix, QUIET)} fill="#000" />
    </svg>
  )
}
