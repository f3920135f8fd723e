/**
 * The sandbox's wagmi page (`/wagmi`): an app written with wagmi's hooks, whose only connector is the modal's
 * (`vestibule/wagmi`). Balances are read from the local chain; the transfer goes through the modal's wallet.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { formatEther, parseEther, type Address } from 'viem'
import {
  WagmiProvider,
  createConfig,
  http,
  useBalance,
  useConnect,
  useConnection,
  useDisconnect,
  useSendTransaction,
  useSwitchChain,
  useWaitForTransactionReceipt,
} from 'wagmi'
import { createModal, errorMessage } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { vestibuleConnector } from 'vestibule/wagmi'
import { expose } from './expose.js'

const sandbox = (window as unknown as { __SANDBOX__: { rpc: string; l2Rpc: string; l2ChainId: number; apiUrl: string } }).__SANDBOX__

const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [sandbox.rpc] } }, assets: { imageId: 'eip155-31337' } })
const l2 = defineNetwork({
  id: sandbox.l2ChainId,
  name: 'Sandbox L2',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [sandbox.l2Rpc] } },
})

const modal = createModal({
  projectId: 'sandbox',
  apiUrl: sandbox.apiUrl,
  blockchainApiUrl: sandbox.apiUrl,
  metadata: { name: 'Vestibule wagmi', url: location.origin },
  plugins: [eip155({ networks: [localChain, l2] })],
})
expose(modal)

const wagmiChain = (network: typeof localChain) => ({
  id: network.id,
  name: network.name,
  nativeCurrency: network.nativeCurrency,
  rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
})
const config = createConfig({
  chains: [wagmiChain(localChain), wagmiChain(l2)],
  connectors: [vestibuleConnector(modal)],
  transports: { [localChain.id]: http(sandbox.rpc), [l2.id]: http(sandbox.l2Rpc) },
})
const queryClient = new QueryClient()

function Balance({ address, chainId }: { address: Address; chainId: number }) {
  const balance = useBalance({ address, chainId })
  if (balance.isError) return <output data-testid="balance">Balance unavailable: {balance.error.message}</output>
  return <output data-testid="balance">{balance.data ? `${formatEther(balance.data.value)} ${balance.data.symbol}` : 'Loading…'}</output>
}

function Transfer({ chainId, onSent }: { chainId: number; onSent: () => void }) {
  const send = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: send.data, chainId, query: { enabled: Boolean(send.data) } })
  const mined = receipt.data?.transactionHash
  // A mined transfer changes the balance: read it again.
  useEffect(() => {
    if (mined) onSent()
  }, [mined, onSent])
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    send.sendTransaction({ to: String(form.get('to')) as Address, value: parseEther(String(form.get('amount'))), chainId })
  }
  return (
    <form onSubmit={submit} data-testid="transfer">
      <label>
        To <input name="to" required />
      </label>
      <label>
        Amount <input name="amount" required defaultValue="1" />
      </label>
      <button type="submit" disabled={send.isPending}>
        Send
      </button>
      {send.data && <output data-testid="transaction">{send.data}</output>}
      {receipt.data && <output data-testid="receipt">{receipt.data.status}</output>}
      {send.error && <output data-testid="send-error">{errorMessage(send.error)}</output>}
    </form>
  )
}

function App() {
  const connection = useConnection()
  const { connect, connectors, error } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const [sends, setSends] = useState(0)
  const onSent = useCallback(() => setSends((n) => n + 1), [])
  if (connection.status !== 'connected') {
    return (
      <main>
        <p data-testid="wagmi-status">{connection.status}</p>
        <button type="button" data-testid="wagmi-connect" onClick={() => connect({ connector: connectors[0]! })}>
          Connect with wagmi
        </button>
        {error && <output data-testid="connect-error">{error.message}</output>}
      </main>
    )
  }
  return (
    <main>
      <p data-testid="wagmi-status">{connection.status}</p>
      <dl>
        <dt>Address</dt>
        <dd data-testid="wagmi-address">{connection.address}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{connection.chainId}</dd>
      </dl>
      <Balance key={sends} address={connection.address} chainId={connection.chainId} />
      <Transfer chainId={connection.chainId} onSent={onSent} />
      <button
        type="button"
        data-testid="wagmi-switch"
        onClick={() => switchChain({ chainId: connection.chainId === localChain.id ? l2.id : localChain.id })}
      >
        Switch network
      </button>
      <button type="button" data-testid="wagmi-disconnect" onClick={() => disconnect()}>
        Disconnect
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <WagmiProvider config={config}>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </WagmiProvider>,
)
