// The bip122 sandbox: Debian's litecoind (a Bitcoin Core 0.21 fork) in regtest, funded for the demo key, behind a
// small Esplora-shaped HTTP API on 127.0.0.1. Litecoin's regtest has its own address prefixes (bech32 `rltc`,
// pubKeyHash 0x6f, scriptHash 0x3a) and genesis hash: the network definition carries them.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../net.mjs'

export const INSTALL_COMMAND = 'apt-get update && apt-get install -y --no-install-recommends litecoind'
const BINARY = process.env.LITECOIND ?? 'litecoind'

/** The demo wallet's key (regtest only). */
export const DEMO_BIP122_KEY = '5d2a2f1c0f6b1d3c7e4a8b9c0d1e2f3a4b5c6d7e8f90a1b2c3d4e5f60718293a'
/** Paid to the demo address in two outputs, so the balance is a sum of UTXOs with visible decimals. */
export const DEMO_BIP122_FUNDING = ['12.3', '0.04567891']
/** What `GET /fee-estimates` answers (sat/vB per confirmation target); the plugin uses the 6-block one. */
export const FEE_ESTIMATES = { 1: 5.5, 2: 4, 3: 3, 6: 2.5, 25: 1.5, 144: 1, 504: 1, 1008: 1 }

export const LITECOIN_REGTEST = {
  name: 'Litecoin Regtest',
  nativeCurrency: { name: 'Litecoin', symbol: 'LTC', decimals: 8 },
  /** Litecoin Core relays no output worth less than spending it at 30000 sat/kvB (Bitcoin: 3000). */
  dustRelayFee: 30000,
  /** Litecoin's payment URIs: `litecoin:<address>?amount=…`, BIP-21 with its own scheme. */
  uriScheme: 'litecoin',
  bitcoinjs: {
    messagePrefix: '\x19Litecoin Signed Message:\n',
    bech32: 'rltc',
    bip32: { public: 0x043587cf, private: 0x04358394 },
    pubKeyHash: 0x6f,
    scriptHash: 0x3a,
    wif: 0xef,
  },
}

/** True when the litecoind binary can be run. */
export function litecoindInstalled() {
  const result = spawnSync(BINARY, ['-version'], { stdio: 'ignore' })
  return !result.error && result.status === 0
}

/** Decimal coins ("12.3", or a JSON number) to satoshis, exactly. */
export function toSats(amount) {
  const [whole, fraction = ''] = (typeof amount === 'number' ? amount.toFixed(8) : String(amount)).split('.')
  return BigInt(whole + fraction.padEnd(8, '0').slice(0, 8))
}

/**
 * Starts litecoind in regtest in a temporary data directory on a free RPC port; resolves once RPC answers.
 * `rpc(method, params, wallet?)` calls it. `stop()` shuts it down and removes the directory.
 */
