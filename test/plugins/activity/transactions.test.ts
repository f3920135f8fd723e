// The history API's rows as the Activity tab takes them: checks, spam and network filters, months, amounts.
import { describe, expect, it } from 'vitest'
import {
  approvalAmount,
  counterparty,
  groupByMonth,
  parseTransaction,
  swapPair,
  transferText,
  visibleTransactions,
  withCanonicalAddresses,
  type Transaction,
} from '../../../plugins/activity/transactions.js'

const row = (over: Record<string, unknown> = {}, metadata: Record<string, unknown> = {}) => ({
  id: '0xabc',
  metadata: {
    operationType: 'receive',
    minedAt: '2026-11-03T10:00:00.000Z',
    sentFrom: '0x00000000000000000000000000000000000000aa',
    sentTo: '0x00000000000000000000000000000000000000bb',
    status: 'confirmed',
    chain: 'eip155:1',
    ...metadata,
  },
  transfers: [
    {
      direction: 'in',
      quantity: { numeric: '1234.56789' },
      fungible_info: { name: 'Demo', symbol: 'DEMO', icon: { url: 'https://img.example/d.png' } },
    },
  ],
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
      transfers: [
        {
          direction: 'in',
          quantity: '1234.56789',
          symbol: 'DEMO',
          name: 'Demo',
          imageUrl: 'https://img.example/d.png',
          nft: false,
          spam: false,
        },
      ],
    })
  })
  it.each([
    ['no id', { id: undefined }, {}],
    ['an invalid time', {}, { minedAt: 'yesterday' }],
    ['no metadata', { metadata: 'x' }, {}],
    [
      'only malformed transfers',
      { transfers: [{ direction: 'in' }, { direction: 'up', quantity: { numeric: '1' }, fungible_info: { symbol: 'X' } }] },
      {},
    ],
  ])('drops a row with %s', (_what, over, metadata) => {
    expect(parseTransaction(row(over, metadata))).toBeUndefined()
  })
  it('keeps a transaction without transfers, and drops malformed transfers beside good ones', () => {
    expect(parseTransaction(row({ transfers: [] }))?.transfers).toEqual([])
    const mixed = parseTransaction(
      row({
        transfers: [
          ...row().transfers,
          { direction: 'in', quantity: { numeric: '-1' }, fungible_info: { symbol: 'NEG' } },
          { direction: 'in', quantity: { numeric: '9'.repeat(80) }, fungible_info: { symbol: 'HUGE' } },
        ],
      }),
    )
    expect(mixed?.transfers.map((t) => t.symbol)).toEqual(['DEMO'])
  })
  it('collectibles: name, preview image by the image rule, the spam flag', () => {
    const tx = parseTransaction(
      row({
        transfers: [
          {
            direction: 'in',
            quantity: { numeric: '1' },
            nft_info: { name: 'Shape #1', content: { preview: { url: 'javascript:alert(1)' } }, flags: { is_spam: true } },
          },
        ],
      }),
    )
    expect(tx?.transfers).toEqual([{ direction: 'in', quantity: '1', name: 'Shape #1', nft: true, spam: true }])
  })
})

describe('visibleTransactions', () => {
  const tx = (id: string, chain: string, transfers: Transaction['transfers']): Transaction => ({
    id,
    chain,
    minedAt: new Date(),
    operationType: 'receive',
    status: 'confirmed',
    transfers,
  })
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
    const groups = groupByMonth([
      at('a', '2026-11-20T00:00:00Z'),
      at('b', '2026-10-31T23:59:59Z'),
      at('c', '2026-11-01T00:00:00Z'),
      at('d', '2025-12-05T00:00:00Z'),
    ])
    expect(groups.map((g) => [g.label, g.transactions.map((t) => t.id)])).toEqual([
      ['November 2026', ['a', 'c']],
      ['October 2026', ['b']],
      ['December 2025', ['d']],
    ])
  })
  it('signs by direction, cuts to 3 decimals without rounding, names collectibles', () => {
    expect(transferText({ direction: 'in', quantity: '1234.56789', symbol: 'DEMO', name: 'Demo', nft: false, spam: false })).toBe(
      '+1234.567 DEMO',
    )
    expect(transferText({ direction: 'out', quantity: '0.0009', symbol: 'ETH', name: 'Ether', nft: false, spam: false })).toBe('−0 ETH')
    expect(transferText({ direction: 'in', quantity: '1', name: 'Shape #3', nft: true, spam: false })).toBe('+Shape #3')
  })
})

