/** The Wallet Standard wallet over a remote session that the solana and bip122 facades are built on. */
import { describe, expect, it, vi } from 'vitest'
import { createStandardFacade, type StandardSessionSpec } from '../../../chains/shared/standard-session.js'
import { eventAddresses, send } from '../../../chains/shared/walletconnect.js'

const A = 'demo:aaaa'
const B = 'demo:bbbb'

/** A session of the `demo` namespace with `accounts` (CAIP-10), answering every request with its method and chain. */
function session(accounts: string[]) {
  const up = {
    session: { topic: 't', namespaces: { demo: { accounts, methods: [], events: [] } } },
    request: vi.fn(async ({ method }: { method: string }, chain: string) => `${method}@${chain}`),
  }
  return up
}

function facadeOver(up: ReturnType<typeof session> | undefined, extra: Partial<StandardSessionSpec> = {}) {
  const context = { session: Promise.resolve(up as never), preferredChains: () => [B as never], wallet: { name: 'Remote', icon: 'data:,' } }
  const facade = createStandardFacade(context, {
    namespace: 'demo',
    publicKey: (address) => (address.startsWith('x') ? undefined : new TextEncoder().encode(address)),
    accountsEvent: 'accountsChanged',
    eventAddresses,
    signing: ({ each, own }) => ({
      'demo:sign': {
        version: '1.0.0',
        sign: each(async (u, chain, input: { address: string; chain?: string }) =>
          send(u as never, chain as never, `sign:${own(input.address)}`, {}),
        ),
      },
    }),
    ...extra,
  })
  const wallet = facade.provider as any
  const changes: string[][] = []
  wallet.features['standard:events'].on('change', (change: { accounts: { address: string; chains: string[] }[] }) =>
    changes.push(change.accounts.map((a) => `${a.address}@${a.chains}`)),
  )
  return { facade, wallet, changes }
}

const settle = async () => {
  for (let i = 0; i < 3; i++) await Promise.resolve()
}

describe('createStandardFacade', () => {
  it('connect shares the session accounts with their chains (an address without a key is left out); disconnect hides them', async () => {
    const up = session([`${A}:one`, `${B}:one`, `${A}:xbad`])
    const beforeConnect = vi.fn(async () => undefined)
    const { wallet } = facadeOver(up, { beforeConnect })
    expect(wallet.accounts).toEqual([])
    const { accounts } = await wallet.features['standard:connect'].connect({ silent: true })
    expect(beforeConnect).toHaveBeenCalledWith(up, false)
    expect(accounts).toEqual([{ address: 'one', publicKey: new TextEncoder().encode('one'), chains: [A, B], features: ['demo:sign'] }])
    expect(wallet.chains).toEqual([A, B])
    expect(Object.isFrozen(accounts[0])).toBe(true)
    await wallet.features['standard:connect'].connect()
    expect(beforeConnect).toHaveBeenLastCalledWith(up, true)
    await wallet.features['standard:disconnect'].disconnect()
    expect(wallet.accounts).toEqual([])
  })

  it('without a session: a silent connect has no account, a connect and a request are refused as ended (4900)', async () => {
    const { wallet } = facadeOver(undefined)
    expect(await wallet.features['standard:connect'].connect({ silent: true })).toEqual({ accounts: [] })
    await expect(wallet.features['standard:connect'].connect()).rejects.toMatchObject({ code: 4900 })
    await expect(wallet.features['demo:sign'].sign({ address: 'one' })).rejects.toMatchObject({ code: 4900 })
  })

  it('runs the inputs in turn, each on the chain it names when approved, else the preferred one; a foreign account is 4100', async () => {
    const up = session([`${A}:one`, `${B}:one`])
    const { wallet } = facadeOver(up)
    await wallet.features['standard:connect'].connect()
    expect(
      await wallet.features['demo:sign'].sign({ address: 'one', chain: A }, { address: 'one', chain: 'demo:cccc' }, { address: 'one' }),
    ).toEqual([`sign:one@${A}`, `sign:one@${B}`, `sign:one@${B}`])
    await expect(wallet.features['demo:sign'].sign({ address: 'two' })).rejects.toMatchObject({
      code: 4100,
      message: 'The account two is not connected',
    })
  })

  it('reports a change of accounts or of an account’s chains once, only while connected; the same accounts again are no change', async () => {
    const up = session([`${A}:one`])
    const { facade, wallet, changes } = facadeOver(up)
    facade.onSessionEvent('accountsChanged', [`${A}:two`])
    await settle()
    expect(changes).toEqual([])
    await wallet.features['standard:connect'].connect()
    facade.onSessionUpdate()
    facade.onSessionEvent('chainChanged', [`${A}:two`])
    facade.onSessionEvent('accountsChanged', 'two')
    await settle()
    expect(changes).toEqual([])
    up.session.namespaces.demo.accounts = [`${A}:one`, `${B}:one`]
    facade.onSessionUpdate()
    await settle()
    expect(changes).toEqual([[`one@${A},${B}`]])
    facade.onSessionEvent('accountsChanged', [`${B}:two`, 'two'])
    await settle()
    expect(changes).toEqual([[`one@${A},${B}`], [`two@${A},${B}`]])
  })
})
