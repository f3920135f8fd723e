// What the NFTs tab takes from the history: pieces whose latest transfer came in, on the active network, no spam.
import { describe, expect, it } from 'vitest'
import { heldCollectibles } from '../../../plugins/nfts/holdings.js'

const nft = (direction: string, name: string, extra: Record<string, unknown> = {}) => ({
  direction,
  quantity: { numeric: '1' },
  nft_info: {
    name,
    content: { preview: { url: `https://img.example/${encodeURIComponent(name)}.png` } },
    flags: { is_spam: false },
    ...extra,
  },
})
const tx = (transfers: unknown[], chain = 'eip155:1') => ({
  id: Math.random().toString(),
  metadata: { chain, minedAt: '2026-11-01T00:00:00Z' },
  transfers,
})

describe('heldCollectibles', () => {
  it('a piece received and not sent on is held; one sent on after (rows newest first) is not', () => {
    const rows = [tx([nft('out', 'Shape #2')]), tx([nft('in', 'Shape #2')]), tx([nft('in', 'Shape #1')])]
    expect(heldCollectibles(rows, 'eip155:1').map((p) => p.name)).toEqual(['Shape #1'])
  })
  it('a piece sent and received back is held again', () => {
    const rows = [tx([nft('in', 'Shape #2')]), tx([nft('out', 'Shape #2')]), tx([nft('in', 'Shape #2')])]
    expect(heldCollectibles(rows, 'eip155:1').map((p) => p.name)).toEqual(['Shape #2'])
  })
  it('spam pieces, other networks, malformed transfers and unsafe previews', () => {
    const rows = [
      tx([nft('in', 'Claim', { flags: { is_spam: true } })]),
      tx([nft('in', 'Elsewhere')], 'eip155:10'),
      tx([{ direction: 'sideways', nft_info: { name: 'Odd' } }, { direction: 'in', nft_info: { name: '\u200b' } }, 'x', null]),
      tx([nft('in', '<b>Bold</b>', { content: { preview: { url: 'javascript:alert(1)' } } })]),
      { metadata: 'nope' },
    ]
    expect(heldCollectibles(rows, 'eip155:1')).toEqual([{ key: '<b>Bold</b>\n', name: '<b>Bold</b>' }])
  })
})
