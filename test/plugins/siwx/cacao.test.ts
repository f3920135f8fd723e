// Every session the sign-in flow creates carries its CACAO (CAIP-74): an eip155 sign-in over anvil with a Node
// wallet's real key gives header "eip4361", the message's fields under CACAO's names (issuer did:pkh:<CAIP-10>,
// audience the URI) and an "eip191" signature that recovers the account; the CACAO builds back the exact text that
// was signed. The signature types of the other families, and the local store refusing a CACAO that was edited.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { createKernel, type Modal, type ModalOptions } from '../../../kernel/index.js'
import { createStorage } from '../../../kernel/storage.js'
import { createChainRegistry } from '../../../kernel/chains.js'
import { createEip155Adapter } from '../../../chains/eip155/adapter.js'
import { createSolanaAdapter } from '../../../chains/solana/adapter.js'
import { createPolkadotAdapter } from '../../../chains/polkadot/adapter.js'
import { createBip122Adapter } from '../../../chains/bip122/adapter.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { siwx, type SiwxApi, type SiwxSession } from '../../../plugins/siwx/index.js'
import { createCacao, createSiwxMessage, signatureType, type SiwxMessageFields } from '../../../plugins/siwx/messages.js'
import { createLocalStore } from '../../../plugins/siwx/sessions.js'
import { WALLET_RDNS, mapStorage, useHarness } from '../../chains/eip155/harness.js'
import { shellViews } from '../../kernel/helpers.js'
import { fieldsOfCacao } from './cacao-read.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()
const HOST = 'app.test:8443'
const ORIGIN = `https://${HOST}`
let modals: Modal[] = []

beforeEach(() => {
  vi.stubGlobal('location', { host: HOST, origin: ORIGIN, href: `${ORIGIN}/` })
})
afterEach(() => {
  modals.splice(0).forEach((m) => m.destroy())
  vi.unstubAllGlobals()
})

