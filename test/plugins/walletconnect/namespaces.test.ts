import { describe, expect, it } from 'vitest'
import { approvedNetworks, BASIC_METHODS, buildNamespaces, proposedNetworks } from '../../../plugins/walletconnect/namespaces.js'
import { remoteSession as bip122Mapping } from '../../../chains/bip122/walletconnect.js'
import { remoteSession as eip155Mapping } from '../../../chains/eip155/walletconnect.js'
import { remoteSession as polkadotMapping } from '../../../chains/polkadot/walletconnect.js'
import { remoteSession as solanaMapping } from '../../../chains/solana/walletconnect.js'
import type { CaipNetwork } from '../../../kernel/index.js'

const evm = (id: number, url = `http://127.0.0.1:${8000 + id}`): CaipNetwork => ({
  id,
  caipNetworkId: `eip155:${id}`,
  chainNamespace: 'eip155',
  name: `Chain ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [url] } },
})
/** What each chain plugin's `remoteSession` capability proposes for its namespace. */
const KNOWN = { eip155: eip155Mapping, solana: solanaMapping, polkadot: polkadotMapping, bip122: bip122Mapping }
const solana: CaipNetwork = {
  id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  chainNamespace: 'solana',
  name: 'Solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8899'] } },
}

describe('proposal namespaces', () => {
  it('builds optionalNamespaces from the chain plugins networks: CAIP-2 chains, eip155 methods and events, rpcMap', () => {
    expect(buildNamespaces([evm(1), evm(31337)], KNOWN)).toEqual({
      eip155: {
        chains: ['eip155:1', 'eip155:31337'],
        methods: ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'wallet_addEthereumChain'],
        events: ['chainChanged', 'accountsChanged'],
        rpcMap: { 1: 'http://127.0.0.1:8001', 31337: 'http://127.0.0.1:39337' },
      },
    })
  })

  it('proposes solana, polkadot and bip122 with the WalletConnect methods and events of each family', () => {
    const polkadot: CaipNetwork = {
      ...solana,
      id: '0x68d5',
      caipNetworkId: 'polkadot:68d56f15f85d3136970ec16946040bc1',
      chainNamespace: 'polkadot',
      rpcUrls: { default: { http: ['http://127.0.0.1:9944'] } },
    }
    const bitcoin: CaipNetwork = {
      ...solana,
      id: '000000000019d6689c085ae165831e93',
      caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
      chainNamespace: 'bip122',
      rpcUrls: { default: { http: ['http://127.0.0.1:3002'] } },
    }
    expect(buildNamespaces([solana, polkadot, bitcoin], KNOWN)).toEqual({
      solana: {
        chains: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
        methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'http://127.0.0.1:8899' },
      },
      polkadot: {
        chains: ['polkadot:68d56f15f85d3136970ec16946040bc1'],
        methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
        events: ['accountsChanged', 'chainChanged'],
        rpcMap: { '68d56f15f85d3136970ec16946040bc1': 'http://127.0.0.1:9944' },
      },
      bip122: {
        chains: ['bip122:000000000019d6689c085ae165831e93'],
        methods: ['signMessage', 'sendTransfer', 'signPsbt', 'getAccountAddresses'],
        events: ['bip122_addressesChanged'],
        rpcMap: { '000000000019d6689c085ae165831e93': 'http://127.0.0.1:3002' },
      },
    })
  })

  it('leaves out families without a facade (no methods known) and repeated networks', () => {
    const cosmos: CaipNetwork = { ...solana, id: 'cosmoshub-4', caipNetworkId: 'cosmos:cosmoshub-4', chainNamespace: 'cosmos' }
    expect(Object.keys(buildNamespaces([evm(1), cosmos, evm(1)], KNOWN))).toEqual(['eip155'])
    expect(buildNamespaces([evm(1), evm(1)], KNOWN).eip155!.chains).toEqual(['eip155:1'])
    // A namespace is proposed only with methods known for it: its chain plugin's mapping (or, in basic mode, the option's).
    expect(buildNamespaces([evm(1)], {})).toEqual({})
    expect(buildNamespaces([evm(1)], BASIC_METHODS).eip155!.methods).toEqual(eip155Mapping.methods)
    const inherited: CaipNetwork = { ...solana, caipNetworkId: 'constructor:x' as never, chainNamespace: 'constructor' as never }
    expect(buildNamespaces([inherited, evm(1)], KNOWN).constructor).toBe(Object)
  })

  it('proposes every chain plugin network, and in basic mode the option or mainnet', () => {
    expect(proposedNetworks([{ networks: [evm(1)] }, { networks: [evm(10)] }]).map((n) => n.caipNetworkId)).toEqual([
      'eip155:1',
      'eip155:10',
    ])
    expect(proposedNetworks([], [evm(31337)]).map((n) => n.caipNetworkId)).toEqual(['eip155:31337'])
    expect(proposedNetworks([]).map((n) => n.caipNetworkId)).toEqual(['eip155:1'])
  })

  it('reads the approved networks of a session from its accounts and chains', () => {
    expect(
      approvedNetworks({
        eip155: { accounts: ['eip155:1:0xabc', 'eip155:10:0xabc'], chains: ['eip155:1'] },
        'eip155:137': { accounts: ['eip155:137:0xabc'] },
      }),
    ).toEqual({ eip155: ['eip155:1', 'eip155:10', 'eip155:137'] })
  })
})