export async function startLitecoind() {
  const datadir = await mkdtemp(path.join(tmpdir(), 'vb-litecoind-'))
  const port = await freePort()
  const user = 'vestibule'
  const password = randomBytes(12).toString('hex')
  // The flags of TESTING.md, in the foreground (no -daemon) so this process owns it and can stop it, under a
  // small shell watchdog: when this process dies without stopping the node (a killed test run), the pipe on the
  // shell's stdin closes and the watchdog ends litecoind, so no daemon outlives its sandbox.
  // (An asynchronous list reads /dev/null, so the pipe is kept as fd 3 for the watchdog loop.)
  const watchdog =
    'exec 3<&0; "$0" "$@" & pid=$!; ' +
    '(while read -r _ <&3; do :; done; kill -TERM $pid 2>/dev/null; while kill -0 $pid 2>/dev/null; do sleep 0.2; done; rm -rf "$VB_LITECOIND_DATADIR") & ' +
    'wait $pid'
  const child = spawn(
    'sh',
    [
      '-c',
      watchdog,
      BINARY,
      '-regtest',
      `-datadir=${datadir}`,
      '-rpcbind=127.0.0.1',
      '-rpcallowip=127.0.0.1',
      `-rpcport=${port}`,
      '-listen=0',
      '-dnsseed=0',
      '-upnp=0',
      `-rpcuser=${user}`,
      `-rpcpassword=${password}`,
      '-fallbackfee=0.0001',
      '-txindex=1',
      '-printtoconsole=0',
      // Funding is done with a key of our own (see createFaucet): no node wallet to create or load.
      '-disablewallet',
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], env: { ...process.env, VB_LITECOIND_DATADIR: datadir } },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const auth = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
  const url = `http://127.0.0.1:${port}`

  // scantxoutset runs one at a time in the node ("Scan already in progress"): callers of rpc() queue for it.
  let scans = Promise.resolve()
  function rpc(method, params = [], wallet) {
    if (method !== 'scantxoutset') return call(method, params, wallet)
    const result = scans.then(() => call(method, params, wallet))
    scans = result.catch(() => undefined)
    return result
  }

  // node:http without keep-alive: an idle pooled connection would hold litecoind's shutdown for seconds.
  function call(method, params = [], wallet) {
    return new Promise((resolve, reject) => {
      const body = JSON.stringify({ jsonrpc: '1.0', id: method, params, method })
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: wallet ? `/wallet/${wallet}` : '/',
          method: 'POST',
          agent: false,
          headers: { authorization: auth, 'content-type': 'application/json' },
        },
        (res) => {
          let text = ''
          res.on('data', (chunk) => (text += chunk))
          res.on('end', () => {
            let parsed
            try {
              parsed = JSON.parse(text)
            } catch {
              return reject(Object.assign(new Error(`${method}: HTTP ${res.statusCode} ${text.slice(0, 200)}`), { code: res.statusCode }))
            }
            if (parsed.error) reject(Object.assign(new Error(`${method}: ${parsed.error.message}`), { code: parsed.error.code }))
            else resolve(parsed.result)
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  /** Closing the watchdog's stdin makes it send SIGTERM: litecoind shuts down and the shell exits with it. */
  const stop = async () => {
    child.stdin.end()
    if (child.exitCode === null && child.signalCode === null) {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    }
    await rm(datadir, { recursive: true, force: true })
  }

  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) {
      child.stdin.end()
      await rm(datadir, { recursive: true, force: true })
      throw new Error(`litecoind exited with code ${child.exitCode}: ${stderr.trim().slice(0, 500)}`)
    }
    try {
      await rpc('getblockchaininfo')
      break
    } catch (error) {
      // -28: still warming up; a refused connection: not listening yet.
      if (Date.now() - started > 30_000) {
        await stop()
        throw new Error(`litecoind did not answer RPC within 30 s: ${error.message}`)
      }
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return { url, port, datadir, rpc, stop, pid: child.pid }
}

/**
 * An Esplora-shaped HTTP API in front of litecoind RPC, on 127.0.0.1 (CORS open):
 * `GET /address/:a/utxo` (scantxoutset), `GET /tx/:txid/hex`, `POST /tx` (sendrawtransaction, then one block is
 * mined so balances move), `GET /fee-estimates` (a fixed answer), `GET /blocks/tip/height`.
 * `setDown(true)` makes every request fail with 503 (a node that is down).
 */
export async function startEsplora({ rpc, miner, port = 0 }) {
  let down = false
  const server = createServer(async (req, res) => {
    const send = (status, body, type = 'text/plain') => {
      res.writeHead(status, {
        'content-type': type,
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type',
        'cache-control': 'no-store',
      })
      res.end(body)
    }
    const json = (value) => send(200, JSON.stringify(value), 'application/json')
    try {
      if (req.method === 'OPTIONS') return send(204, '')
      if (down) return send(503, 'The node is down')
      const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1')
      let match
      if (req.method === 'GET' && (match = /^\/address\/([a-zA-Z0-9]{14,100})\/utxo$/.exec(pathname))) {
        const scan = await rpc('scantxoutset', ['start', [`addr(${match[1]})`]])
        return json(
          scan.unspents.map((u) => ({
            txid: u.txid,
            vout: u.vout,
            value: Number(toSats(u.amount)),
            status: { confirmed: true, block_height: u.height },
          })),
        )
      }
      if (req.method === 'GET' && (match = /^\/tx\/([0-9a-f]{64})\/hex$/.exec(pathname)))
        return send(200, await rpc('getrawtransaction', [match[1]]))
      if (req.method === 'GET' && pathname === '/fee-estimates') return json(FEE_ESTIMATES)
      if (req.method === 'GET' && pathname === '/blocks/tip/height') return send(200, String(await rpc('getblockcount')))
      if (req.method === 'POST' && pathname === '/tx') {
        let body = ''
        for await (const chunk of req) body += chunk
        const hex = body.trim()
        if (!/^([0-9a-f]{2})+$/i.test(hex)) return send(400, 'The body must be a raw transaction in hex')
        let txid
        try {
          txid = await rpc('sendrawtransaction', [hex])
        } catch (error) {
          return send(400, `sendrawtransaction RPC error: ${error.message}`)
        }
        await rpc('generatetoaddress', [1, miner])
        return send(200, txid)
      }
      return send(404, 'Not found')
    } catch (error) {
      return send(500, error instanceof Error ? error.message : String(error))
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    setDown: (value) => void (down = Boolean(value)),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const loadSdk = async () => {
  const [ecc, bitcoinjs, { ECPairFactory }] = await Promise.all([
    import('@bitcoinerlab/secp256k1'),
    import('bitcoinjs-lib'),
    import('ecpair'),
  ])
  return { ecc, bitcoinjs, ECPair: ECPairFactory(ecc) }
}

/** The P2WPKH address of a hex private key on the sandbox chain. */
export async function p2wpkhAddress(privateKeyHex) {
  const { bitcoinjs, ECPair } = await loadSdk()
  const key = ECPair.fromPrivateKey(Buffer.from(privateKeyHex, 'hex'))
  return bitcoinjs.payments.p2wpkh({ pubkey: key.publicKey, network: LITECOIN_REGTEST.bitcoinjs }).address
}

/** The sandbox miner's key: block rewards go to its address and the faucet spends them. */
const MINER_KEY = '7f1c3e5a9b2d4f6081a3c5e7092b4d6f8a1c3e5f7092b4d6e8fa1c3e5b7d9f02'
/** Blocks mined at start: the coinbases of blocks 1 to MATURE_BLOCKS - 100 can be spent by the faucet. */
const MATURE_BLOCKS = 120

/**
 * A faucet spending the miner's matured block rewards (one per call, from block 1 up): `fund(address, amounts)`
 * pays each decimal amount to `address` in its own output, mines a block and returns the txid.
 */
export async function createFaucet(rpc) {
  const { bitcoinjs, ECPair } = await loadSdk()
  const network = LITECOIN_REGTEST.bitcoinjs
  const key = ECPair.fromPrivateKey(Buffer.from(MINER_KEY, 'hex'), { network })
  const miner = bitcoinjs.payments.p2wpkh({ pubkey: key.publicKey, network }).address
  let next = 1
  return {
    miner,
    /** Mines `count` blocks to the miner. */
    mine: (count = 1) => rpc('generatetoaddress', [count, miner]),
    async fund(address, amounts) {
      const tip = await rpc('getblockcount')
      if (next > tip - 100) throw new Error('The faucet has no matured block reward left')
      const block = await rpc('getblock', [await rpc('getblockhash', [next++]), 2])
      const coinbase = block.tx[0]
      const output = coinbase.vout[0]
      const value = toSats(output.value)
      const psbt = new bitcoinjs.Psbt({ network })
      psbt.addInput({ hash: coinbase.txid, index: 0, witnessUtxo: { script: Buffer.from(output.scriptPubKey.hex, 'hex'), value } })
      let paid = 0n
      for (const amount of amounts) {
        psbt.addOutput({ address, value: toSats(amount) })
        paid += toSats(amount)
      }
      // A flat 0.0001 fee; the rest goes back to the miner.
      psbt.addOutput({ address: miner, value: value - paid - 10_000n })
      psbt.signAllInputs(key).finalizeAllInputs()
      const txid = await rpc('sendrawtransaction', [psbt.extractTransaction().toHex()])
      await rpc('generatetoaddress', [1, miner])
      return txid
    },
  }
}

/**
 * Starts the chain: litecoind with MATURE_BLOCKS mined to the miner, the demo address funded with
 * DEMO_BIP122_FUNDING (two confirmed UTXOs), and the Esplora front.
 */
export async function startChain() {
  const node = await startLitecoind()
  try {
    const genesisHash = await node.rpc('getblockhash', [0])
    const faucet = await createFaucet(node.rpc)
    await faucet.mine(MATURE_BLOCKS)
    const address = await p2wpkhAddress(DEMO_BIP122_KEY)
    await faucet.fund(address, DEMO_BIP122_FUNDING)
    const esplora = await startEsplora({ rpc: node.rpc, miner: faucet.miner })
    const network = { ...LITECOIN_REGTEST, genesisHash, caipNetworkId: `bip122:${genesisHash.slice(0, 32)}`, esploraUrl: esplora.url }
    return {
      node,
      esplora,
      faucet,
      address,
      network,
      async stop() {
        await esplora.stop()
        await node.stop()
      },
    }
  } catch (error) {
    await node.stop()
    throw error
  }
}

/** The sandbox hook (sandbox/server.mjs): `{ skipped }` when litecoind is not installed. */
export async function start() {
  if (!litecoindInstalled()) return { skipped: `litecoind is not installed (${INSTALL_COMMAND})` }
  const chain = await startChain()
  const { network } = chain
  return {
    // What the page gets: a network definition for defineNetwork() (chains/bip122) and the wallet's key.
    config: {
      network: {
        genesisHash: network.genesisHash,
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        dustRelayFee: network.dustRelayFee,
        uriScheme: network.uriScheme,
        esploraUrl: network.esploraUrl,
        params: network.bitcoinjs,
      },
      address: chain.address,
      wallet: { privateKey: DEMO_BIP122_KEY, caipNetworkId: network.caipNetworkId, bitcoinjs: network.bitcoinjs },
    },
    wallet: { entry: 'sandbox/bip122/wallet.ts', url: '/wallets/bip122.js' },
    describe: `litecoind regtest, Esplora API ${network.esploraUrl} (${network.caipNetworkId}); demo ${chain.address}`,
    chain,
    rpc: chain.node.rpc,
    esploraUrl: network.esploraUrl,
    address: chain.address,
    setDown: chain.esplora.setDown,
    stop: chain.stop,
  }
}
