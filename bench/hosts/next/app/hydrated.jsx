'use client'
import { useEffect } from 'react'

/** Marks the document once React has hydrated the page (effects run only after hydration has committed). */
export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
