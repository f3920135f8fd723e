import { useState } from 'react'

/** A wallet's icon, or its initial on a colored tile when there is none or it fails to load. */
export function WalletImage({ src, name, large }: { src?: string; name: string; large?: boolean }) {
  const [failed, setFailed] = useState(false)
  const className = large ? 'vb-avatar vb-avatar-lg' : 'vb-avatar'
  if (src && !failed) return <img className={className} src={src} alt="" loading="lazy" onError={() => setFailed(true)} />
  return (
    <span className={className} aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
