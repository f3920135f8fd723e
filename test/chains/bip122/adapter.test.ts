// The bip122 adapter through the kernel with Sandbox Bitcoin Wallets (real keys) registered through the Wallet
// Standard: discovery, connect, reconnect, events, switching and missing features. No chain is needed here.
import { describe, expect, it } from 'vitest'
import { bitcoin, bitcoinTestnet } from '../../../chains/bip122/index.js'
import { VestibuleError } from '../../../kernel/index.js'
import { registerWallet } from '../../../sandbox/bip122/wallet-core.js'
import { mapStorage } from '../shared-harness.js'
import { accountOf, adapterOf, useHarness } from './harness.js'
import { litecoinRegtest } from './fixtures.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const h = useHarness()

describe('discovery', () => {
  it('lists Wallet Standard wallets with a bip122 chain and a connect feature, once per name', async () => {
    h.wallet()
    h.wallet({ name: 'Sandbox Bitcoin Wallet' }) // the same name again: one wallet to the user
    h.wallet({ name: 'No Connect Wallet', omit: ['standard:connect'] })
    const evm = h.wallet({ name: 'Not Bitcoin', register: false })
    registerWallet(h.page.window, { ...evm.wallet, chains: ['solana:mainnet'], accounts: [] })
    const modal = h.modal()
    await h.discovered(modal)
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([
      {
        id: 'sandbox-bitcoin-wallet',
        name: 'Sandbox Bitcoin Wallet',
        type: 'ANNOUNCED',
        namespace: 'bip122',
        imageUrl: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
        installed: true,
      },
    ])
  })

  it('finds a wallet that registers after the page started', async () => {
    // The modal says it listens for wallets (wallet-standard:app-ready) before any has registered.
    const listening = new Promise((resolve) => h.page.window.addEventListener('wallet-standard:app-ready', resolve, { once: true }))
    const modal = h.modal()
    await listening
    expect(kernelOf(modal).chains.$connectors.get()).toEqual([])
    h.wallet({ name: 'Late Wallet' })
    await h.discovered(modal)
    expect(kernelOf(modal).chains.$connectors.get()[0]?.id).toBe('late-wallet')
  })
})

describe('connectors from other plugins', () => {
  it('lists a connector added with a Wallet Standard wallet, connects through it, and removes it', async () => {
    h.wallet()
    const remote = h.wallet({ name: 'Remote', privateKey: new Uint8Array(32).fill(5), register: false })
    const modal = h.modal()
    await h.discovered(modal)
    const remove = kernelOf(modal).chains.addConnector(
      'bip122',
      { id: 'walletConnect', name: 'Phone Wallet', type: 'WALLET_CONNECT', installed: false },
      remote.wallet,
    )
    await h.discovered(modal, 2)
    expect(
      kernelOf(modal)
        .chains.$connectors.get()
        .map((c) => [c.id, c.type, c.namespace]),
    ).toEqual([
      ['sandbox-bitcoin-wallet', 'ANNOUNCED', 'bip122'],
      ['walletConnect', 'WALLET_CONNECT', 'bip122'],
    ])
    await modal.connect('walletConnect', 'bip122')
    expect(modal.getAccount().address).toBe(remote.address)
    remove()
    await h.discovered(modal, 1)
  })
})

describe('connect', () => {
  it('connects the payment account and reports it as a CAIP-10 address on the network', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    expect(wallet.address).toMatch(/^rltc1q[0-9a-z]{38}$/)
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: wallet.address,
      caipAddress: `${h.network.caipNetworkId}:${wallet.address}`,
      namespace: 'bip122',
    })
    expect(accountOf(modal)).toMatchObject({ allAccounts: [{ type: 'payment' }], connectorId: 'sandbox-bitcoin-wallet' })
    expect(modal.getNetwork().caipNetwork).toBe(h.network)
    expect(wallet.listenerCount()).toBe(1)
  })

  it('turns a declined prompt into USER_REJECTED "Connection declined"', async () => {
    const wallet = h.wallet()
    wallet.approvals.push(false)
    const modal = h.modal()
    await h.discovered(modal)
    const error = await modal.connect('sandbox-bitcoin-wallet').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'USER_REJECTED', message: 'Connection declined' })
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it('refuses a wallet whose account is on none of the host networks, naming them', async () => {
    h.wallet()
    const modal = h.modal({ networks: [bitcoin, bitcoinTestnet] })
    await h.discovered(modal)
    await expect(modal.connect('sandbox-bitcoin-wallet')).rejects.toThrow(
      'The wallet has no account on Bitcoin or Bitcoin Testnet (asked for Bitcoin)',
    )
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('connects through bitcoin:connect (purposes: payment) when the wallet has no standard:connect', async () => {
    const wallet = h.wallet({ register: false })
    const standard = wallet.wallet.features['standard:connect'] as { connect(): Promise<{ accounts: unknown[] }> }
    const purposes: unknown[] = []
    const bitcoinOnly = {
      ...wallet.wallet,
      get accounts() {
        return wallet.wallet.accounts
      },
      features: {
        ...Object.fromEntries(Object.entries(wallet.wallet.features).filter(([k]) => k !== 'standard:connect')),
        'bitcoin:connect': {
          version: '1.0.0',
          connect: async (input: { purposes: unknown }) => (purposes.push(input.purposes), standard.connect()),
        },
      },
    }
    registerWallet(h.page.window, bitcoinOnly)
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    expect(purposes).toEqual([['payment']])
    expect(modal.getAccount().address).toBe(wallet.address)
  })

  it('accepts a wallet that names the chain bitcoin:<network> (walletChain) instead of the CAIP-2 id', async () => {
    const custom = { ...h.network, custom: { ...h.network.custom, walletChain: 'bitcoin:regtest' } }
    const wallet = h.wallet({
      network: {
        caipNetworkId: 'bitcoin:regtest',
        bitcoinjs: {
          messagePrefix: '\x19Litecoin Signed Message:\n',
          bech32: 'rltc',
          bip32: { public: 0, private: 0 },
          pubKeyHash: 0x6f,
          scriptHash: 0x3a,
          wif: 0xef,
        },
      },
    })
    const modal = h.modal({ networks: [custom] })
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    expect(modal.getAccount().caipAddress).toBe(`${custom.caipNetworkId}:${wallet.address}`)
  })
})

