/** The host's `tokens` option, per network: `{ 'eip155:1': { address: '0x…', image?: 'https://…' } }` (or a list). */
export type TokensOption = Readonly<Record<string, readonly { address: string; image?: string }[]>>

const NETWORK_ID = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

const entryProblem = (entry: unknown): string | undefined => {
  if (!entry || typeof entry !== 'object') return 'each token must be an object with an address'
  const { address, image } = entry as { address?: unknown; image?: unknown }
  if (typeof address !== 'string' || !/^[-_.a-zA-Z0-9]{1,128}$/.test(address))
    return `has an invalid token address: ${String(address).slice(0, 80)}`
  if (image !== undefined && (typeof image !== 'string' || !/^(https:\/\/|http:\/\/(127\.0\.0\.1|localhost)[:/]|data:image\/)/.test(image)))
    return `has a token image that is not https: ${String(image).slice(0, 80)}`
  return undefined
}

/** The problem with a `tokens` option, or undefined when it is fine. */
export function tokensProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return "must map network ids to tokens: { 'eip155:1': { address: '0x…' } }"
  for (const [id, entry] of Object.entries(value)) {
    if (!NETWORK_ID.test(id)) return `has "${id.slice(0, 80)}", which is not a CAIP-2 network id like "eip155:1"`
    const list: unknown[] = Array.isArray(entry) ? entry : [entry]
    if (list.length > 100) return `lists more than 100 tokens for ${id}`
    for (const item of list) {
      const problem = entryProblem(item)
      if (problem) return `${problem} (for ${id})`
    }
  }
  return undefined
}

/** The checked option as lists per network. */
export function normalizeTokens(value: unknown): TokensOption {
  if (!value || typeof value !== 'object' || tokensProblem(value)) return {}
  return Object.fromEntries(
    Object.entries(value).map(([id, entry]) => [id, (Array.isArray(entry) ? entry : [entry]) as { address: string; image?: string }[]]),
  )
}
