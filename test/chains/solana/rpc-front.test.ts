// The sandbox's JSON-RPC + WebSocket front over litesvm, checked with @solana/web3.js 1.x's own response
// validation (what the plugin and the sandbox wallet rely on) and with raw requests for the wire details.
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { encodeBase58 } from '../../../chains/solana/session.js'
import { startSolanaChain, type SolanaChain } from './harness.js'

let chain: SolanaChain
let connection: Connection
const payer = Keypair.fromSeed(new Uint8Array(32).fill(42))

const raw = async (body: unknown) => {
  const response = await fetch(chain.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { text: await response.text(), headers: response.headers }
}

beforeAll(async () => {
  chain = await startSolanaChain()
  connection = new Connection(chain.url, { commitment: 'confirmed', wsEndpoint: chain.wsUrl })
  await connection.confirmTransaction(await connection.requestAirdrop(payer.publicKey, 5 * LAMPORTS_PER_SOL))
})
afterAll(async () => {
  // Let web3.js close its idle socket (it does 500 ms after the last subscription) before the server goes.
  await vi.waitFor(() => expect((connection as unknown as { _rpcWebSocketConnected: boolean })._rpcWebSocketConnected).toBe(false), {
    timeout: 5_000,
  })
  await chain?.stop()
})

describe('litesvm JSON-RPC front', () => {
  it('answers what web3.js asks for: balance, blockhash, genesis, rent, fee, account info', async () => {
    expect(await connection.getBalance(payer.publicKey)).toBe(5 * LAMPORTS_PER_SOL)
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    expect(new PublicKey(blockhash).toBytes()).toHaveLength(32)
    expect(lastValidBlockHeight).toBeGreaterThan(await connection.getBlockHeight())
    expect(await connection.getGenesisHash()).toBe(chain.genesisHash)
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBe(890_880)
    const message = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight })
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1 }))
      .compileMessage()
    expect((await connection.getFeeForMessage(message)).value).toBe(5000)
    const info = await connection.getAccountInfo(payer.publicKey)
    expect(info).toMatchObject({ lamports: 5 * LAMPORTS_PER_SOL, executable: false })
    expect(info!.owner.equals(SystemProgram.programId)).toBe(true)
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull()
  })

  it('sends and confirms over the WebSocket (signatureSubscribe), moving lamports on the chain', async () => {
    const to = Keypair.generate().publicKey
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 7_000_000n })),
      [payer],
    )
    expect(chain.balance(to.toBase58())).toBe(7_000_000n)
    const { value } = await connection.getSignatureStatuses([signature, '1111111111111111111111111111111111111111111111111111111111111111'])
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(value[1]).toBeNull()
  })

  it('notifies a signatureSubscribe made before the transaction lands', async () => {
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    tx.sign(payer)
    const signature = tx.signatures[0]!.signature!
    const socket = new WebSocket(chain.wsUrl)
    await new Promise((r) => socket.once('open', r))
    const messages: any[] = []
    socket.on('message', (m) => messages.push(JSON.parse(String(m))))
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'signatureSubscribe',
        params: [encodeBase58(signature), { commitment: 'confirmed' }],
      }),
    )
    await expect.poll(() => messages.length).toBe(1)
    await connection.sendRawTransaction(tx.serialize())
    await expect.poll(() => messages.length).toBe(2)
    expect(messages[1]).toMatchObject({
      method: 'signatureNotification',
      params: { result: { value: { err: null } }, subscription: messages[0].result },
    })
    socket.close()
  })

  it('a failing transaction is refused at preflight with the logs (web3.js SendTransactionError)', async () => {
    const poor = Keypair.generate()
    chain.fund(poor.publicKey.toBase58(), 1_000_000n)
    const error = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(
        SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5_000_000 }),
      ),
      [poor],
    ).catch((e) => e)
    expect(error).toBeInstanceOf(SendTransactionError)
    expect(error.message).toMatch(/Transaction simulation failed: \{"InstructionError":\[0,\{"Custom":1\}\]\}/)
    expect((error as SendTransactionError).logs?.join('\n')).toMatch(/insufficient lamports/)
    expect(chain.balance(poor.publicKey.toBase58())).toBe(1_000_000n)
  })

  it('simulates unsigned transactions (sigVerify false) and reports their logs', async () => {
    const tx = new Transaction({ feePayer: payer.publicKey, ...(await connection.getLatestBlockhash()) }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    )
    const { value } = await connection.simulateTransaction(tx)
    expect(value.err).toBeNull()
    expect(value.logs).toContain('Program 11111111111111111111111111111111 success')
  })

  it('lists token accounts by owner, raw and jsonParsed', async () => {
    const owner = Keypair.generate().publicKey
    const mint = Keypair.generate().publicKey
    const tokenProgram = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
    const mintData = new Uint8Array(82)
    mintData[44] = 6 // decimals
    mintData[45] = 1 // initialized
    chain.svm.setAccount({
      address: mint.toBase58(),
      lamports: 1_461_600n,
      data: mintData,
      programAddress: tokenProgram,
      executable: false,
      space: 82n,
    })
    const account = new Uint8Array(165)
    account.set(mint.toBytes(), 0)
    account.set(owner.toBytes(), 32)
    new DataView(account.buffer).setBigUint64(64, 12_345_678n, true)
    account[108] = 1 // initialized
    const tokenAccount = Keypair.generate().publicKey
    chain.svm.setAccount({
      address: tokenAccount.toBase58(),
      lamports: 2_039_280n,
      data: account,
      programAddress: tokenProgram,
      executable: false,
      space: 165n,
    })

    const rawList = await connection.getTokenAccountsByOwner(owner, { mint })
    expect(rawList.value.map((a) => a.pubkey.toBase58())).toEqual([tokenAccount.toBase58()])
    expect(rawList.value[0]!.account.data).toHaveLength(165)
    const parsed = await connection.getParsedTokenAccountsByOwner(owner, { programId: new PublicKey(tokenProgram) })
    expect(parsed.value[0]!.account.data.parsed.info).toMatchObject({
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      tokenAmount: { amount: '12345678', decimals: 6, uiAmountString: '12.345678' },
    })
    expect((await connection.getTokenAccountsByOwner(Keypair.generate().publicKey, { mint })).value).toEqual([])
  })

  it('writes u64 values above 2^53 as exact integers', async () => {
    const rich = Keypair.generate().publicKey.toBase58()
    chain.svm.setAccount({
      address: rich,
      lamports: 18_000_000_000_000_000_001n,
      data: new Uint8Array(),
      programAddress: '11111111111111111111111111111111',
      executable: false,
      space: 0n,
    })
    const { text } = await raw({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [rich] })
    expect(text).toContain('"value":18000000000000000001')
  })

  it('speaks JSON-RPC errors, batches and CORS', async () => {
    expect(JSON.parse((await raw({ jsonrpc: '2.0', id: 7, method: 'nope' })).text)).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32601, message: 'Method not found: nope' },
    })
    expect(JSON.parse((await raw('{oops')).text).error.code).toBe(-32700)
    expect(JSON.parse((await raw({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: ['0xnot-base58'] })).text).error).toMatchObject({
      code: -32602,
    })
    const batch = JSON.parse(
      (
        await raw([
          { jsonrpc: '2.0', id: 1, method: 'getHealth' },
          { jsonrpc: '2.0', id: 2, method: 'getSlot' },
        ])
      ).text,
    )
    expect(batch.map((r: { id: number }) => r.id)).toEqual([1, 2])
    expect(batch[0].result).toBe('ok')
    const preflight = await fetch(chain.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1', 'access-control-request-headers': 'solana-client,content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect((await raw({ jsonrpc: '2.0', id: 1, method: 'getHealth' })).headers.get('access-control-allow-origin')).toBe('*')
  })
})
