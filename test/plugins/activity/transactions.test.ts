// The history API's rows as the Activity tab takes them: checks, spam and network filters, months, amounts.
import { describe, expect, it } from 'vitest'
import { groupByMonth, parseTransaction, transferText, visibleTransactions, type Transaction } from '../../../plugins/activity/transactions.js'

const row = (over: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  id: '0xabc',
  metadata: { operationType: 'receive', minedAt: '2026-11-03T10:00:00.000Z', sentFrom: '0x00000000000000000000000000000000000000aa', sentTo: '0x00000000000000000000000000000000000000bb', status: 'confirmed', chain: 'eip155:1', ...metadata },
  transfers: [{ direction: 'in', quantity: { numeric: '1234.56789' }, fungible_info: { name: 'Demo', symbol: 'DEMO', icon: { url: 'https://img.example/d.png' } } }],
  ...over,
})

describe('parseTransaction', () => {
  it('reads a transaction: time, chain, type, status, addresses and checked transfers', () => {
    expect(parseTransaction(row())).toEqual({
      id: '0xabc',
      minedAt: new Date('2026-11-03T10:00:00.000Z'),
      chain: 'eip155:1',
      operationType: 'receive',
      status: 'confirmed',
      sentFrom: '0x00000000000000000000000000000000000000aa',
      sentTo: '0x00000000000000000000000000000000000000bb',
      transfers: [{ direction: 'in', quantity: '1234.56789', symbol: 'DEMO', name: 'Demo', imageUrl: 'https://img.example/d.png', nft: false, spam: false }],
    })
  })
  it.each([
    ['no id', { id: undefined }, {}],
    ['an invalid time', {}, { minedAt: 'yesterday' }],
    ['no metadata', { metadata: 'x' }, {}],
    ['only malformed transfers', { transfers: [{ direction: 'in' }, { direction: 'up', quantity: { numeric: '1' }, fungible_info: { symbol: 'X' } }] }, {}],
  ])('drops a row with %s', (_what, over, metadata) => {
    expect(parseTransaction(row(over, metadata))).toBeUndefined()
  })
  it('keeps a transaction without transfers, and drops malformed transfers beside good ones', () => {
    expect(parseTransaction(row({ transfers: [] }))?.transfers).toEqual([])
    const mixed = parseTransaction(row({ transfers: [...row().transfers, { direction: 'in', quantity: { numeric: '-1' }, fungible_info: { symbol: 'NEG' } }, { direction: 'in', quantity: { numeric: '9'.repeat(80) }, fungible_info: { symbol: 'HUGE' } }] }))
    expect(mixed?.transfers.map((t) => t.symbol)).toEqual(['DEMO'])
  })
  it('collectibles: name, preview image by the image rule, the spam flag', () => {
    const tx = parseTransaction(row({ transfers: [{ direction: 'in', quantity: { numeric: '1' }, nft_info: { name: 'Shape #1', content: { preview: { url: 'javascript:alert(1)' } }, flags: { is_spam: true } } }] }))
    expect(tx?.transfers).toEqual([{ direction: 'in', quantity: '1', name: 'Shape #1', nft: true, spam: true }])
  })
})

describe('visibleTransactions', () => {
  const tx = (id: string, chain: string, transfers: Transaction['transfers']): Transaction => ({ id, chain, minedAt: new Date(), operationType: 'receive', status: 'confirmed', transfers })
  const spamNft = { direction: 'in' as const, quantity: '1', name: 'Claim', nft: true, spam: true }
  const nft = { ...spamNft, spam: false }
  it('removes transactions whose every transfer is a spam collectible; keeps mixed ones and those without transfers', () => {
    const list = [tx('spam', 'eip155:1', [spamNft, spamNft]), tx('mixed', 'eip155:1', [spamNft, nft]), tx('none', 'eip155:1', [])]
    expect(visibleTransactions(list, 'eip155:1').map((t) => t.id)).toEqual(['mixed', 'none'])
  })
  it('hides transactions of other networks', () => {
    expect(visibleTransactions([tx('a', 'eip155:10', []), tx('b', 'eip155:1', [])], 'eip155:1').map((t) => t.id)).toEqual(['b'])
  })
})

describe('groupByMonth and transferText', () => {
  it('groups by UTC month, newest month first, keeping the order within a month', () => {
    const at = (id: string, iso: string) => ({ ...(parseTransaction(row({ id }, { minedAt: iso })) as Transaction) })
    const groups = groupByMonth([at('a', '2026-11-20T00:00:00Z'), at('b', '2026-10-31T23:59:59Z'), at('c', '2026-11-01T00:00:00Z'), at('d', '2025-12-05T00:00:00Z')])
    expect(groups.map((g) => [g.label, g.transactions.map((t) => t.id)])).toEqual([
      ['November 2026', ['a', 'c']],
      ['October 2026', ['b']],
      ['December 2025', ['d']],
    ])
  })
  it('signs by direction, cuts to 3 decimals without rounding, names collectibles', () => {
    expect(transferText({ direction: 'in', quantity: '1234.56789', symbol: 'DEMO', name: 'Demo', nft: false, spam: false })).toBe('+1234.567 DEMO')
    expect(transferText({ direction: 'out', quantity: '0.0009', symbol: 'ETH', name: 'Ether', nft: false, spam: false })).toBe('−0 ETH')
    expect(transferText({ direction: 'in', quantity: '1', name: 'Shape #3', nft: true, spam: false })).toBe('+Shape #3')
  })
})
