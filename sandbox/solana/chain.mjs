// The sandbox's Solana chain: litesvm (the SVM in-process) behind a small JSON-RPC HTTP + WebSocket front on
// 127.0.0.1, shaped the way @solana/web3.js 1.x checks answers ({ context: { slot }, value }, exact integers).
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { WebSocketServer } from 'ws'
import { freePort } from '../net.mjs'

const require = createRequire(import.meta.url)

/** The demo identity on the local cluster: a real ed25519 seed. Never use it outside a local chain. */
export const DEMO_SEED_HEX = '5ec7a7b1d3c4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e'
/** Chosen with many decimals so the 3-decimal truncation is visible: shows as 12.345 SOL. */
export const DEMO_LAMPORTS = 12_345_678_912n
/** The Wallet Standard chain id of the local cluster (wallets know clusters by name). */
export const WALLET_CHAIN = 'solana:localnet'
const CLUSTER_NAME = 'Solana Sandbox'
const BASE_FEE = 5000
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
/** SPL Token account layouts: a mint is 82 bytes, a token account 165. */
const MINT_SIZE = 82
const TOKEN_ACCOUNT_SIZE = 165
/** The sandbox's SPL token: "Sandbox USD Coin", 6 decimals, 42.5 held by the demo account. */
export const DEMO_SPL = { symbol: 'sUSDC', name: 'Sandbox USD Coin', decimals: 6, amount: 42_500_000n }

const TX_ERRORS = `AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee
AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution
SanitizeFailure ClusterMaintenance AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount
WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner
InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit WouldExceedAccountDataTotalLimit
MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled`.split(
  /\s+/,
)
const INSTRUCTION_ERRORS =
  `GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId
MissingRequiredSignature AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend
ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified RentEpochModified NotEnoughAccountKeys
AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified
ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded
InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure ProgramFailedToComplete
ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner
MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError`.split(
    /\s+/,
  )

