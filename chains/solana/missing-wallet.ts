/**
 * A Solana wallet chosen on a phone (or inside Telegram's in-app browser) whose app the page cannot reach as a
 * browser wallet: the page is opened again inside the wallet app's own browser, where the wallet is injected. The
 * wallet's universal "browse" link does that when the app is installed and shows the app's page when it is not.
 */
import { cleanName, safeRdns } from 'vestibule/utils'
type BrowseLink = (page: string, origin: string) => string
const enc = encodeURIComponent

/** The Solana wallets with an in-app browse link, by lowercased name and by rdns. */
const BROWSE: readonly { names: readonly string[]; rdns: readonly string[]; link: BrowseLink }[] = [
  { names: ['phantom'], rdns: ['app.phantom'], link: (page, origin) => `https://phantom.app/ul/browse/${enc(page)}?ref=${enc(origin)}` },
  {
    names: ['solflare'],
    rdns: ['com.solflare'],
    link: (page, origin) => `https://solflare.com/ul/v1/browse/${enc(page)}?ref=${enc(origin)}`,
  },
  {
    names: ['backpack'],
    rdns: ['app.backpack'],
    link: (page, origin) => `https://backpack.app/ul/v1/browse/${enc(page)}?ref=${enc(origin)}`,
  },
  { names: ['coinbase wallet', 'coinbase'], rdns: ['com.coinbase.wallet'], link: (page) => `https://go.cb-w.com/dapp?cb_url=${enc(page)}` },
]

/**
 * The link that opens `pageUrl` inside the wallet app's browser, for a Solana wallet that has one; undefined for
 * any other wallet, or a page that is not http(s).
 *
 * @example missingWalletLink({ wallet: { name: 'Phantom' }, pageUrl: 'https://dapp.example/' })
 * // 'https://phantom.app/ul/browse/https%3A%2F%2Fdapp.example%2F?ref=https%3A%2F%2Fdapp.example'
 */
export function missingWalletLink({
  wallet,
  pageUrl,
}: {
  wallet: { name?: unknown; rdns?: unknown }
  pageUrl: string
}): string | undefined {
  let page: URL
  try {
    page = new URL(pageUrl)
  } catch {
    return undefined
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return undefined
  const name = cleanName(wallet.name).toLowerCase()
  const rdns = safeRdns(wallet.rdns)
  const known = BROWSE.find((w) => (rdns !== undefined && w.rdns.includes(rdns)) || w.names.includes(name))
  return known?.link(page.href, page.origin)
}
