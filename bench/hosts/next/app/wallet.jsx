'use client'
// The modal and the hooks in a client component that the server renders first: what the hooks show on the server
// must be what they show when the browser hydrates, whatever the browser has stored.
import { useState } from 'react'
import { createModal } from 'vestibule'
import { eip155, mainnet, sepolia } from 'vestibule/chains/eip155'
import { ModalProvider, useAccount, useModal, useNetwork } from 'vestibule/react'

function Status() {
  const account = useAccount()
  const network = useNetwork()
  const { open, isOpen } = useModal()
  return (
    <section>
      <p id="status">{account.status}</p>
      <p id="address">{account.address ?? 'no address'}</p>
      <p id="network">{network.caipNetworkId ?? 'no network'}</p>
      <p id="open">{isOpen ? 'open' : 'closed'}</p>
      <button id="connect" type="button" onClick={() => void open()}>
        Connect
      </button>
    </section>
  )
}

export function Wallet({ children }) {
  const [modal] = useState(() =>
    createModal({
      projectId: 'next-host',
      apiUrl: process.env.NEXT_PUBLIC_VESTIBULE_API,
      plugins: [eip155({ networks: [mainnet, sepolia] })],
    }),
  )
  return (
    <ModalProvider modal={modal}>
      <Status />
      {children}
    </ModalProvider>
  )
}
