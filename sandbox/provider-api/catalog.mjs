// The sandbox's wallet catalog: a deterministic list of generated wallets served by the local provider API
// with the catalog contract (`GET /getWallets`). It holds wallets that exercise every client rule:
// duplicates of the Sandbox Wallet (same rdns, same name in another case), mobile-only, desktop-only, web-only
// and link-less wallets, wallets of another chain family, and malformed entries (missing fields, HTML in names,
// huge strings, script-capable links) that must render as plain text and lose their unsafe links.
import { createHash } from 'node:crypto'

/** The Sandbox Wallet announces itself with this rdns and name (sandbox/wallet/sandbox-wallet.ts). */
export const SANDBOX_WALLET_RDNS = 'dev.vestibule.sandbox'
export const SANDBOX_WALLET_NAME = 'Sandbox Wallet'
export const EVM_CHAINS = ['eip155:1', 'eip155:31337', 'eip155:31338']
export const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
/** Generated wallets, before the chain filter; a request for eip155 chains sees more than 600 of them. */
export const GENERATED_COUNT = 660

const ADJECTIVES = [
  'Amber',
  'Basalt',
  'Cedar',
  'Cobalt',
  'Coral',
  'Delta',
  'Ember',
  'Fern',
  'Granite',
  'Harbor',
  'Indigo',
  'Juniper',
  'Kelp',
  'Lumen',
  'Maple',
  'Nimbus',
  'Onyx',
  'Pebble',
  'Quartz',
  'Raven',
  'Saffron',
  'Tundra',
  'Umber',
  'Velvet',
  'Willow',
  'Xenon',
  'Yarrow',
  'Zephyr',
]
const NOUNS = [
  'Wallet',
  'Vault',
  'Purse',
  'Keyring',
  'Safe',
  'Pocket',
  'Ledger',
  'Pouch',
  'Chest',
  'Locker',
  'Satchel',
  'Coffer',
  'Till',
  'Strongbox',
  'Wallet Pro',
  'Keys',
  'Cash',
  'Bank',
  'Hub',
  'Pass',
  'Link',
  'Port',
  'Nest',
  'Den',
]

const hex = (text) => createHash('sha256').update(text).digest('hex')
/** The catalog id of generated wallet `index` (64 hex characters, like the real catalog's). */
export const walletId = (index) => hex(`vestibule-sandbox-wallet-${index}`)

function generated(index) {
  const id = walletId(index)
  const name = `${ADJECTIVES[index % ADJECTIVES.length]} ${NOUNS[Math.floor(index / ADJECTIVES.length) % NOUNS.length]}`
  const slug = `w${index}`
  const kind = index % 5
  const wallet = {
    id,
    name,
    homepage: `https://${slug}.wallets.example`,
    image_id: `img-${id.slice(0, 24)}`,
    order: index + 1,
    rdns: index % 2 === 0 ? `dev.vestibule.catalog.${slug}` : null,
    chains: index % 26 === 25 ? [SOLANA_MAINNET] : index % 3 === 0 ? [...EVM_CHAINS, SOLANA_MAINNET] : EVM_CHAINS,
    // 0: every link; 1: mobile only; 2: desktop only; 3: web only; 4: none (a browser extension).
    mobile_link: kind === 0 || kind === 1 ? `${slug}://` : null,
    desktop_link: kind === 0 || kind === 2 ? `${slug}-desktop://` : null,
    webapp_link: kind === 0 || kind === 3 ? `https://app.${slug}.wallets.example/` : null,
    app_store: kind === 0 || kind === 1 ? `https://apps.example/${slug}` : null,
    play_store: kind === 0 || kind === 1 ? `https://play.example/${slug}` : null,
    injected: kind === 4 ? [{ namespace: 'eip155', injected_id: `is${slug}` }] : null,
    badge_type: index % 7 === 0 ? 'certified' : 'none',
    supports_wc: kind !== 4,
  }
  return wallet
}

/**
 * Entries placed at fixed positions. Index 0 is the Sandbox Wallet itself (same rdns and name), so the first
 * recommended page holds a duplicate; 57 repeats its rdns under another name deeper in the list; 120 shares its
 * name in another case without an rdns (exclusion by case-insensitive name); 5–16 are malformed.
 */
