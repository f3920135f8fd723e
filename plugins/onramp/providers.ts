/**
 * The on-ramp providers and the page each opens: Coinbase's from the blockchain API's URL generator, another
 * provider's from its widget address with the purchase in the query. A page that is not https (plain http only on
 * this machine's loopback, for a local provider) is never opened.
 */
import { safeWebLink } from 'vestibule/utils'
import type { OnrampProvider } from './index.js'
import type { OnrampClient, UrlRequest } from './api.js'
import type { CaipNetwork } from 'vestibule/kernel'

export const DEFAULT_PROVIDERS: readonly OnrampProvider[] = [
  { id: 'coinbase', name: 'Coinbase', feeRange: '1-2%' },
  { id: 'meld', name: 'Meld', feeRange: '1-2%', url: 'https://meldcrypto.com/' },
]

/** The page to open for `provider`: checked, or an error naming why it is not opened. */
export async function widgetUrl(
  client: OnrampClient,
  provider: OnrampProvider,
  network: CaipNetwork,
  request: UrlRequest,
): Promise<string> {
  let raw: unknown
  if (provider.url === undefined) raw = await client.url(network, request)
  else {
    const url = safeWebLink(provider.url)
    if (!url) throw new Error(`${provider.name} has no https page`)
    const page = new URL(url)
    const params = {
      walletAddress: request.address,
      network: request.network,
      destinationCurrencyCode: request.assets[0] ?? '',
      sourceCurrencyCode: request.paymentCurrency,
      sourceAmount: request.fiatAmount,
      paymentMethod: request.paymentMethod,
    }
    for (const [key, value] of Object.entries(params)) page.searchParams.set(key, value)
    raw = page.href
  }
  if (typeof raw !== 'string' || !raw) throw new Error(`${provider.name} did not give a page to open`)
  const safe = safeWebLink(raw)
  if (!safe) throw new Error(`${provider.name}'s page is not a secure (https) address`)
  return safe
}
