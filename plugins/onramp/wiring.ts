/** The on-ramp controller's dependencies, read from the view's context: the active account, the API, the browser. */
import { computed } from 'nanostores'
import { Capabilities, type ViewContext } from 'vestibule/kernel'
import { providerImageUrl } from 'vestibule/ui'
import { createOnrampClient, fetchPurchases } from './api.js'
import type { OnrampDeps } from './controller.js'
import { DEFAULT_PROVIDERS } from './providers.js'
import type { OnrampContext } from './view-model.js'

export function viewOnrampDeps(k: ViewContext): OnrampDeps {
  const $context = computed([k.state.$snapshot, k.state.$chains], (snapshot, chains): OnrampContext => {
    const chain = snapshot.namespace ? chains[snapshot.namespace] : undefined
    const connected = chain?.accountState.status === 'connected'
    return { network: chain?.networkState.caipNetwork, address: connected ? chain.accountState.address : undefined }
  })
  return {
    $context,
    client: createOnrampClient(k.blockchainApi),
    providers: k.options.onrampProviders ?? DEFAULT_PROVIDERS,
    // Currency and asset images from the provider API, addressed as the catalog addresses wallet images.
    images: { currency: (id) => providerImageUrl('currency', id, k.http), token: (id) => providerImageUrl('token', id, k.http) },
    purchases: (network, address) => fetchPurchases(k.blockchainApi, network, address),
    // No handle back: the provider's page cannot reach or navigate this one.
    open: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    refreshBalances() {
      void k.services
        .get(Capabilities.Balances)
        ?.refresh({ force: true })
        .catch(() => undefined)
      void k.connection.refreshBalance(undefined, { force: true }).catch(() => undefined)
    },
  }
}
