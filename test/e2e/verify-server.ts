/**
 * A local stand-in for WalletConnect's Verify server, on 127.0.0.1 over HTTPS (a self-signed certificate from
 * openssl): the SDKs hard-code its host, so the browser maps that host here. It speaks the contract the SDKs use:
 *
 * - `GET /v3/attestation?projectId&origin&id&decryptedId`, loaded by the app in a hidden iframe: a page that posts
 *   `{ type: 'verify_attestation', attestation }` to its parent, the attestation an ES256 JWT of
 *   `{ id, origin, isScam, isVerified, exp }` (exp in seconds). The origin counts as verified when it is one of
 *   `verifiedOrigins` and the iframe's referrer comes from it;
 * - `GET /v3/public-key`: `{ publicKey: <JWK of the P-256 key>, expiresAt }` (seconds), which the wallet uses to check
 *   the JWT;
 * - `GET /attestation/:id`: the older lookup by message hash, `{ origin, isScam }`.
 */
import { execFileSync } from 'node:child_process'
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const VERIFY_HOST = 'verify.walletconnect.org'

/** The P-256 group order: ECDSA signatures are given with the low s. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

const base64url = (data: Buffer | string) => Buffer.from(data).toString('base64url')

/** An ES256 JWT of `payload` signed with `key` (r ‖ s, low s). */
export function signJwt(payload: object, key: KeyObject): string {
  const body = `${base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}`
  const signature = sign('sha256', Buffer.from(body), { key, dsaEncoding: 'ieee-p1363' })
  const s = BigInt(`0x${signature.subarray(32).toString('hex')}`)
  if (s > N / 2n) Buffer.from((N - s).toString(16).padStart(64, '0'), 'hex').copy(signature, 32)
  return `${body}.${base64url(signature)}`
}

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vb-verify-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-subj',
        `/CN=${VERIFY_HOST}`,
        '-addext',
        `subjectAltName=DNS:${VERIFY_HOST}`,
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export interface VerifyServer {
  port: number
  /** What the server was asked: path (with query), the Origin and Referer headers. */
  requests: Array<{ path: string; origin?: string; referer?: string }>
  /** The attestations it issued, decoded. */
  issued: Array<{ id: string; origin: string; isScam: boolean; isVerified: boolean; exp: number }>
  /** Origins reported as scams from now on. */
  scams: Set<string>
  stop(): Promise<void>
}

export async function startVerifyServer(options: { verifiedOrigins: () => string[] }): Promise<VerifyServer> {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const requests: VerifyServer['requests'] = []
  const issued: VerifyServer['issued'] = []
  const scams = new Set<string>()
  const byId = new Map<string, { origin: string; isScam: boolean }>()
  const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, OPTIONS', 'access-control-allow-headers': '*' }

  const server: Server = createServer(selfSignedCertificate(), (req, res) => {
    const url = new URL(req.url ?? '/', `https://${VERIFY_HOST}`)
    requests.push({ path: `${url.pathname}${url.search}`, origin: req.headers.origin, referer: req.headers.referer })
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { ...cors, 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body))
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
    if (req.method !== 'GET') return json(405, { error: 'GET only' })

    if (url.pathname === '/v3/public-key') return json(200, { publicKey: jwk, expiresAt: Math.floor(Date.now() / 1000) + 3600 })

    if (url.pathname === '/v3/attestation') {
      const id = url.searchParams.get('id') ?? ''
      const origin = url.searchParams.get('origin') ?? ''
      if (!/^[0-9a-f]{64}$/.test(id) || !origin) return json(400, { error: 'id and origin expected' })
      // The app names its origin; the browser's referrer has to agree for the origin to count as verified.
      let referrer = ''
      try {
        referrer = new URL(req.headers.referer ?? '').origin
      } catch {
        /* no referrer: not verified */
      }
      const payload = {
        id,
        origin,
        isScam: scams.has(origin),
        isVerified: options.verifiedOrigins().includes(origin) && referrer === origin,
        exp: Math.floor(Date.now() / 1000) + 300,
      }
      issued.push(payload)
      byId.set(id, { origin, isScam: payload.isScam })
      const message = JSON.stringify({ type: 'verify_attestation', attestation: signJwt(payload, privateKey) })
      const html = `<!doctype html><meta charset="utf-8"><script>parent.postMessage(${JSON.stringify(message)}, '*')</script>`
      return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
    }

    const lookup = /^\/(?:v3\/)?attestation\/([0-9a-f]{64})$/.exec(url.pathname)
    if (lookup) {
      const found = byId.get(lookup[1]!)
      return found ? json(200, found) : json(404, { error: 'unknown attestation' })
    }
    json(404, { error: 'not found' })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    issued,
    scams,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
