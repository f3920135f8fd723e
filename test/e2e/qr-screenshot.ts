/**
 * Reads a QR code the way a phone does: from pixels. The element is screenshotted by Chromium, the PNG decoded
 * here (node:zlib and the PNG filters) and the image handed to jsQR, a decoder that shares nothing with the
 * modal's encoder.
 */
import { inflateSync } from 'node:zlib'
import jsQR from 'jsqr'
import type { Locator } from 'playwright-core'

export interface Image {
  width: number
  height: number
  /** RGBA, 4 bytes per pixel, row after row. */
  data: Uint8ClampedArray
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 }

/** Decodes an 8-bit, non-interlaced PNG (grey, grey+alpha, RGB or RGBA) to RGBA pixels. */
export function decodePng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('Not a PNG')
  let offset = 8
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | undefined
  const idat: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('latin1', offset + 4, offset + 8)
    const body = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR')
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, color: body[9]!, interlace: body[12]! }
    else if (type === 'IDAT') idat.push(body)
    else if (type === 'IEND') break
    offset += 12 + length
  }
  if (!header) throw new Error('PNG without IHDR')
  const channels = CHANNELS[header.color]
  if (header.depth !== 8 || !channels || header.interlace)
    throw new Error(`Unsupported PNG: depth ${header.depth}, color type ${header.color}, interlace ${header.interlace}`)
  const raw = inflateSync(Buffer.concat(idat))
  const { width, height } = header
  const stride = width * channels
  const pixels = new Uint8Array(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1))
    const out = y * stride
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? pixels[out + x - channels]! : 0
      const up = y ? pixels[out - stride + x]! : 0
      const upLeft = y && x >= channels ? pixels[out - stride + x - channels]! : 0
      let predictor = 0
      if (filter === 1) predictor = left
      else if (filter === 2) predictor = up
      else if (filter === 3) predictor = (left + up) >> 1
      else if (filter === 4) {
        const p = left + up - upLeft
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        predictor = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      } else if (filter !== 0) throw new Error(`Unknown PNG filter ${filter}`)
      pixels[out + x] = (line[x]! + predictor) & 0xff
    }
  }
  const data = new Uint8ClampedArray(width * height * 4)
  for (let i = 0; i < width * height; i++) {
    const p = pixels.subarray(i * channels, i * channels + channels)
    const [r, g, b] = channels >= 3 ? [p[0]!, p[1]!, p[2]!] : [p[0]!, p[0]!, p[0]!]
    data.set([r, g, b, channels === 4 ? p[3]! : channels === 2 ? p[1]! : 255], i * 4)
  }
  return { width, height, data }
}

/** The text of the QR code `element` shows, read from a screenshot of it. */
export async function readQrCode(element: Locator): Promise<string> {
  const image = decodePng(await element.screenshot({ animations: 'disabled' }))
  const code = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })
  if (!code) throw new Error(`No QR code found in the ${image.width}×${image.height} screenshot`)
  return code.data
}
