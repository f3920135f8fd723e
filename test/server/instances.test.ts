// Two instances of a host's sign-in server, each a process of its own on its own port, sharing one real Redis: a
// nonce issued by one is taken once by either, a revocation or sign-out at one is seen at the other at once,
// restarting both keeps every session, and a Redis outage is a 503 with its reason (the processes stay up) until
// Redis is back.
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Page } from './client.js'
import { haveRedis, startRedis } from './redis.js'
import { CHAINS, messageFor, signer } from './signers.js'

const ORIGIN = 'https://app.test'
let redis: Awaited<ReturnType<typeof startRedis>>
const running: ChildProcess[] = []

interface Instance {
  base: string
  child: ChildProcess
  stop(): Promise<void>
}

async function instance(port = 0): Promise<Instance> {
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'instance.mjs')], {
    env: { ...process.env, REDIS_URL: redis.url, ORIGIN, CHAINS: JSON.stringify([CHAINS.eip155, CHAINS.solana]), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  const bound = await new Promise<number>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk
      const match = /listening (\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('exit', (code) => reject(new Error(`the server instance exited (${code}): ${output}`)))
  })
  return {
    base: `http://127.0.0.1:${bound}/auth/`,
    child,
    stop: () =>
      new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM')))),
  }
}

const pageOn = (at: Instance, cookie = '') => Object.assign(new Page(fetch, ORIGIN, at.base), { cookie })

let a: Instance
let b: Instance
beforeAll(async () => {
  if (!haveRedis) return
  redis = await startRedis()
  ;[a, b] = await Promise.all([instance(), instance()])
}, 120_000)
afterAll(async () => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL')
  await redis?.stop()
})

async function signInAt(issue: Instance, verify: Instance, family: 'eip155' | 'solana' = 'eip155') {
  const who = signer(family)
  const page = pageOn(issue)
  const { nonce } = (await page.call('nonce')).body
  const message = messageFor(who, ORIGIN, nonce)
  const body = { message, signature: await who.sign(message) }
  const at = pageOn(verify)
  const answer = await at.call('verify', body)
  return { who, body, answer, cookie: at.cookie }
}

describe.runIf(haveRedis)('two server processes sharing one Redis', () => {
  it('a nonce issued by one is accepted once by the other, and refused on replay at the first', async () => {
    const { answer, body } = await signInAt(a, b)
    expect(answer.status).toBe(200)
    expect(await pageOn(a).call('verify', body)).toMatchObject({ status: 400, body: { reasons: ['nonce'] } })
  })

  it('a revocation at one is seen by the other at once; so is a sign-out', async () => {
    const { who, cookie } = await signInAt(a, a)
    expect((await pageOn(b, cookie).call('sessions')).body.sessions).toHaveLength(1)
    await pageOn(b, cookie).call('revoke', { chainId: who.chainId, address: who.address })
    expect((await pageOn(a, cookie).call('sessions')).body.sessions).toEqual([])

    const again = await signInAt(b, b, 'solana')
    expect((await pageOn(a, again.cookie).call('me')).body).toEqual({ address: again.who.address, chainId: again.who.chainId })
    await pageOn(a, again.cookie).call('signout', {})
    expect(await pageOn(b, again.cookie).call('me')).toMatchObject({ status: 401 })
  })

  it('restarting both processes loses no session', async () => {
    const { who, cookie } = await signInAt(a, b)
    const ports = [new URL(a.base).port, new URL(b.base).port].map(Number)
    await Promise.all([a.stop(), b.stop()])
    ;[a, b] = await Promise.all([instance(ports[0]), instance(ports[1])])
    for (const at of [a, b]) expect((await pageOn(at, cookie).call('me')).body).toEqual({ address: who.address, chainId: who.chainId })
  })

  it('Redis going away answers 503 with its reason, the processes stay up, and service comes back with Redis', async () => {
    await redis.stop()
    for (const at of [a, b]) {
      const answer = await pageOn(at).call('nonce')
      expect(answer).toMatchObject({ status: 503, body: { reasons: ['store'] } })
      expect(answer.body.error).toMatch(/session store/)
    }
    expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null])
    await redis.start()
    // Each client reconnects within a second of Redis answering again; the rest is a loaded machine's slack.
    await expect.poll(async () => (await pageOn(a).call('nonce')).status, { timeout: 30_000 }).toBe(200)
    await expect.poll(async () => (await pageOn(b).call('nonce')).status, { timeout: 30_000 }).toBe(200)
    expect((await signInAt(a, b)).answer.status).toBe(200)
  }, 120_000)
})
