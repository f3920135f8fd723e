// A solana sign-in over litesvm with a Node Wallet Standard wallet's real ed25519 key: the session's CACAO has the
// CAIP-122 header, the message's fields with issuer did:pkh:solana:<genesis>:<address>, and a "solana:ed25519"
// signature that verifies against the account's key over the text the CACAO builds back.
import { PublicKey } from '@solana/web3.js'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { decodeBase58 } from '../../../chains/solana/base58.js'
import { siwx, type SiwxApi } from '../../../plugins/siwx/index.js'
import { createSiwxMessage } from '../../../plugins/siwx/messages.js'
import { WALLET_ID, useHarness } from '../../chains/solana/harness.js'
import { verifyEd25519 } from '../../chains/solana/node-wallet.js'
import { fieldsOfCacao } from './cacao-read.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the CACAO of a solana sign-in', () => {
  it('header caip122, payload from the message, a solana:ed25519 signature of the account', async () => {
    const wallet = h.wallet()
    const modal = h.modal({
      siwx: { statement: 'Sign in to the app', resources: ['https://app.test/terms'] },
      extraPlugins: [siwx()],
    } as never)
    await modal.connect(WALLET_ID)
    const api = modal.getPlugin('siwx') as SiwxApi
    const controller = (await api.flow()).controller({ navigate: false })
    await controller.start()
    await controller.sign()
    expect(controller.$view.get()).toMatchObject({ phase: 'done' })
    const { data, message, signature, cacao } = api.$state.get().session!
    const chainId = `solana:${h.chain.genesisHash.slice(0, 32)}`
    expect(data.chainId).toBe(chainId)
    expect(cacao).toEqual({
      h: { t: 'caip122' },
      p: {
        domain: HOST,
        iss: `did:pkh:${chainId}:${wallet.address}`,
        aud: ORIGIN,
        version: '1',
        nonce: data.nonce,
        iat: data.issuedAt,
        exp: data.expirationTime,
        statement: 'Sign in to the app',
        resources: ['https://app.test/terms'],
      },
      s: { t: 'solana:ed25519', s: signature },
    })
    const text = createSiwxMessage(fieldsOfCacao(cacao!))
    expect(text).toBe(message)
    expect(verifyEd25519(new TextEncoder().encode(text), decodeBase58(cacao!.s.s)!, new PublicKey(wallet.address).toBytes())).toBe(true)
  })
})
