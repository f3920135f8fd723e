// The blockchain API's identity and profile endpoints, answered from a small name registry in the provider's zone:
//   GET /v1/identity/{address}?sender          → { name, avatar } (null when the address has no name)
//   GET /v1/profile/account/{name}?apiVersion=2 → the name's record (404 when nobody holds it)
//   GET /v1/profile/reverse/{address}?sender&apiVersion=2 → the records of every name pointing at the address
//   GET /avatar/{label}.svg                     → a small avatar image, as a name's `avatar` attribute links it
//   GET /v1/profile/suggestions/{label}?zone    → { suggestions: [{ name, registered }] }: the label itself first, then
//                                                 a few variations, each marked registered or not
//   POST /v1/profile/account { coin_type, address, message, signature } → { success: true }: registers the name the
//                                                 signed message states (JSON: name, address, timestamp in Unix seconds)
//                                                 after checking the signature; refusals are 400 with `reasons`
// A record: { name, registered, updated, addresses: { [coinType]: { address, created } }, attributes: [{ avatar, bio }] }
// (addresses by SLIP-44 / ENSIP-11 coin type; 60 stands for every EVM chain). Tests pin raw answers per path
// (hostile or malformed bodies, failures) with `pin`.
import { DEMO_PRIVATE_KEY } from '../demo.mjs'

/** The zone the sandbox provider registers names under: `alice.sandbox.id`. */
export const NAME_ZONE = 'sandbox.id'
/** Ethereum's coin type, under which an EVM address is stored for every EVM chain. */
export const EVM_COIN_TYPE = '60'
/** A label in the zone: letters, digits or hyphens, at least 4 characters, as the name registration rule requires. */
const LABEL = /^[a-z0-9-]{4,63}$/

/**
 * The names the sandbox starts with: the demo account's, and two local accounts to send to (the demo app's fixed
 * recipient and another funded anvil account). `avatar: true` links the name's avatar on the provider API.
 */