export const SPECIAL = {
  0: (w) => ({
    ...w,
    name: SANDBOX_WALLET_NAME,
    rdns: SANDBOX_WALLET_RDNS,
    chains: EVM_CHAINS,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  }),
  57: (w) => ({ ...w, name: 'Sandbox Wallet Classic', rdns: SANDBOX_WALLET_RDNS, chains: EVM_CHAINS }),
  120: (w) => ({ ...w, name: 'SANDBOX WALLET', rdns: null, chains: EVM_CHAINS }),
  5: (w) => ({ id: w.id, image_id: w.image_id, chains: EVM_CHAINS }), // no name
  6: (w) => ({ name: 'Nameless Id Wallet', chains: EVM_CHAINS }), // no id
  7: (w) => ({
    ...w,
    chains: EVM_CHAINS,
    name: '<img src=x onerror="window.__vbXss=1"><b>Bold</b> Markup Wallet<script>window.__vbXss=2</script>',
  }),
  8: (w) => ({ ...w, chains: EVM_CHAINS, name: `Huge ${'W'.repeat(20000)}` }),
  9: (w) => ({
    ...w,
    chains: EVM_CHAINS,
    name: 'Script Link Wallet',
    mobile_link: 'javascript:window.__vbXss=3',
    desktop_link: 'JaVaScRiPt:window.__vbXss=4',
    webapp_link: 'javascript://x.example/%0awindow.__vbXss=5',
  }),
  10: (w) => ({
    ...w,
    chains: EVM_CHAINS,
    name: 'Data Link Wallet',
    mobile_link: 'data:text/html,<script>window.__vbXss=6</script>',
    desktop_link: 'vbscript:msgbox(1)',
    webapp_link: 'http://plain-http.wallets.example/',
  }),
  11: (w) => ({
    ...w,
    chains: EVM_CHAINS,
    name: 'File Link Wallet',
    desktop_link: 'file:///etc/passwd',
    mobile_link: ' \tjava\nscript:window.__vbXss=7',
    webapp_link: 'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX192YlhzcyA9IDg8L3NjcmlwdD4=',
    image_url: 'javascript:window.__vbXss=9',
  }),
  12: (w) => ({ id: 12345, name: ['not', 'a', 'string'], chains: EVM_CHAINS }),
  13: (w) => ({
    ...w,
    chains: 'eip155:31337',
    name: 'Odd Fields Wallet',
    rdns: 'r'.repeat(5000),
    image_id: '../../etc/passwd',
    order: 'first',
    badge_type: { evil: true },
  }),
  14: (w) => ({ ...w, id: 'x'.repeat(10000), name: 'Huge Id Wallet', chains: EVM_CHAINS }),
  15: () => null,
  16: (w) => ({ ...w, chains: EVM_CHAINS, name: `Long ${'Name '.repeat(60)}Wallet`, homepage: 'javascript:alert(1)' }),
}

let cache
/** Every catalog entry, in catalog order (the order the API answers in). Malformed entries included. */
export function catalogWallets(extra = []) {
  cache ??= Array.from({ length: GENERATED_COUNT }, (_, i) => (SPECIAL[i] ? SPECIAL[i](generated(i)) : generated(i)))
  return extra.length ? [...cache, ...extra] : cache
}

const list = (value) =>
  value
    ? String(value)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : []

/**
 * `GET /getWallets` over `wallets`: `include` keeps only those ids (in catalog order), `exclude` drops ids,
 * `chains` keeps wallets supporting one of them, `search` matches names case-insensitively, `badge_type`
 * `certified` keeps certified wallets; then page `page` (from 1) of `entries`. Returns `{ data, count }`.
 */
export function queryWallets(wallets, query) {
  const include = new Set(list(query.include))
  const exclude = new Set(list(query.exclude))
  const chains = list(query.chains)
  const search = typeof query.search === 'string' ? query.search.toLowerCase() : ''
  const filtered = wallets.filter((w) => {
    if (!w || typeof w !== 'object') return !include.size && !search && query.badge_type !== 'certified'
    if (include.size && !include.has(w.id)) return false
    if (exclude.has(w.id)) return false
    if (chains.length && Array.isArray(w.chains) && !w.chains.some((c) => chains.includes(c))) return false
    if (search && !(typeof w.name === 'string' && w.name.toLowerCase().includes(search))) return false
    if (query.badge_type === 'certified' && w.badge_type !== 'certified') return false
    return true
  })
  const page = Math.max(1, Number.parseInt(query.page, 10) || 1)
  const entries = Math.min(500, Math.max(1, Number.parseInt(query.entries, 10) || 40))
  return { count: filtered.length, data: filtered.slice((page - 1) * entries, page * entries) }
}

const PALETTE = ['#6b8cff', '#f5a623', '#3ccb7f', '#ff6b6b', '#a66bff', '#2bb5c7', '#e36bbd', '#8fa33a']

/** Up to two letters for `label`: the initials of its first two words ("Vestibule Custom Wallet" → VC), or a single word's first two ("ETH" → ET). */
export function initials(label) {
  const words = String(label)
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
  return (words.length >= 2 ? `${words[0][0]}${words[1][0]}` : (words[0] ?? '').slice(0, 2)).toUpperCase() || 'W'
}

/** A generated square SVG: a colored tile with the initials of `label` (or `key`), colors chosen from `key`. */
export function imageSvg(key, label) {
  const digest = hex(String(key))
  const color = PALETTE[Number.parseInt(digest.slice(0, 2), 16) % PALETTE.length]
  const accent = PALETTE[Number.parseInt(digest.slice(2, 4), 16) % PALETTE.length]
  const text = initials(label ?? key)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="22" fill="${color}"/><circle cx="74" cy="22" r="12" fill="${accent}"/><text x="48" y="60" font-family="sans-serif" font-size="34" font-weight="700" text-anchor="middle" fill="#fff">${text}</text></svg>`
}