describe('the CACAO of an eip155 sign-in', () => {
  it.each([
    ['the fields every message has', { statement: 'Welcome' }],
    [
      'resources and a custom lifetime',
      {
        statement: 'Welcome',
        resources: ['https://app.test/terms', 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'],
        expiresIn: 600,
      },
    ],
  ])('%s: header eip4361, payload from the message, an eip191 signature of the account', async (_name, config) => {
    const wallet = h.wallet()
    const storage = mapStorage()
    const modal = createKernel({
      projectId: 'p',
      storage,
      siwx: config,
      plugins: [eip155({ networks: [h.localA, h.localB] }), shellViews, siwx()],
    } as ModalOptions)
    modals.push(modal)
    kernelOf(modal).chains.startDiscovery()
    await modal.open()
    await kernelOf(modal).navigation.connect(WALLET_RDNS, 'eip155')
    const api = modal.getPlugin('siwx') as SiwxApi
    const signIn: SiwxSession[] = []
    kernelOf(modal).events.on('siwx:signIn', ({ session }) => void signIn.push(session))
    const controller = (await api.flow()).controller()
    await controller.start()
    await controller.sign()
    const session = api.$state.get().session!
    const { data, message, signature, cacao } = session
    expect(cacao).toBeDefined()
    expect(cacao!.h).toEqual({ t: 'eip4361' })
    expect(cacao!.p).toEqual({
      domain: HOST,
      iss: `did:pkh:eip155:31337:${wallet.address}`,
      aud: ORIGIN,
      version: '1',
      nonce: data.nonce,
      iat: data.issuedAt,
      exp: data.expirationTime,
      statement: 'Welcome',
      ...('resources' in config ? { resources: config.resources } : {}),
    })
    expect(cacao!.s).toEqual({ t: 'eip191', s: signature })
    // The CACAO stands for exactly the text the wallet signed, and its signature is the account's.
    expect(createSiwxMessage(fieldsOfCacao(cacao!))).toBe(message)
    expect(await recoverMessageAddress({ message: createSiwxMessage(fieldsOfCacao(cacao!)), signature: cacao!.s.s as Hex })).toBe(
      wallet.address,
    )
    // The session handed to hosts and the one kept in storage carry the same CACAO.
    expect(signIn[0]?.cacao).toEqual(cacao)
    expect(JSON.parse(storage.map.get('@vestibule/v1/siwx/sessions')!)[0].cacao).toEqual(cacao)
  })
})

const message = (patch: Partial<SiwxMessageFields>): SiwxMessageFields => ({
  domain: 'app.example',
  accountAddress: '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
  chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  uri: 'https://app.example/login',
  version: '1',
  nonce: 'abcdefgh1234',
  issuedAt: '2030-01-01T00:00:00.000Z',
  ...patch,
})

describe('the CACAO of the other families', () => {
  // The signature types are the chain plugins' (their signatureType feature): a modal registers them.
  beforeAll(() => {
    const chains = createChainRegistry()
    chains.register(createEip155Adapter({ networks: [], eip6963: false }))
    chains.register(createSolanaAdapter({ networks: [] }))
    chains.register(createPolkadotAdapter({ networks: [], appName: 'Test' }))
    chains.register(createBip122Adapter([]))
  })

  it('a CAIP-122 message: header caip122, issuer did:pkh of its CAIP-10 account, optional fields only when the message has them', () => {
    const fields = message({ notBefore: '2030-01-01T00:01:00.000Z', requestId: 'req-1', statement: '' })
    expect(createCacao(fields, 'sig')).toEqual({
      h: { t: 'caip122' },
      p: {
        domain: 'app.example',
        iss: 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv',
        aud: 'https://app.example/login',
        version: '1',
        nonce: 'abcdefgh1234',
        iat: '2030-01-01T00:00:00.000Z',
        nbf: '2030-01-01T00:01:00.000Z',
        statement: '',
        requestId: 'req-1',
      },
      s: { t: 'solana:ed25519', s: 'sig' },
    })
    expect(Object.keys(createCacao(message({}), 'sig').p)).toEqual(['domain', 'iss', 'aud', 'version', 'nonce', 'iat'])
  })

  it.each([
    ['eip155', '0x' + 'ab'.repeat(65), 'eip191'],
    ['solana', '5'.repeat(88), 'solana:ed25519'],
    ['polkadot', '0x' + 'cd'.repeat(64), 'polkadot:sr25519'],
    ['bip122', Buffer.alloc(65, 7).toString('base64'), 'bip122:ecdsa'],
    ['bip122', Buffer.alloc(64, 7).toString('base64'), 'bip122:bip322-simple'],
    ['bip122', `${'A'.repeat(140)}==`, 'bip122:bip322-simple'],
  ])('%s signature %#: type %s', (namespace, signature, type) => {
    expect(signatureType(namespace, signature)).toBe(type)
  })

  it('a family no chain plugin registers: its namespace with "unknown", under a CAIP-122 header', () => {
    expect(signatureType('cosmos', 'sig')).toBe('cosmos:unknown')
    expect(createCacao(message({ chainId: 'cosmos:cosmoshub-4', accountAddress: 'cosmos1abc' }), 'sig')).toMatchObject({
      h: { t: 'caip122' },
      s: { t: 'cosmos:unknown' },
    })
  })
})

describe('a CACAO kept in the modal storage', () => {
  const HOSTED = 'app.example'
  const fields = message({
    domain: HOSTED,
    chainId: 'eip155:1',
    accountAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
    uri: `https://${HOSTED}`,
    issuedAt: new Date(Date.now()).toISOString(),
    expirationTime: new Date(Date.now() + 3_600_000).toISOString(),
  })
  const session = (): SiwxSession => ({
    data: fields,
    message: createSiwxMessage(fields),
    signature: '0xsigned',
    cacao: createCacao(fields, '0xsigned'),
  })

  it.each([
    [
      'an issuer edited to another account',
      (s: SiwxSession) => ({
        ...s,
        cacao: { ...s.cacao!, p: { ...s.cacao!.p, iss: 'did:pkh:eip155:1:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } },
      }),
    ],
    ['another signature', (s: SiwxSession) => ({ ...s, cacao: { ...s.cacao!, s: { t: 'eip191', s: '0xother' } } })],
    ['not an object', (s: SiwxSession) => ({ ...s, cacao: 'cacao' as never })],
  ])('%s: the session is dropped on read; an intact one is kept', async (_name, tamper) => {
    const backend = mapStorage()
    const storage = createStorage({ backend, scope: 'siwx' })
    const store = createLocalStore(storage, () => HOSTED)
    await store.add(session())
    expect(await store.list!()).toHaveLength(1)
    storage.set('sessions', [tamper(session())])
    expect(await store.list!()).toEqual([])
    expect(storage.get('sessions')).toBeUndefined()
  })
})