export const SEED_NAMES = [
  { label: 'demo', address: 'demo', avatar: true, bio: 'The sandbox demo account' },
  { label: 'alice', address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', avatar: true, bio: 'Receives the demo sends' },
  { label: 'bobby', address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65' },
]

let demoAddress
async function seedAddress(address) {
  if (address !== 'demo') return address
  demoAddress ??= import('viem/accounts').then((m) => m.privateKeyToAccount(DEMO_PRIVATE_KEY).address)
  return demoAddress
}

/**
 * A registry of names in `zone`. `register` is the one way in (seeds, tests, and the name registration endpoint):
 * it checks the label and refuses a name another address holds.
 *
 * @param {{ zone?: string, now?: () => number }} [options]
 */
export function createNameRegistry({ zone = NAME_ZONE, now = Date.now } = {}) {
  /** Records by full name. */
  const records = new Map()
  const seconds = () => Math.floor(now() / 1000)
  return {
    zone,
    /**
     * Registers `name` (a label, or a full name in the zone) for `address` under `coinType`; renews the holder's own name.
     * @param {{ name: string, address: string, coinType?: string, avatar?: string, bio?: string }} entry
     * @returns the record
     */
    register({ name, address, coinType = EVM_COIN_TYPE, avatar, bio }) {
      const full = String(name).toLowerCase().endsWith(`.${zone}`) ? String(name).toLowerCase() : `${String(name).toLowerCase()}.${zone}`
      const label = full.slice(0, -(zone.length + 1))
      if (!LABEL.test(label)) throw new Error(`Invalid name: ${label} (letters, digits or hyphens, at least 4 characters)`)
      if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('Invalid address')
      const held = records.get(full)
      const holder = held?.addresses[coinType]?.address
      if (holder && holder.toLowerCase() !== address.toLowerCase()) throw new Error(`Name ${full} is taken`)
      const at = seconds()
      const record = {
        name: full,
        registered: held?.registered ?? at,
        updated: at,
        addresses: { ...held?.addresses, [coinType]: { address, created: String(at) } },
        attributes: avatar || bio ? [{ ...(avatar ? { avatar } : {}), ...(bio ? { bio } : {}) }] : (held?.attributes ?? []),
      }
      records.set(full, record)
      return record
    },
    lookup: (name) => records.get(String(name).toLowerCase()),
    /** Every record with `address` among its addresses, oldest first. */
    reverse: (address) =>
      [...records.values()].filter((r) =>
        Object.values(r.addresses).some((a) => a.address.toLowerCase() === String(address).toLowerCase()),
      ),
    clear: () => records.clear(),
  }
}

/** Per provider API (`api` object): its registry, pinned answers, and whether the seeds are in. */
const states = new WeakMap()

/** The registry and pins of a provider API, seeded on first use. */
export async function namesOf(api) {
  let state = states.get(api)
  if (!state) states.set(api, (state = { registry: createNameRegistry(), pins: new Map(), seeded: undefined }))
  state.seeded ??= (async () => {
    for (const seed of SEED_NAMES) {
      const avatar = seed.avatar ? `/avatar/${seed.label}.svg` : undefined
      state.registry.register({ name: seed.label, address: await seedAddress(seed.address), avatar, bio: seed.bio })
    }
  })()
  await state.seeded
  return state
}

/** Back to the seeds (registered again on the next request), no pins. */
export function resetNames(api) {
  const state = states.get(api)
  if (!state) return
  state.pins.clear()
  state.registry.clear()
  state.seeded = undefined
}

/**
 * What tests and the sandbox reach of a provider API's names: register and look up names, and pin a raw answer
 * (`{ status, body, type? }`) for one path (`/v1/identity/0x…`), or drop it with `unpin`.
 */
export function namesHandle(api) {
  return {
    zone: NAME_ZONE,
    register: async (entry) => (await namesOf(api)).registry.register(entry),
    lookup: async (name) => (await namesOf(api)).registry.lookup(name),
    reverse: async (address) => (await namesOf(api)).registry.reverse(address),
    pin: async (path, answer) => void (await namesOf(api)).pins.set(path, { status: 200, ...answer }),
    unpin: async (path) => void (await namesOf(api)).pins.delete(path),
  }
}

/** An avatar attribute kept as a path on this API is answered as a full URL of it. */
const withBase = (record, base) => ({
  ...record,
  attributes: record.attributes.map((a) =>
    typeof a.avatar === 'string' && a.avatar.startsWith('/') ? { ...a, avatar: `${base}${a.avatar}` } : a,
  ),
})

/** A small round avatar with the label's first letter. */
export function avatarSvg(label) {
  const hue = [...label].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7)
  const letter = label
    .slice(0, 1)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '?')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="hsl(${hue} 60% 45%)"/><text x="32" y="42" font-family="sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#fff">${letter}</text></svg>`
}

/** How far a registration message's timestamp may be from the server's clock. */
export const MESSAGE_WINDOW_S = 600

/** A refusal in the API's error shape. */
const refuse = (status, description) => ({ status, body: { status: 'FAILED', reasons: [{ name: 'BAD_REQUEST', description }] } })

/** Suggestions for `label` in `zone`: the label itself, then variations that follow the label rule. */
function suggest(registry, label) {
  const variants = [label, `${label}-id`, `my-${label}`, `${label}-1`, `${label}2024`]
  return variants
    .filter((v, i) => LABEL.test(v) && variants.indexOf(v) === i)
    .map((v) => ({ name: `${v}.${registry.zone}`, registered: !!registry.lookup(`${v}.${registry.zone}`) }))
}

/**
 * Whether `signature` is `address`'s over `message`: an EOA's signature is recovered; otherwise, when the chain of
 * `coinType` runs locally, the chain is asked (a smart account's EIP-1271 check, or EIP-6492 before deployment).
 */
async function signedBy({ address, message, signature, coinType }, api) {
  const { verifyMessage, createPublicClient, http } = await import('viem')
  if (await verifyMessage({ address, message, signature }).catch(() => false)) return true
  const chainId = coinType >= 0x80000000 ? coinType - 0x80000000 : undefined
  const rpcUrl = chainId === undefined ? undefined : api.rpcUrls?.[`eip155:${chainId}`]
  if (!rpcUrl) return false
  return createPublicClient({ transport: http(rpcUrl) })
    .verifyMessage({ address, message, signature })
    .catch(() => false)
}

/** POST /v1/profile/account: checks the body, the signed message and the signature, then registers. */
async function registerRoute(body, registry, api) {
  const { coin_type: coinType, address, message, signature } = body ?? {}
  if (!Number.isSafeInteger(coinType) || coinType < 0) return refuse(400, 'coin_type must be a coin type number')
  if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) return refuse(400, 'Invalid address')
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) return refuse(400, 'Invalid signature')
  let stated
  try {
    stated = typeof message === 'string' && message.length <= 2000 ? JSON.parse(message) : undefined
  } catch {
    stated = undefined
  }
  if (!stated || typeof stated.name !== 'string' || typeof stated.timestamp !== 'number')
    return refuse(400, 'The message must be JSON with name and timestamp')
  if (stated.address !== undefined && String(stated.address).toLowerCase() !== address.toLowerCase())
    return refuse(400, 'The message is for another address')
  if (Math.abs(Date.now() / 1000 - stated.timestamp) > MESSAGE_WINDOW_S) return refuse(400, 'The message has expired')
  if (!String(stated.name).toLowerCase().endsWith(`.${registry.zone}`)) return refuse(400, `Names are registered under ${registry.zone}`)
  if (!(await signedBy({ address, message, signature, coinType }, api))) return refuse(401, 'Invalid signature')
  // A name is one holder's, whatever coin type another address holds it under.
  const full = String(stated.name).toLowerCase()
  const held = registry.lookup(full)
  if (held && Object.values(held.addresses).some((a) => a.address.toLowerCase() !== address.toLowerCase()))
    return refuse(409, `Name ${full} is taken`)
  try {
    const record = registry.register({ name: stated.name, address, coinType: String(coinType) })
    return { status: 200, body: { success: true, name: record.name } }
  } catch (error) {
    return refuse(/taken/.test(error.message) ? 409 : 400, error.message)
  }
}

/** @returns {Promise<{ status: number, body: unknown, type?: string } | undefined>} */
export async function handle({ method, path, query, body }, api) {
  if (method === 'POST' && path === '/v1/profile/account') {
    const { registry, pins } = await namesOf(api)
    return pins.get(path) ?? registerRoute(body, registry, api)
  }
  const suggestions = method === 'GET' ? /^\/v1\/profile\/suggestions\/([^/]+)$/.exec(path) : undefined
  if (suggestions) {
    const { registry, pins } = await namesOf(api)
    const pinned = pins.get(path)
    if (pinned) return pinned
    if (query?.zone !== registry.zone) return refuse(400, `Unknown zone: ${String(query?.zone ?? '')}`)
    const label = decodeURIComponent(suggestions[1]).toLowerCase()
    if (!LABEL.test(label)) return refuse(400, 'Invalid name: letters, digits or hyphens, at least 4 characters')
    return { status: 200, body: { suggestions: suggest(registry, label) } }
  }
  if (method !== 'GET') return undefined
  const avatar = /^\/avatar\/([a-z0-9-]{1,63})\.svg$/.exec(path)
  const identity = /^\/v1\/identity\/([^/]+)$/.exec(path)
  const account = /^\/v1\/profile\/account\/([^/]+)$/.exec(path)
  const reverse = /^\/v1\/profile\/reverse\/([^/]+)$/.exec(path)
  if (!avatar && !identity && !account && !reverse) return undefined
  const { registry, pins } = await namesOf(api)
  const pinned = pins.get(path)
  if (pinned) return pinned
  if (avatar) return { status: 200, body: avatarSvg(avatar[1]), type: 'image/svg+xml' }
  if (account) {
    const record = registry.lookup(decodeURIComponent(account[1]))
    return record
      ? { status: 200, body: withBase(record, api.url) }
      : { status: 404, body: { status: 'NOT_FOUND', reasons: [{ name: 'NOT_FOUND', description: 'Name not found' }] } }
  }
  const address = decodeURIComponent((identity ?? reverse)[1])
  const names = registry.reverse(address).map((r) => withBase(r, api.url))
  if (reverse) return { status: 200, body: names }
  const first = names[0]
  return {
    status: 200,
    body: { name: first?.name ?? null, avatar: first?.attributes.find((a) => typeof a.avatar === 'string')?.avatar ?? null },
  }
}