describe('a session', () => {
  it('restores on reload without a prompt (authorized accounts), and not after the wallet revoked access', async () => {
    const storage = mapStorage()
    const wallet = h.wallet()
    let modal = h.modal({ storage })
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    modal.destroy()

    modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount()).toMatchObject({ status: 'connected', address: wallet.address })
    expect(wallet.calls.filter((c) => c === 'connect')).toHaveLength(1)
    modal.destroy()

    wallet.setGranted(false)
    modal = h.modal({ storage })
    await modal.reconnect()
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('follows standard:events: revoking access disconnects, a new account replaces the address', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    const other = h.wallet({ privateKey: new Uint8Array(32).fill(9), register: false, granted: true })
    wallet.emit({ accounts: other.wallet.accounts })
    expect(modal.getAccount()).toMatchObject({
      status: 'connected',
      address: other.address,
      caipAddress: `${h.network.caipNetworkId}:${other.address}`,
    })
    wallet.setGranted(false)
    expect(modal.getAccount().status).toBe('disconnected')
    expect(wallet.listenerCount()).toBe(0)
  })

  it('disconnects through standard:disconnect and stops listening', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    await modal.disconnect()
    expect(wallet.calls).toContain('disconnect')
    expect(wallet.listenerCount()).toBe(0)
    expect(modal.getAccount().status).toBe('disconnected')
  })

  it('switches only to a network the wallet has an account on', async () => {
    h.wallet()
    const other = litecoinRegtest('http://127.0.0.1:9', 'ab'.repeat(32))
    const modal = h.modal({ networks: [h.network, other] })
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    await expect(modal.switchNetwork(other.caipNetworkId)).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'The network Litecoin Regtest is not supported by this wallet',
    })
    expect(modal.getNetwork().caipNetworkId).toBe(h.network.caipNetworkId)
  })
})

describe('a wallet lacking a feature', () => {
  it('says message signing is not supported by this wallet', async () => {
    h.wallet({ omit: ['bitcoin:signMessage'] })
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    await expect(modal.signMessage('hello')).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'Message signing (bitcoin:signMessage) is not supported by this wallet',
    })
  })

  it('says sending is not supported by this wallet', async () => {
    const wallet = h.wallet({ omit: ['bitcoin:signTransaction'] })
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    const send = adapterOf(modal).sendNative!({ to: wallet.address, value: 10_000n, address: wallet.address, network: h.network })
    await expect(send).rejects.toMatchObject({
      code: 'NOT_SUPPORTED',
      message: 'Sending (bitcoin:signTransaction) is not supported by this wallet',
    })
  })

  it('turns a declined signature into "Signature declined"', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    wallet.approvals.push(false)
    await expect(modal.signMessage('hello')).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'Signature declined' })
  })
})

describe('a chain API that is down', () => {
  it('shows the balance as unavailable and keeps the session usable', async () => {
    h.wallet()
    const modal = h.modal() // the network's Esplora URL is http://127.0.0.1:9: nothing listens there
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    await expect.poll(() => accountOf(modal)?.balanceStatus).toBe('unavailable')
    expect(modal.getAccount().status).toBe('connected')
    expect(await modal.signMessage('still works')).toMatch(/^[A-Za-z0-9+/]{86}[A-Za-z0-9+/=]{2}$/)
  })

  it('rejects an invalid recipient with a chain-specific message before asking the wallet', async () => {
    const wallet = h.wallet()
    const modal = h.modal()
    await h.discovered(modal)
    await modal.connect('sandbox-bitcoin-wallet')
    const send = (to: string) => adapterOf(modal).sendNative!({ to, value: 10_000n, address: wallet.address, network: h.network })
    await expect(send('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).rejects.toThrow(
      '"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" is an address of another network, not Litecoin Regtest',
    )
    await expect(send('rltc1qnotanaddress')).rejects.toThrow('"rltc1qnotanaddress" is not a valid Litecoin Regtest address')
    await expect(send(`${wallet.address.slice(0, -1)}${wallet.address.endsWith('q') ? 'p' : 'q'}`)).rejects.toThrow('bad checksum')
    await expect(
      adapterOf(modal).sendNative!({ to: wallet.address, value: 0n, address: wallet.address, network: h.network }),
    ).rejects.toThrow('Invalid amount: 0')
    expect(wallet.calls).not.toContain('signTransaction')
  })
})
