'use client'

export function Differs() {
  return <p id="where">{typeof window === 'undefined' ? 'server' : 'browser'}</p>
}
