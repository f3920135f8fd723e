'use client'
import { useAccount, useModal } from 'vestibule/react'

export function LateStatus() {
  const { isOpen } = useModal()
  const { status } = useAccount()
  return <p id="late">{`${isOpen ? 'open' : 'closed'} ${status}`}</p>
}
