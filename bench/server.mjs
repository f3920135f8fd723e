// Load on the sign-in server (`npm run bench:server`): one server process (vestibule/server on Node's http, as in
// docs/server.md) per case, driven from this process by nonce + verify pairs at a fixed rate, each verify a real
// signature of a fresh message: eip155 (an EOA's personal_sign) and solana (ed25519), against the memory store and
// against the Redis store (a real redis-server). Reports throughput, p50/p99 latency of each route and errors.
// Then 200 pairs one at a time, for each request's own cost. Budget: with Redis, p99 of verify ≤ 25 ms at
// 200 pairs/s, no error. Options: --rate=200 --seconds=10.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ed25519 } from '@noble/curves/ed25519'
import bs58 from 'bs58'
import { privateKeyToAccount } from 'viem/accounts'
import { redisInstalled, startRedis } from '../sandbox/redis/server.mjs'
import { loadSource } from '../sandbox/siwx/load.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)
const RATE = arg('rate', 200)
const SECONDS = arg('seconds', 10)
const BUDGET_P99_MS = 25
const ORIGIN = 'https://app.example'
const CHAINS = { eip155: 'eip155:1', solana: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }

const { createSiwxMessage } = await loadSource('plugins/siwx/messages.ts')
const evm = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const solanaKey = new Uint8Array(32).fill(7)
const SIGNERS = {
  eip155: { address: evm.address, sign: (message) => evm.signMessage({ message }) },
  solana: {
    address: bs58.encode(Buffer.from(ed25519.getPublicKey(solanaKey))),
    sign: async (message) => bs58.encode(Buffer.from(ed25519.sign(new TextEncoder().encode(message), solanaKey))),
  },
}

async function startServer(redisUrl) {
  const child = spawn(process.execPath, [path.join(root, 'test/server/instance.mjs')], {
    env: {
      ...process.env,
      ORIGIN,
      CHAINS: JSON.stringify(Object.values(CHAINS)),
      PORT: '0',
      ...(redisUrl ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const port = await new Promise((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      const match = /listening (\d+)/.exec(out)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
  })
  return {
    base: `http://127.0.0.1:${port}/auth/`,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  }
}

/** One nonce + verify pair; the times of each request, or the error. */
async function pair(base, family) {
  const signer = SIGNERS[family]
  const t0 = performance.now()
  const nonceAnswer = await fetch(`${base}nonce`)
  const { nonce } = await nonceAnswer.json()
  const t1 = performance.now()
  if (!nonceAnswer.ok) throw new Error(`nonce ${nonceAnswer.status}`)
  const message = createSiwxMessage({
    domain: new URL(ORIGIN).host,
    accountAddress: signer.address,
    chainId: CHAINS[family],
    uri: ORIGIN,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
  })
  const body = JSON.stringify({ message, signature: await signer.sign(message) })
  const t2 = performance.now()
  const verifyAnswer = await fetch(`${base}verify`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body,
  })
  await verifyAnswer.text()
  const t3 = performance.now()
  if (!verifyAnswer.ok) throw new Error(`verify ${verifyAnswer.status}`)
  return { nonce: t1 - t0, verify: t3 - t2 }
}

const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN)

/** `RATE` pairs a second for `SECONDS`, started on schedule whatever the answers' pace (an open loop). */
async function runCase(base, family) {
  for (let i = 0; i < 20; i++) await pair(base, family) // warm-up: the verifier module loads, connections open
  const results = []
  const errors = []
  const pending = []
  const total = RATE * SECONDS
  const started = performance.now()
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
    pending.push(
      pair(base, family).then(
        (r) => results.push(r),
        (e) => errors.push(e.message),
      ),
    )
  }
  await Promise.all(pending)
  const elapsed = (performance.now() - started) / 1000
  const verify = results.map((r) => r.verify).sort((a, b) => a - b)
  const nonce = results.map((r) => r.nonce).sort((a, b) => a - b)
  return {
    pairsPerSecond: results.length / elapsed,
    nonceP50: percentile(nonce, 50),
    nonceP99: percentile(nonce, 99),
    verifyP50: percentile(verify, 50),
    verifyP99: percentile(verify, 99),
    errors: errors.length,
    firstError: errors[0],
  }
}

/** One pair at a time, `count` times: each request's own cost over loopback, without queueing behind others. */
async function runSequential(base, family, count = 200) {
  const results = []
  for (let i = 0; i < count; i++) results.push(await pair(base, family))
  const verify = results.map((r) => r.verify).sort((a, b) => a - b)
  const nonce = results.map((r) => r.nonce).sort((a, b) => a - b)
  return {
    nonceP50: percentile(nonce, 50),
    nonceP99: percentile(nonce, 99),
    verifyP50: percentile(verify, 50),
    verifyP99: percentile(verify, 99),
  }
}

const rows = []
const alone = []
let redis
if (redisInstalled()) redis = await startRedis()
else console.warn('redis-server is not installed: the Redis cases are skipped (apt-get install -y redis-server)')
try {
  for (const store of ['memory', ...(redis ? ['redis'] : [])]) {
    for (const family of Object.keys(CHAINS)) {
      const server = await startServer(store === 'redis' ? redis.url : undefined)
      try {
        rows.push({ store, family, ...(await runCase(server.base, family)) })
        alone.push({ store, family, ...(await runSequential(server.base, family)) })
      } finally {
        await server.stop()
      }
    }
  }
} finally {
  await redis?.stop()
}

const ms = (n) => n.toFixed(1)
console.log(`\nSign-in server: nonce + verify pairs at ${RATE}/s for ${SECONDS} s per case (latency in ms)\n`)
console.log('| store | family | pairs/s | nonce p50 | nonce p99 | verify p50 | verify p99 | errors |')
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
for (const r of rows)
  console.log(
    `| ${r.store} | ${r.family} | ${r.pairsPerSecond.toFixed(0)} | ${ms(r.nonceP50)} | ${ms(r.nonceP99)} | ${ms(r.verifyP50)} | ${ms(r.verifyP99)} | ${r.errors}${r.firstError ? ` (${r.firstError})` : ''} |`,
  )
console.log('\nOne pair at a time (no queueing; latency in ms)\n')
console.log('| store | family | nonce p50 | nonce p99 | verify p50 | verify p99 |')
console.log('| --- | --- | --- | --- | --- | --- |')
for (const r of alone)
  console.log(`| ${r.store} | ${r.family} | ${ms(r.nonceP50)} | ${ms(r.nonceP99)} | ${ms(r.verifyP50)} | ${ms(r.verifyP99)} |`)
const over = rows.filter((r) => r.store === 'redis' && (r.verifyP99 > BUDGET_P99_MS || r.errors > 0))
console.log(
  over.length
    ? `\nOver budget (Redis: verify p99 ≤ ${BUDGET_P99_MS} ms, no error): ${over.map((r) => r.family).join(', ')}`
    : `\nWithin budget (Redis: verify p99 ≤ ${BUDGET_P99_MS} ms at ${RATE} pairs/s, no error).`,
)
process.exitCode = over.length ? 1 : 0
