// The blockchain API's smart sessions: GET /v1/sessions/{address} lists the sessions (permissions granted to apps)
// the sandbox keeps for a smart account, POST /v1/sessions/{address}/revoke (body `{ pci, signature }`) removes one
// when `signature` is the account's signature of the `pci`, checked on the local chain (EIP-1271, or EIP-6492 for
// an account not deployed yet). Tests add sessions (`add`) and may pin any answer, hostile ones too (`pin`).
import { createPublicClient, http } from 'viem'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** `{ add(address, session), list(address), pin(route, answer) }`; a session is `{ pci, project, expiry, permissions, policies }`. */
export function createSessionsState() {
  const byAddress = new Map()
  const answers = new Map()
  return {
    add: (address, session) => void byAddress.set(address.toLowerCase(), [...(byAddress.get(address.toLowerCase()) ?? []), session]),
    list: (address) => byAddress.get(address.toLowerCase()) ?? [],
    remove: (address, pci) =>
      byAddress.set(
        address.toLowerCase(),
        (byAddress.get(address.toLowerCase()) ?? []).filter((s) => s.pci !== pci),
      ),
    /** Pins the answer (`{ status, body }`) of 'list' or 'revoke'; `undefined` unpins. */
    pin: (route, answer) => (answer === undefined ? answers.delete(route) : answers.set(route, answer)),
    answers,
  }
}

async function signedBy(rpcUrls, address, message, signature) {
  const url = Object.entries(rpcUrls).find(([id]) => id.startsWith('eip155:'))?.[1]
  if (!url) return false
  try {
    return await createPublicClient({ transport: http(url) }).verifyMessage({ address, message, signature })
  } catch {
    return false
  }
}

export async function handle({ method, path, body }, api) {
  const match = /^\/v1\/sessions\/([^/]+)(\/revoke)?$/.exec(path)
  if (!match) return undefined
  const address = decodeURIComponent(match[1])
  const route = match[2] ? 'revoke' : 'list'
  if (api.sessions.answers.has(route)) return api.sessions.answers.get(route)
  if (!ADDRESS.test(address)) return { status: 400, body: { message: 'Invalid address' } }
  if (route === 'list' && method === 'GET') return { status: 200, body: { sessions: api.sessions.list(address) } }
  if (route !== 'revoke' || method !== 'POST') return undefined
  const { pci, signature } = body ?? {}
  if (typeof pci !== 'string' || typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature))
    return { status: 400, body: { message: 'pci and signature are required' } }
  if (!api.sessions.list(address).some((s) => s.pci === pci)) return { status: 404, body: { message: 'No such session' } }
  if (!(await signedBy(api.rpcUrls, address, pci, signature))) return { status: 401, body: { message: 'Invalid signature' } }
  api.sessions.remove(address, pci)
  return { status: 200, body: { success: true } }
}
