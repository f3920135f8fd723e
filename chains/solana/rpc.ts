/**
 * Everything that needs `@solana/web3.js` (1.x, the classic Connection/Transaction API). Loaded with
 * import() on first use, so hosts that never ask for a balance or a transfer never download the SDK.
 */
import { Connection, PublicKey, SystemProgram, Transaction, TransactionInstruction, VersionedTransaction } from '@solana/web3.js'
import type { CaipNetwork, TokenBalance } from 'vestibule/kernel'

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
export async function sendSigned(
  network: CaipNetwork,
  signed: Uint8Array,
  lifetime: { blockhash: string; lastValidBlockHeight: number },
): Promise<string> {
  const connection = connectionFor(network)
  const signature = await connection.sendRawTransaction(signed, { preflightCommitment: 'confirmed' })
  const { value } = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed')
  if (value.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(value.err)}`)
  return signature
}

/** The SPL Token program (classic); its token accounts carry the balances `tokenBalances` reads. */
const TOKEN_PROGRAM = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')

/** A legacy or versioned transaction from its wire bytes. */
const parse = (bytes: Uint8Array) => {
  try {
    return VersionedTransaction.deserialize(bytes)
  } catch {
    return Transaction.from(bytes)
  }
}

/** The blockhash a serialized transaction was built with, and how long it stays valid. */
export async function lifetimeOf(network: CaipNetwork, bytes: Uint8Array) {
  const tx = parse(bytes)
  const blockhash = tx instanceof VersionedTransaction ? tx.message.recentBlockhash : tx.recentBlockhash
  const { lastValidBlockHeight } = await connectionFor(network).getLatestBlockhash('confirmed')
  if (!blockhash) throw new Error('The transaction has no recent blockhash')
  return { blockhash, lastValidBlockHeight }
}

/** The network's fee for a serialized transaction, or for a plain transfer of `lamports` from `from` to `to`. */
export async function feeFor(network: CaipNetwork, what: Uint8Array | { from: string; to: string; lamports: bigint }): Promise<bigint> {
  const connection = connectionFor(network)
  let message: Parameters<typeof connection.getFeeForMessage>[0]
  if (what instanceof Uint8Array) {
    const tx = parse(what)
    message = tx instanceof VersionedTransaction ? tx.message : tx.compileMessage()
  } else {
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed')
    const payer = new PublicKey(what.from)
    message = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight })
      .add(SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(what.to), lamports: what.lamports }))
      .compileMessage()
  }
  const { value } = await connection.getFeeForMessage(message, 'confirmed')
  if (value === null) throw new Error('The network could not price this transaction (its blockhash expired)')
  return BigInt(value)
}

/** A program or data account: its owner program, lamports and raw data; undefined when it does not exist. */
export async function readAccount(network: CaipNetwork, address: string) {
  const info = await connectionFor(network).getAccountInfo(new PublicKey(address), 'confirmed')
  if (!info) return undefined
  return { owner: info.owner.toBase58(), lamports: BigInt(info.lamports), executable: info.executable, data: Uint8Array.from(info.data) }
}

/**
 * SPL token balances of `owner` in one getTokenAccountsByOwner call, summed per mint; limited to `mints` when
 * given. SPL mints keep no symbol on chain: it reads as "".
 */
export async function tokenBalances(network: CaipNetwork, owner: string, mints: readonly string[]): Promise<TokenBalance[]> {
  const { value } = await connectionFor(network).getParsedTokenAccountsByOwner(
    new PublicKey(owner),
    { programId: TOKEN_PROGRAM },
    'confirmed',
  )
  const wanted = new Set(mints)
  const byMint = new Map<string, TokenBalance>()
  for (const { account } of value) {
    const held = heldIn(account.data)
    if (!held || (wanted.size && !wanted.has(held.mint))) continue
    const known = byMint.get(held.mint)
    byMint.set(held.mint, { token: held.mint, value: (known?.value ?? 0n) + held.amount, decimals: held.decimals, symbol: '' })
  }
  return [...byMint.values()]
}

/** What a parsed token account (RPC jsonParsed, untrusted) holds: mint, amount and decimals, or undefined. */
function heldIn(data: unknown): { mint: string; amount: bigint; decimals: number } | undefined {
  const info = (data as { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } | null)?.parsed
    ?.info
  const mint = info?.mint
  const amount = info?.tokenAmount?.amount
  const decimals = info?.tokenAmount?.decimals
  if (typeof mint !== 'string' || typeof amount !== 'string' || !/^\d+$/.test(amount) || typeof decimals !== 'number') return undefined
  return { mint, amount: BigInt(amount), decimals }
}

/** The Associated Token Account program: the token account a wallet holds a mint in lives at a derived address. */
const ATA_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL')
/** Token program instruction 12: TransferChecked (amount and decimals checked against the mint). */
const TRANSFER_CHECKED = 12
/** Associated Token Account program instruction 1: CreateIdempotent (no error when the account exists). */
const CREATE_IDEMPOTENT = 1

/** The associated token account of `owner` for `mint`. */
export const associatedTokenAddress = (owner: PublicKey, mint: PublicKey) =>
  PublicKey.findProgramAddressSync([owner.toBuffer(), TOKEN_PROGRAM.toBuffer(), mint.toBuffer()], ATA_PROGRAM)[0]

/** A token transfer's refusal the user can act on (the wallet is not asked). */
export class TokenTransferError extends Error {}

/**
 * An SPL token transfer of `amount` base units of `mint` from `from` to the wallet `to`, serialized unsigned for
 * the wallet: the receiver's associated token account is created first when it does not exist (the sender pays
 * its rent deposit, `rent`), then TransferChecked moves the tokens from the sender's token account holding them.
 */
export async function buildTokenTransfer(network: CaipNetwork, from: string, to: string, mintAddress: string, amount: bigint) {
  const connection = connectionFor(network)
  const owner = new PublicKey(from)
  const receiver = new PublicKey(to)
  const mint = new PublicKey(mintAddress)
  const mintInfo = await connection.getAccountInfo(mint, 'confirmed')
  if (!mintInfo || !mintInfo.owner.equals(TOKEN_PROGRAM) || mintInfo.data.length < 82)
    throw new TokenTransferError(`${mintAddress} is not a token mint on ${network.name}`)
  const decimals = mintInfo.data[44]!
  // The sender's account for this mint holding the amount: its associated account when it does, else another.
  const { value: held } = await connection.getParsedTokenAccountsByOwner(owner, { mint }, 'confirmed')
  const own = associatedTokenAddress(owner, mint)
  const source = [...held]
    .sort((a, b) => Number(b.pubkey.equals(own)) - Number(a.pubkey.equals(own)))
    .find((a) => (heldIn(a.account.data)?.amount ?? 0n) >= amount)
  if (!source) throw new TokenTransferError('Insufficient token balance')
  const destination = associatedTokenAddress(receiver, mint)
  const exists = (await connection.getAccountInfo(destination, 'confirmed')) !== null
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed')
  const transaction = new Transaction({ feePayer: owner, blockhash, lastValidBlockHeight })
  if (!exists) {
    transaction.add(
      new TransactionInstruction({
        programId: ATA_PROGRAM,
        keys: [
          { pubkey: owner, isSigner: true, isWritable: true },
          { pubkey: destination, isSigner: false, isWritable: true },
          { pubkey: receiver, isSigner: false, isWritable: false },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: TOKEN_PROGRAM, isSigner: false, isWritable: false },
        ],
        data: Uint8Array.of(CREATE_IDEMPOTENT) as Buffer,
      }),
    )
  }
  const data = new Uint8Array(10)
  data[0] = TRANSFER_CHECKED
  new DataView(data.buffer).setBigUint64(1, amount, true)
  data[9] = decimals
  transaction.add(
    new TransactionInstruction({
      programId: TOKEN_PROGRAM,
      keys: [
        { pubkey: source.pubkey, isSigner: false, isWritable: true },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: destination, isSigner: false, isWritable: true },
        { pubkey: owner, isSigner: true, isWritable: false },
      ],
      data: data as Buffer,
    }),
  )
  const rent = exists ? 0n : BigInt(await connection.getMinimumBalanceForRentExemption(165, 'confirmed'))
  return {
    transaction: Uint8Array.from(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
    lifetime: { blockhash, lastValidBlockHeight },
    rent,
  }
}
