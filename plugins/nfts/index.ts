/**
 * `vestibule/plugins/nfts`: the Account view's NFTs tab. The collectibles the account holds on the active network,
 * derived from the blockchain API's history (its NFT transfers: name, preview, spam flag), spam hidden, previews
 * loaded lazily. Shown for chain families whose plugin declares the `history` capability (eip155).
 *
 * @example createModal({ projectId, plugins: [eip155({ networks }), nfts()] })
 */
import type { Plugin } from 'vestibule/kernel'
import { messages } from './messages.js'

/** Adds the NFTs tab (between Tokens and Activity). */
export function nfts(): Plugin {
  return {
    name: 'nfts',
    setup(ctx) {
      ctx.i18n.add(messages, () => import('./locales/index.js'))
      ctx.slots.add('account.tabs', { id: 'nfts', label: 'nfts.tab', order: 10, load: () => import('./NftsTab.js') })
    },
  }
}
