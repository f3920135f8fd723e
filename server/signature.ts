/**
 * The signature check of a sign-in: each family's own verifier, the same module its chain plugin uses in the
 * browser (chains/<family>/verify-message), loaded on first use of that family and without the shell or a wallet
 * SDK: eip155 (secp256k1 recovery; EIP-1271 and EIP-6492 on chain through the network's RPC URL), solana
 * (ed25519), polkadot (sr25519, ed25519, ecdsa) and bip122 (BIP-137 and BIP-322 simple).
 */

/** The families a sign-in message names, each with its verifier. */
const VERIFIERS = {
  eip155: () => import('../chains/eip155/verify-message.js'),
  solana: () => import('../chains/solana/verify-message.js'),
  polkadot: () => import('../chains/polkadot/verify-message.js'),
  bip122: () => import('../chains/bip122/verify-message.js'),
} as const

export type Family = keyof typeof VERIFIERS
export const FAMILIES = Object.keys(VERIFIERS) as Family[]
export const isFamily = (namespace: string): namespace is Family => Object.hasOwn(VERIFIERS, namespace)

/** Bitcoin's and its test network's address parameters, known by their CAIP-2 ids; another bip122 chain needs them given. */
export const KNOWN_BITCOIN_PARAMS: Readonly<Record<string, Record<string, unknown>>> = {
  'bip122:000000000019d6689c085ae165831e93': { params: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05 } },
  'bip122:000000000933ea01ad0ee984209779ba': { params: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4 } },
}

export type SignatureOutcome = { ok: true } | { ok: false; status: number; reasons: string[]; error: string }

export interface SignatureCheck {
  chainId: string
  address: string
  message: string
  signature: string
  /** The network's node, for contract accounts (eip155). */
  rpcUrl?: string
  /** The network's own fields the family's verifier reads (bip122: `params`; polkadot: `ss58Prefix`). */
  custom?: Record<string, unknown>
}

/** Whether `signature` is the account's signature of `message`, as an outcome the server answers with. */
export async function checkSignature(check: SignatureCheck): Promise<SignatureOutcome> {
  const [namespace = '', reference = ''] = check.chainId.split(':')
  if (!isFamily(namespace)) return { ok: false, status: 400, reasons: ['chain'], error: `"${namespace}" accounts cannot sign in here` }
  const { verifyMessage } = await VERIFIERS[namespace]()
  const network = {
    id: reference,
    caipNetworkId: check.chainId,
    chainNamespace: namespace,
    name: check.chainId,
    nativeCurrency: { name: '', symbol: '', decimals: 0 },
    rpcUrls: { default: { http: check.rpcUrl ? [check.rpcUrl] : [] } },
    ...(check.custom ? { custom: check.custom } : {}),
  }
  try {
    if (await verifyMessage({ address: check.address, message: check.message, signature: check.signature, network: network as never }))
      return { ok: true }
    return { ok: false, status: 401, reasons: ['signature'], error: 'the signature does not verify for this account' }
  } catch (error) {
    // eip155 alone rejects: the signature is not the key's own, so only a contract account can still accept it.
    const code = (error as { code?: unknown } | null)?.code
    if (code === 'NOT_SUPPORTED') {
      return {
        ok: false,
        status: 401,
        reasons: ['signature', 'rpcUrls'],
        error: `the signature does not verify for this account's key, and a contract account's signature on ${check.chainId} is checked on chain: this server has no rpcUrls["${check.chainId}"] option`,
      }
    }
    return {
      ok: false,
      status: 502,
      reasons: ['rpc'],
      error: `the signature could not be checked: the node of ${check.chainId} did not answer`,
    }
  }
}
