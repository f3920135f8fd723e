// A Solana wallet chosen on a phone or in Telegram but missing from the page: the link that opens the page again
// inside the wallet app's browser (its app page when the app is not installed).
import { describe, expect, it } from 'vitest'
import { missingWalletLink } from '../../../chains/solana/missing-wallet.js'
import { createSolanaAdapter } from '../../../chains/solana/adapter.js'
import { chainFeature } from '../../../kernel/index.js'

const PAGE = 'https://dapp.example/shop?item=1'
const enc = encodeURIComponent

describe('missingWalletLink', () => {
  it.each([
    [{ name: 'Phantom' }, `https://phantom.app/ul/browse/${enc(PAGE)}?ref=${enc('https://dapp.example')}`],
    [{ name: 'Some Name', rdns: 'app.phantom' }, `https://phantom.app/ul/browse/${enc(PAGE)}?ref=${enc('https://dapp.example')}`],
    [{ name: ' Solflare ' }, `https://solflare.com/ul/v1/browse/${enc(PAGE)}?ref=${enc('https://dapp.example')}`],
    [{ name: 'Backpack' }, `https://backpack.app/ul/v1/browse/${enc(PAGE)}?ref=${enc('https://dapp.example')}`],
    [{ name: 'Coinbase Wallet' }, `https://go.cb-w.com/dapp?cb_url=${enc(PAGE)}`],
  ])('%o opens the page in the wallet app', (wallet, link) => {
    expect(missingWalletLink({ wallet, pageUrl: PAGE })).toBe(link)
  })

  it('no link for a wallet it does not know, a name that only looks alike, or a page that is not http(s)', () => {
    expect(missingWalletLink({ wallet: { name: 'Cedar Wallet' }, pageUrl: PAGE })).toBeUndefined()
    expect(missingWalletLink({ wallet: { name: 'Phantom\u202e' }, pageUrl: PAGE })).toBe(
      missingWalletLink({ wallet: { name: 'Phantom' }, pageUrl: PAGE }),
    )
    expect(missingWalletLink({ wallet: { name: 'Phantom Pro' }, pageUrl: PAGE })).toBeUndefined()
    expect(missingWalletLink({ wallet: { name: 'Phantom' }, pageUrl: 'file:///etc/passwd' })).toBeUndefined()
    expect(missingWalletLink({ wallet: { name: 42 }, pageUrl: PAGE })).toBeUndefined()
  })

  it("is the Solana chain plugin's missingWalletLink feature", async () => {
    const adapter = createSolanaAdapter({ networks: [] })
    await expect(chainFeature(adapter, 'missingWalletLink')({ wallet: { name: 'Phantom' }, pageUrl: PAGE })).resolves.toMatch(
      /^https:\/\/phantom\.app\/ul\/browse\//,
    )
    adapter.destroy()
  })
})