describe('counterparty', () => {
  const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
  const RECEIVER = '0x67cc000000000000000000000000000000000457'
  const tokenSend = (transfer: Record<string, unknown>) =>
    parseTransaction(
      row(
        { transfers: [{ direction: 'out', quantity: { numeric: '12.5' }, fungible_info: { symbol: 'DEMO' }, ...transfer }] },
        { operationType: 'send', sentTo: CONTRACT },
      ),
    )!
  it("a token sent names the transfer's recipient, not the contract the transaction called", () => {
    expect(counterparty(tokenSend({ sender: '0x00000000000000000000000000000000000000aa', recipient: RECEIVER }))).toEqual({
      role: 'to',
      address: RECEIVER,
    })
  })
  it("a token received names the transfer's sender", () => {
    const tx = parseTransaction(
      row(
        {
          transfers: [
            {
              direction: 'in',
              quantity: { numeric: '1' },
              fungible_info: { symbol: 'DEMO' },
              sender: RECEIVER,
              recipient: '0x00000000000000000000000000000000000000aa',
            },
          ],
        },
        { sentFrom: '0x00000000000000000000000000000000000000cc' },
      ),
    )!
    expect(counterparty(tx)).toEqual({ role: 'from', address: RECEIVER })
  })
  it('a mint (from the zero address) and a transfer without its parties name nobody', () => {
    const mint = parseTransaction(
      row(
        {
          transfers: [
            {
              direction: 'in',
              quantity: { numeric: '1' },
              nft_info: { name: 'Shape #1' },
              sender: `0x${'0'.repeat(40)}`,
              recipient: RECEIVER,
            },
          ],
        },
        { operationType: 'mint', sentTo: CONTRACT },
      ),
    )!
    expect(counterparty(mint)).toBeUndefined()
    expect(counterparty(tokenSend({}))).toBeUndefined()
  })
  it('a transaction without transfers names its own from (received) or to', () => {
    expect(counterparty(parseTransaction(row({ transfers: [] }, { operationType: 'execute' }))!)).toEqual({
      role: 'to',
      address: '0x00000000000000000000000000000000000000bb',
    })
    expect(counterparty(parseTransaction(row({ transfers: [] }))!)).toEqual({
      role: 'from',
      address: '0x00000000000000000000000000000000000000aa',
    })
  })
  it('a malformed party is dropped', () => {
    expect(tokenSend({ recipient: '<b>x</b>' }).transfers[0]?.recipient).toBeUndefined()
  })
})

describe('swaps and approvals', () => {
  it('an approval row: token, amount and spender checked; "Unlimited" for the all-you-can-move amount', () => {
    const tx = parseTransaction(
      row(
        {
          transfers: [],
          approvals: [
            {
              spender: '0x00000000000000000000000000000000000000cc',
              quantity: { numeric: `${'9'.repeat(60)}.5` },
              fungible_info: { symbol: 'DEMO' },
            },
            { quantity: { numeric: 'x' }, fungible_info: { symbol: 'BAD' } },
          ],
        },
        { operationType: 'approve' },
      ),
    )
    expect(tx?.approvals).toEqual([
      { symbol: 'DEMO', quantity: `${'9'.repeat(60)}.5`, spender: '0x00000000000000000000000000000000000000cc' },
    ])
    expect(approvalAmount(tx!.approvals![0]!, 'Unlimited')).toBe('Unlimited DEMO')
    expect(approvalAmount({ symbol: 'DEMO', quantity: '12.34567' }, 'Unlimited')).toBe('12.345 DEMO')
  })
  it('a swap names what it sold for what it bought, only when its transfers name both', () => {
    const out = { direction: 'out', quantity: { numeric: '10' }, fungible_info: { symbol: 'DEMO' } }
    const inn = { direction: 'in', quantity: { numeric: '0.004' }, fungible_info: { symbol: 'ETH' } }
    expect(swapPair(parseTransaction(row({ transfers: [out, inn] }))!)).toEqual({ sold: 'DEMO', bought: 'ETH' })
    expect(swapPair(parseTransaction(row({ transfers: [out] }))!)).toBeUndefined()
  })
  it('every address in the canonical form the chain gives; one it refuses stays as written', () => {
    const tx = parseTransaction(row({ transfers: [{ ...row().transfers[0], sender: '0xaa', recipient: 'bad' }] }))!
    const fixed = withCanonicalAddresses(tx, (a) => {
      if (a === 'bad') throw new Error('not an address')
      return a.toUpperCase()
    })
    expect([fixed.sentFrom, fixed.sentTo, fixed.transfers[0]!.sender, fixed.transfers[0]!.recipient]).toEqual([
      '0X00000000000000000000000000000000000000AA',
      '0X00000000000000000000000000000000000000BB',
      '0XAA',
      'bad',
    ])
  })
})