/** litesvm's error objects as the JSON the Solana RPC uses (`"AlreadyProcessed"`, `{ InstructionError: [0, { Custom: 1 }] }`). */
function errorJson(err) {
  if (typeof err === 'number') return TX_ERRORS[err] ?? `TransactionError${err}`
  const kind = err?.constructor?.name ?? ''
  if (kind.endsWith('InstructionError')) {
    const inner = err.err()
    const e =
      typeof inner === 'number'
        ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError${inner}`)
        : 'code' in inner
          ? { Custom: inner.code }
          : { BorshIoError: inner.msg }
    return { InstructionError: [err.index, e] }
  }
  if (kind.endsWith('DuplicateInstruction')) return { DuplicateInstruction: err.index }
  if (kind.endsWith('InsufficientFundsForRent')) return { InsufficientFundsForRent: { account_index: err.accountIndex } }
  if (kind.endsWith('ProgramExecutionTemporarilyRestricted'))
    return { ProgramExecutionTemporarilyRestricted: { account_index: err.accountIndex } }
  return String(err)
}

/** JSON with bigints written as exact integers (a u64 balance above 2^53 must not be rounded on the wire). */
const stringify = (value) => JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `__u64__${v}` : v)).replace(/"__u64__(\d+)"/g, '$1')

class RpcError extends Error {
  constructor(code, message, data) {
    super(message)
    this.code = code
    this.data = data
  }
}

/**
 * Starts litesvm and its JSON-RPC front on 127.0.0.1:`port` (0 picks a free one). Returns the URLs, the
 * svm itself (tests can set accounts directly) and helpers.
 */
export async function startSolanaChain({ port = 0 } = {}) {
  const { LiteSVM } = require('litesvm')
  // litesvm speaks @solana/kit types; use the kit it was built against.
  const kit = createRequire(require.resolve('litesvm'))('@solana/kit')
  const base58 = kit.getBase58Decoder()
  const fromBase58 = kit.getBase58Encoder()
  const base64 = kit.getBase64Decoder()
  const fromBase64 = kit.getBase64Encoder()
  const txDecoder = kit.getTransactionDecoder()

  // The blockhash check is off so a transaction waiting in a wallet prompt stays valid while others land;
  // the blockhash still changes after every transaction, so two identical transfers get different signatures.
  const svm = new LiteSVM().withBlockhashCheck(false)
  // litesvm has no genesis: a hash of our own, 32 bytes like a real one, gives the CAIP-2 id.
  const genesisHash = base58.decode(createHash('sha256').update('vestibule sandbox solana cluster').digest())
  /** signature → { slot, err } of every transaction this front executed. */
  const statuses = new Map()
  /** signature → Set of (status) => void, the pending signatureSubscribe notifications. */
  const waiting = new Map()

  const slot = () => svm.getClock().slot
  const context = () => ({ slot: slot(), apiVersion: '2.2.0' })
  const withContext = (value) => ({ context: context(), value })

  const address = (value, what = 'address') => {
    if (typeof value !== 'string') throw new RpcError(-32602, `Invalid param: ${what} must be a string`)
    let bytes
    try {
      bytes = fromBase58.encode(value)
    } catch {
      throw new RpcError(-32602, `Invalid param: Invalid`)
    }
    if (bytes.length !== 32) throw new RpcError(-32602, 'Invalid param: WrongSize')
    return value
  }
  const decodeTx = (encoded, encoding = 'base58') => {
    try {
      const bytes = encoding === 'base64' ? fromBase64.encode(encoded) : fromBase58.encode(encoded)
      return txDecoder.decode(bytes)
    } catch (error) {
      throw new RpcError(-32602, `failed to deserialize solana_transaction::versioned::VersionedTransaction: ${error.message}`)
    }
  }
  const logsOf = (result) => (result.meta ? result.meta() : result).logs()

  /** Records a landed (or failed) transaction, moves the cluster one slot on and notifies subscribers. */
  const landed = (result) => {
    const failed = typeof result.err === 'function'
    const meta = failed ? result.meta() : result
    const signature = base58.decode(meta.signature())
    const status = { slot: slot(), err: failed ? errorJson(result.err()) : null }
    if (!(failed && status.err === 'AlreadyProcessed')) {
      statuses.set(signature, status)
      svm.expireBlockhash()
      svm.warpToSlot(slot() + 1n)
    }
    for (const notify of waiting.get(signature) ?? []) notify(status)
    waiting.delete(signature)
    return { signature, status }
  }

  const simulate = (tx, sigVerify) => {
    const hasAllSignatures = Object.values(tx.signatures).every((s) => s)
    const verify = sigVerify !== false && hasAllSignatures
    if (!verify) svm.withSigverify(false)
    try {
      return svm.simulateTransaction(tx)
    } finally {
      if (!verify) svm.withSigverify(true)
    }
  }

  const simulationValue = (result) => {
    const failed = typeof result.err === 'function'
    const meta = failed ? result.meta() : result.meta()
    return {
      err: failed ? errorJson(result.err()) : null,
      logs: meta.logs(),
      accounts: null,
      unitsConsumed: meta.computeUnitsConsumed(),
      returnData: null,
    }
  }

  const accountJson = (acc, encoding) => ({
    data: encoding === 'base58' ? [base58.decode(acc.data), 'base58'] : [base64.decode(acc.data), 'base64'],
    executable: acc.executable,
    lamports: BigInt(acc.lamports),
    owner: acc.programAddress,
    rentEpoch: 18446744073709551615n,
    space: Number(acc.space),
  })

  const tokenAccount = (acc, encoding) => {
    if (encoding !== 'jsonParsed') return accountJson(acc, encoding)
    const data = acc.data
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    const mint = base58.decode(data.subarray(0, 32))
    const mintAccount = svm.getAccount(mint)
    const decimals = mintAccount.exists ? mintAccount.data[44] : 0
    const amount = view.getBigUint64(64, true)
    const uiAmountString = decimals
      ? `${amount / 10n ** BigInt(decimals)}.${(amount % 10n ** BigInt(decimals)).toString().padStart(decimals, '0')}`.replace(/\.?0+$/, '')
      : `${amount}`
    return {
      ...accountJson(acc, 'base64'),
      data: {
        program: 'spl-token',
        parsed: {
          type: 'account',
          info: {
            mint,
            owner: base58.decode(data.subarray(32, 64)),
            tokenAmount: { amount: `${amount}`, decimals, uiAmount: Number(uiAmountString), uiAmountString },
            state: data[108] === 2 ? 'frozen' : 'initialized',
            isNative: view.getUint32(109, true) === 1,
          },
        },
        space: data.length,
      },
    }
  }

  const methods = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': '2.2.0', 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getSlot: () => slot(),
    getBlockHeight: () => slot(),
    getEpochInfo: () => ({
      absoluteSlot: slot(),
      blockHeight: slot(),
      epoch: 0,
      slotIndex: slot(),
      slotsInEpoch: 432000,
      transactionCount: statuses.size,
    }),
    getBalance: ([addr]) => withContext(BigInt(svm.getBalance(address(addr)) ?? 0n)),
    getAccountInfo: ([addr, config = {}]) => {
      const acc = svm.getAccount(address(addr))
      return withContext(acc.exists ? accountJson(acc, config.encoding) : null)
    },
    getMultipleAccounts: ([list, config = {}]) =>
      withContext(
        list.map((a) => {
          const acc = svm.getAccount(address(a))
          return acc.exists ? accountJson(acc, config.encoding) : null
        }),
      ),
    getLatestBlockhash: () => withContext({ blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150n }),
    isBlockhashValid: () => withContext(true),
    getMinimumBalanceForRentExemption: ([len]) => svm.minimumBalanceForRentExemption(BigInt(len ?? 0)),
    getFeeForMessage: ([message]) => {
      const bytes = fromBase64.encode(message)
      // A versioned message starts with 0x80 | version; the header's first byte counts the signatures.
      const signers = bytes[0] & 0x80 ? bytes[1] : bytes[0]
      return withContext(BASE_FEE * signers)
    },
    getRecentPrioritizationFees: () => [],
    requestAirdrop: ([addr, lamports]) => {
      const result = svm.airdrop(address(addr), BigInt(lamports))
      if (!result) throw new RpcError(-32603, 'airdrop failed')
      const { signature, status } = landed(result)
      if (status.err) throw new RpcError(-32603, `airdrop failed: ${JSON.stringify(status.err)}`)
      return signature
    },
    simulateTransaction: ([encoded, config = {}]) => {
      const tx = decodeTx(encoded, config.encoding)
      const value = simulationValue(simulate(tx, config.sigVerify))
      return withContext(
        config.replaceRecentBlockhash
          ? { ...value, replacementBlockhash: { blockhash: svm.latestBlockhash(), lastValidBlockHeight: slot() + 150n } }
          : value,
      )
    },
    sendTransaction: ([encoded, config = {}]) => {
      const tx = decodeTx(encoded, config.encoding)
      if (!config.skipPreflight) {
        const preflight = simulationValue(simulate(tx, true))
        if (preflight.err) {
          throw new RpcError(
            -32002,
            `Transaction simulation failed: ${typeof preflight.err === 'string' ? preflight.err : JSON.stringify(preflight.err)}`,
            preflight,
          )
        }
      }
      const { signature, status } = landed(svm.sendTransaction(tx))
      if (status.err === 'AlreadyProcessed')
        throw new RpcError(-32002, 'Transaction simulation failed: This transaction has already been processed', {
          err: status.err,
          logs: [],
        })
      return signature
    },
    getSignatureStatuses: ([signatures]) =>
      withContext(
        signatures.map((s) => {
          const status = statuses.get(s)
          if (!status) return null
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err ? { Err: status.err } : { Ok: null },
            confirmationStatus: 'finalized',
          }
        }),
      ),
    getTokenAccountsByOwner: ([owner, filter = {}, config = {}]) => {
      const ownerBytes = fromBase58.encode(address(owner))
      const programs = filter.programId ? [filter.programId] : TOKEN_PROGRAMS
      const accounts = programs.flatMap((p) => svm.getProgramAccounts(address(p, 'programId')))
      return withContext(
        accounts
          .filter((a) => a.data.length >= 165 && ownerBytes.every((b, i) => a.data[32 + i] === b))
          .filter((a) => !filter.mint || base58.decode(a.data.subarray(0, 32)) === filter.mint)
          .map((a) => ({ pubkey: a.address, account: tokenAccount(a, config.encoding) })),
      )
    },
  }

  const answer = (request) => {
    const { id = null, method, params = [] } = request ?? {}
    try {
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
      if (!handler) throw new RpcError(-32601, `Method not found: ${method}`)
      return { jsonrpc: '2.0', id, result: handler(Array.isArray(params) ? params : [params]) }
    } catch (error) {
      const rpcError = error instanceof RpcError ? error : new RpcError(-32603, `Internal error: ${error.message}`)
      return {
        jsonrpc: '2.0',
        id,
        error: { code: rpcError.code, message: rpcError.message, ...(rpcError.data ? { data: rpcError.data } : {}) },
      }
    }
  }

  const server = createServer((req, res) => {
    // Browsers preflight: web3.js sends a `solana-client` header.
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'POST, OPTIONS',
      'access-control-max-age': '600',
    }
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
    if (req.method !== 'POST') return res.writeHead(405, { ...cors, 'content-type': 'text/plain' }).end('POST JSON-RPC here')
    const chunks = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      let body
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return res
          .writeHead(200, { ...cors, 'content-type': 'application/json' })
          .end(stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }))
      }
      const result = Array.isArray(body) ? body.map(answer) : answer(body)
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(stringify(result))
    })
  })

  // WebSocket on the same port: signatureSubscribe is what web3.js uses to confirm.
  const wss = new WebSocketServer({ server })
  let nextSubscription = 1
  wss.on('connection', (socket) => {
    const subscriptions = new Map()
    const send = (message) => socket.readyState === socket.OPEN && socket.send(stringify(message))
    socket.on('message', (raw) => {
      let request
      try {
        request = JSON.parse(String(raw))
      } catch {
        return send({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } })
      }
      const { id, method, params = [] } = request
      if (id === undefined || id === null) return // notifications such as web3.js's "ping"
      if (method === 'signatureSubscribe') {
        const subscription = nextSubscription++
        const [signature] = params
        const notify = (status) => {
          if (!subscriptions.delete(subscription)) return
          send({
            jsonrpc: '2.0',
            method: 'signatureNotification',
            params: { result: { context: { slot: status.slot }, value: { err: status.err } }, subscription },
          })
        }
        subscriptions.set(subscription, () => waiting.get(signature)?.delete(notify))
        send({ jsonrpc: '2.0', id, result: subscription })
        const known = statuses.get(signature)
        if (known) setTimeout(() => notify(known), 0)
        else waiting.set(signature, (waiting.get(signature) ?? new Set()).add(notify))
        return
      }
      if (typeof method === 'string' && method.endsWith('Unsubscribe')) {
        const cancel = subscriptions.get(params[0])
        cancel?.()
        subscriptions.delete(params[0])
        return send({ jsonrpc: '2.0', id, result: Boolean(cancel) })
      }
      send({ jsonrpc: '2.0', id, error: { code: -32601, message: `Method not found: ${method}` } })
    })
    socket.on('close', () => subscriptions.forEach((cancel) => cancel()))
  })

  const listenPort = port || (await freePort())
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(listenPort, '127.0.0.1', resolve)
  })
  const url = `http://127.0.0.1:${listenPort}`
  return {
    url,
    wsUrl: `ws://127.0.0.1:${listenPort}`,
    genesisHash,
    svm,
    /**
     * Creates an SPL token (classic Token program): a mint at an address derived from `symbol`, with `decimals`,
     * and for each holder its associated token account holding the amount. Returns the mint's address.
     */
    async createToken({ symbol, decimals, holders = {} }) {
      const encodeAddress = kit.getAddressEncoder()
      const mint = base58.decode(createHash('sha256').update(`vestibule sandbox mint ${symbol}`).digest())
      const supply = Object.values(holders).reduce((sum, amount) => sum + BigInt(amount), 0n)
      const data = new Uint8Array(MINT_SIZE)
      const view = new DataView(data.buffer)
      const authority = Object.keys(holders)[0]
      if (authority) {
        view.setUint32(0, 1, true)
        data.set(encodeAddress.encode(authority), 4)
      }
      view.setBigUint64(36, supply, true)
      data[44] = decimals
      data[45] = 1
      const put = (address, bytes) =>
        svm.setAccount({
          address,
          data: bytes,
          executable: false,
          lamports: svm.minimumBalanceForRentExemption(BigInt(bytes.length)),
          programAddress: TOKEN_PROGRAMS[0],
          space: BigInt(bytes.length),
        })
      put(mint, data)
      for (const [owner, amount] of Object.entries(holders)) {
        const [ata] = await kit.getProgramDerivedAddress({
          programAddress: ATA_PROGRAM,
          seeds: [encodeAddress.encode(owner), encodeAddress.encode(TOKEN_PROGRAMS[0]), encodeAddress.encode(mint)],
        })
        const account = new Uint8Array(TOKEN_ACCOUNT_SIZE)
        account.set(encodeAddress.encode(mint), 0)
        account.set(encodeAddress.encode(owner), 32)
        new DataView(account.buffer).setBigUint64(64, BigInt(amount), true)
        account[108] = 1 // initialized
        put(ata, account)
      }
      return mint
    },
    /** The amount of `mint` that `owner` holds over all its token accounts (base units). */
    tokenBalance(owner, mint) {
      const { value } = methods.getTokenAccountsByOwner([owner, { mint }, { encoding: 'jsonParsed' }])
      return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n)
    },
    /** Airdrops `lamports` to `addr` (a real transaction from litesvm's faucet account). */
    fund: (addr, lamports) => methods.requestAirdrop([addr, `${lamports}`]),
    balance: (addr) => BigInt(svm.getBalance(addr) ?? 0n),
    async stop() {
      // A normal closure (1000): web3.js's socket client reconnects after anything else, forever.
      await Promise.all(
        [...wss.clients].map(
          (client) =>
            new Promise((resolve) => {
              const timer = setTimeout(() => (client.terminate(), resolve()), 300)
              client.once('close', () => (clearTimeout(timer), resolve()))
              client.close(1000, 'server stopping')
            }),
        ),
      )
      wss.close()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** The demo account's address, derived from the seed with node:crypto (no SDK needed here). */
export async function demoAddress(seedHex = DEMO_SEED_HEX) {
  const { createPrivateKey, createPublicKey } = await import('node:crypto')
  const key = createPrivateKey({
    key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(seedHex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  })
  const raw = createPublicKey(key).export({ format: 'der', type: 'spki' }).subarray(12)
  const kit = createRequire(require.resolve('litesvm'))('@solana/kit')
  return kit.getBase58Decoder().decode(raw)
}

/** The sandbox hook (see sandbox/server.mjs): the chain, the funded demo account and the wallet's bundle. */
export async function start() {
  try {
    require.resolve('litesvm')
  } catch {
    return { skipped: 'litesvm is not installed (npm ci installs it)' }
  }
  const chain = await startSolanaChain()
  const address = await demoAddress()
  await chain.fund(address, DEMO_LAMPORTS)
  const mint = await chain.createToken({ symbol: DEMO_SPL.symbol, decimals: DEMO_SPL.decimals, holders: { [address]: DEMO_SPL.amount } })
  const token = { name: DEMO_SPL.name, symbol: DEMO_SPL.symbol, decimals: DEMO_SPL.decimals, address: mint }
  return {
    /** The SPL token the demo account holds (`address` is its mint). */
    token,
    chain,
    address,
    config: {
      name: CLUSTER_NAME,
      rpc: chain.url,
      ws: chain.wsUrl,
      genesisHash: chain.genesisHash,
      walletChain: WALLET_CHAIN,
      seed: DEMO_SEED_HEX,
      address,
      token,
    },
    wallet: { entry: 'sandbox/solana/wallet.ts', url: '/wallets/solana.js' },
    describe: `litesvm ${chain.url} (${CLUSTER_NAME}, solana:${chain.genesisHash.slice(0, 32)}), demo account ${address}, Sandbox Solana Wallet`,
    stop: () => chain.stop(),
  }
}
