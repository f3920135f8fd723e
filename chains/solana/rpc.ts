/**
 * Everything that needs `@solana/web3.js` (1.x, the classic Connection/Transaction API). Loaded with
 * import() on first use, so hosts that never ask for a balance or a transfer never download the SDK.
 */
import { Connection, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { CaipNetwork } from '../../kernel/index.js'

const connections = new Map<string, Connection>()

/** One Connection per RPC endpoint; `webSocket` is used for confirmations when the network gives one. */
function connectionFor(network: CaipNetwork): Connection {
  const http = network.rpcUrls.default.http[0]
  if (!http) throw new Error(`Network ${network.name} has no RPC URL`)
  const ws = network.rpcUrls.default.webSocket?.[0]
  const key = `${http} ${ws ?? ''}`
  let connection = connections.get(key)
  if (!connection) {
    connection = new Connection(http, { commitment: 'confirmed', wsEndpoint: ws, disableRetryOnRateLimit: true })
    connections.set(key, connection)
  }
  return connection
}

/**
 * The balance in lamports. web3.js answers with a JS number; above 2^53 that number is already rounded,
 * so the value is then read again from the raw JSON text, digit for digit.
 */
export async function getBalance(network: CaipNetwork, address: string): Promise<bigint> {
  const lamports = await connectionFor(network).getBalance(new PublicKey(address), 'confirmed')
  if (Number.isSafeInteger(lamports)) return BigInt(lamports)
  const response = await fetch(network.rpcUrls.default.http[0]!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address, { commitment: 'confirmed' }] }),
  })
  const exact = /"value"\s*:\s*(\d+)/.exec(await response.text())?.[1]
  if (!exact) throw new Error('The RPC returned no balance')
  return BigInt(exact)
}

/** A SystemProgram transfer from `from` to `to`, serialized unsigned for the wallet, with its lifetime. */
export async function buildTransfer(network: CaipNetwork, from: string, to: string, lamports: bigint) {
  const { blockhash, lastValidBlockHeight } = await connectionFor(network).getLatestBlockhash('confirmed')
  const payer = new PublicKey(from)
  const transaction = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight }).add(
    SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(to), lamports }),
  )
  return {
    transaction: Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
    lifetime: { blockhash, lastValidBlockHeight },
  }
}

/** Sends a transaction the wallet signed (for wallets without signAndSendTransaction) and waits for it. */
export async function sendSigned(network: CaipNetwork, signed: Uint8Array, lifetime: { blockhash: string; lastValidBlockHeight: number }): Promise<string> {
  const connection = connectionFor(network)
  const signature = await connection.sendRawTransaction(signed, { preflightCommitment: 'confirmed' })
  const { value } = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed')
  if (value.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(value.err)}`)
  return signature
}
