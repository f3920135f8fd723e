import { useMemo, type SVGProps } from 'react'
import { encodeQr, qrPath, type QrLevel } from './qr.js'

/** Quiet zone around the symbol, in modules (the standard asks for 4). */
const QUIET = 4

export interface QrCodeProps extends Omit<SVGProps<SVGSVGElement>, 'viewBox' | 'role'> {
  /** The text to encode (a pairing URI, a payment URI, an address). */
  value: string
  /** Accessible name of the image. */
  label: string
  /** Error correction level: 'M' (default, 15 %) or 'L' (7 %, smaller symbols). */
  level?: QrLevel
  /** Width and height in CSS pixels (240 by default). */
  size?: number
  /**
   * The name of the encoded text's field: given, the text shows under the image in a read-only field a user can
   * select and copy, and a screen reader reads (the image's text alternative, whole).
   */
  textLabel?: string
}

/**
 * A QR code as SVG, dark on white whatever the theme (scanners need the contrast); `--vb-qr-color` and
 * `--vb-qr-background` change both (keep them far apart).
 *
 * @example <QrCode value={`ethereum:${address}@1`} label="Your address as a QR code" />
 */
export function QrCode({ value, label, level = 'M', size = 240, style, textLabel, ...rest }: QrCodeProps) {
  const matrix = useMemo(() => encodeQr(value, level), [value, level])
  const extent = matrix.size + QUIET * 2
  const image = (
    <svg
      {...rest}
      data-version={matrix.version}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${extent} ${extent}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      style={{ borderRadius: 12, display: 'block', ...style }}
    >
      <rect width={extent} height={extent} fill="#fff" style={{ fill: 'var(--vb-qr-background, #fff)' }} />
      <path d={qrPath(matrix, QUIET)} fill="#000" style={{ fill: 'var(--vb-qr-color, #000)' }} />
    </svg>
  )
  if (textLabel === undefined) return image
  return (
    <>
      {image}
      <input
        className="vb-input vb-qr-text"
        readOnly
        value={value}
        aria-label={textLabel}
        dir="ltr"
        spellCheck={false}
        onFocus={(event) => event.currentTarget.select()}
        style={{ maxWidth: size }}
      />
    </>
  )
}
