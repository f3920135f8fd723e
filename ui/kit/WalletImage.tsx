import { useEffect, useRef, useState } from 'react'
import { safeImageUrl } from '../../kernel/sanitize.js'

/** An image that has not loaded this long after it came into view gives way to the generated one. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

type ImageState = 'loading' | 'loaded' | 'failed'

/**
 * A wallet's (or network's) icon over a generated tile with its initial. The image loads lazily and shows once
 * loaded; when it fails, or has not loaded within 2 s of coming into view, the generated tile stays. Only a URL
 * the image rule allows (https, loopback http, an inline image) is loaded at all.
 */
export function WalletImage({ src: given, name, large }: { src?: string; name: string; large?: boolean }) {
  // The modal's one image rule holds here too, whoever handed the URL in.
  const src = safeImageUrl(given)
  const [status, setStatus] = useState<{ src?: string; state: ImageState }>({ src, state: 'loading' })
  const state: ImageState = status.src === src ? status.state : 'loading'
  const img = useRef<HTMLImageElement>(null)

  useEffect(() => {
    if (!src || state !== 'loading') return
    const element = img.current
    if (element?.complete && element.naturalWidth > 0) {
      setStatus({ src, state: 'loaded' })
      return
    }
    let timer: ReturnType<typeof setTimeout> | undefined
    const start = () => {
      timer ??= setTimeout(
        () => setStatus((s) => (s.src === src && s.state === 'loaded' ? s : { src, state: 'failed' })),
        IMAGE_PRELOAD_TIMEOUT_MS,
      )
    }
    // A lazy image below the fold is not late, just not needed yet: the clock starts when it comes into view.
    if (!element || typeof IntersectionObserver === 'undefined') {
      start()
      return () => clearTimeout(timer)
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect()
        start()
      }
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      clearTimeout(timer)
    }
  }, [src, state])

  const className = large ? 'vb-avatar vb-avatar-lg' : 'vb-avatar'
  const initial = Array.from(name.trim())[0]?.toUpperCase() || '?'
  return (
    <span className={className} aria-hidden="true" data-image={src ? state : 'none'}>
      {initial}
      {src && state !== 'failed' ? (
        <img
          ref={img}
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          data-loaded={state === 'loaded' ? '' : undefined}
          onLoad={() => setStatus({ src, state: 'loaded' })}
          onError={() => setStatus({ src, state: 'failed' })}
        />
      ) : null}
    </span>
  )
}

/** A slot entry's icon given as one or two characters (an arrow, an emoji) rather than an image URL, else undefined. */
export function iconGlyph(icon: string | undefined): string | undefined {
  const text = icon?.trim()
  return text && !text.includes(':') && Array.from(text).length <= 2 ? text : undefined
}

/**
 * The icon of a slot entry (wallet feature, connect method, header action): an image URL is drawn like a wallet's
 * image, a character on the same tile; `plain` draws the character alone (inside an icon button).
 */
export function SlotIcon({ icon, label, plain }: { icon?: string; label: string; plain?: boolean }) {
  if (!icon) return null
  const glyph = iconGlyph(icon)
  if (glyph === undefined) return <WalletImage src={icon} name={label} />
  return (
    <span className={plain ? 'vb-glyph' : 'vb-avatar vb-glyph'} aria-hidden="true">
      {glyph}
    </span>
  )
}
