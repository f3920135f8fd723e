// Litecoin regtest, the sandbox chain of the bip122 plugin: its own prefixes and genesis hash, injected.
import { defineNetwork } from '../../../chains/bip122/index.js'

export const LITECOIN_REGTEST_GENESIS = '530827f38f93b43ed12af0b3ad25a288dc02ed74d6d7857862df51fc56c416f9'
export const LITECOIN_PARAMS = {
  bech32: 'rltc',
  pubKeyHash: 0x6f,
  scriptHash: 0x3a,
  wif: 0xef,
  messagePrefix: '\x19Litecoin Signed Message:\n',
}

export const litecoinRegtest = (esploraUrl: string, genesisHash = LITECOIN_REGTEST_GENESIS) =>
  defineNetwork({
    genesisHash,
    name: 'Litecoin Regtest',
    esploraUrl,
    params: LITECOIN_PARAMS,
    nativeCurrency: { name: 'Litecoin', symbol: 'LTC', decimals: 8 },
    dustRelayFee: 30000,
    testnet: true,
  })
