// The page a provider opens: Coinbase's from the URL generator, another provider's widget with the purchase in its
// query; a widget or a generated page that is not https (plain http only on loopback) is refused with the reason.
import { describe, expect, it, vi } from 'vitest'
import type { OnrampClient } from '../../../plugins/onramp/api.js'
import { DEFAULT_PROVIDERS, widgetUrl } from '../../../plugins/onramp/providers.js'
import { ADDRESS, mainnet } from '../../kernel/helpers.js'

const request = {
  address: ADDRESS,
  network: 'ethereum',
  assets: ['ETH'],
  fiatAmount: '20.50',
  paymentCurrency: 'EUR',
  paymentMethod: 'card',
}
const client = (url: unknown) => ({ url: vi.fn(async () => url) }) as unknown as OnrampClient & { url: ReturnType<typeof vi.fn> }

describe('provider pages', () => {
  it('two providers by default, Coinbase and a second one, both with fees of 1-2%', () => {
    expect(DEFAULT_PROVIDERS.map((p) => [p.name, p.feeRange])).toEqual([
      ['Coinbase', '1-2%'],
      ['Meld', '1-2%'],
    ])
  })

  it('a widget gets the purchase in its query (its own parameters replaced), the generator is not asked', async () => {
    const c = client('unused')
    const url = await widgetUrl(
      c,
      { id: 'w', name: 'Widget', feeRange: '1%', url: 'https://widget.example/buy?walletAddress=evil&theme=dark' },
      mainnet,
      request,
    )
    expect(c.url).not.toHaveBeenCalled()
    const parsed = new URL(url)
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      walletAddress: ADDRESS,
      theme: 'dark',
      network: 'ethereum',
      destinationCurrencyCode: 'ETH',
      sourceCurrencyCode: 'EUR',
      sourceAmount: '20.50',
      paymentMethod: 'card',
    })
  })

  it('a widget that is not https is refused, loopback http is accepted', async () => {
    for (const bad of ['http://widget.example/', 'javascript:alert(1)', 'ftp://widget.example/', 'not a url']) {
      await expect(widgetUrl(client(''), { id: 'w', name: 'Widget', feeRange: '1%', url: bad }, mainnet, request), bad).rejects.toThrow(
        'Widget has no https page',
      )
    }
    expect(
      await widgetUrl(client(''), { id: 'w', name: 'Widget', feeRange: '1%', url: 'http://localhost:3000/w' }, mainnet, request),
    ).toMatch(/^http:\/\/localhost:3000\/w\?/)
  })

  it('the generated page is checked the same way; a missing one says so', async () => {
    const coinbase = DEFAULT_PROVIDERS[0]!
    expect(await widgetUrl(client('https://pay.example/buy?a=1'), coinbase, mainnet, request)).toBe('https://pay.example/buy?a=1')
    await expect(widgetUrl(client('vbscript:msgbox'), coinbase, mainnet, request)).rejects.toThrow(
      "Coinbase's page is not a secure (https) address",
    )
    await expect(widgetUrl(client(undefined), coinbase, mainnet, request)).rejects.toThrow('Coinbase did not give a page to open')
  })
})
