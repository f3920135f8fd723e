// EVM message signatures on a real anvil node: an EOA's EIP-191 personal_sign (public vector and the Node
// wallet's own signature through the chain plugin), an EIP-1271 contract account (SmartAccount1271 deployed by
// its CREATE2 factory), an EIP-6492 signature of an account not deployed yet, tampered and malformed input
// (false), and the clear errors when the chain cannot be asked.
import { createWalletClient, hashMessage, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { defineNetwork } from '../../../chains/eip155/index.js'
import { verifyMessage } from '../../../chains/eip155/verify-message.js'
import { chainFeature, VestibuleError } from '../../../kernel/index.js'
import { rpc } from '../../../sandbox/anvil.mjs'
import { counterfactualSmartAccount, deploySmartAccount, ERC6492_MAGIC } from '../../../sandbox/contracts/smart-account.mjs'
import { ETH, KEYS, WALLET_RDNS, adapterOf, setBalance, useHarness } from './harness.js'

const h = useHarness()
const owner = privateKeyToAccount(KEYS[0]!)
const stranger = privateKeyToAccount(KEYS[1]!)
// viem's documented personal_sign of "hello world" by anvil's first account (EIP-191 version 0x45).
const VECTOR_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const HELLO_SIGNATURE =
  '0xa461f509887bd19e312c0c58467ce8ff8e300d3c1a90b608a760c5b80318eaf15fe57c96f9175d6cd4daad4663763baa7e78836e067d0163e9a2ccf2ff753f5b1b'
const MESSAGE =
  'localhost wants you to sign in with your Ethereum account:\n0x0\n\nURI: http://localhost\nVersion: 1\nChain ID: 31337\nNonce: a1b2c3d4e5\nIssued At: 2026-11-26T12:00:00Z'

const wallet = () =>
  createWalletClient({
    account: owner,
    chain: { id: 31337, name: 'Anvil A', nativeCurrency: ETH, rpcUrls: { default: { http: [h.anvilA.url] } } },
    transport: http(h.anvilA.url),
  })
const codeAt = (address: string) => rpc(h.anvilA.url, 'eth_getCode', [address, 'latest']) as Promise<string>

describe('eip155 verifyMessage: externally owned accounts', () => {
  it('accepts the public EIP-191 vector, with v as 27/28 or 0/1, and refuses it for another message or address', async () => {
    const network = h.localA
    expect(await verifyMessage({ address: VECTOR_ADDRESS, message: 'hello world', signature: HELLO_SIGNATURE, network })).toBe(true)
    expect(
      await verifyMessage({ address: VECTOR_ADDRESS.toLowerCase(), message: 'hello world', signature: HELLO_SIGNATURE, network }),
    ).toBe(true)
    expect(
      await verifyMessage({ address: VECTOR_ADDRESS, message: 'hello world', signature: `${HELLO_SIGNATURE.slice(0, -2)}00`, network }),
    ).toBe(true)
    expect(await verifyMessage({ address: VECTOR_ADDRESS, message: 'hello world!', signature: HELLO_SIGNATURE, network })).toBe(false)
    expect(await verifyMessage({ address: stranger.address, message: 'hello world', signature: HELLO_SIGNATURE, network })).toBe(false)
  })

  it('an EOA signature needs no network: it verifies on a network without a reachable RPC', async () => {
    const offline = defineNetwork({
      id: 31337,
      name: 'Offline',
      nativeCurrency: ETH,
      rpcUrls: { default: { http: ['http://127.0.0.1:9'] } },
    })
    expect(await verifyMessage({ address: VECTOR_ADDRESS, message: 'hello world', signature: HELLO_SIGNATURE, network: offline })).toBe(
      true,
    )
  })

  it("round trip: the wallet's personal_sign through the chain plugin verifies with the adapter's feature", async () => {
    const nodeWallet = h.wallet()
    const modal = h.modal()
    await modal.connect(WALLET_RDNS)
    const address = modal.getAccount().address!
    expect(address).toBe(nodeWallet.address)
    expect(address).toBe(owner.address)
    const signature = await modal.signMessage(MESSAGE)
    const verify = chainFeature(adapterOf(modal), 'verifyMessage')
    expect(await verify({ address, message: MESSAGE, signature, network: h.localA })).toBe(true)
    expect(await verify({ address, message: MESSAGE.replace('a1b2', 'a1b3'), signature, network: h.localA })).toBe(false)
    expect(await verify({ address: stranger.address, message: MESSAGE, signature, network: h.localA })).toBe(false)
    const flipped = `${signature.slice(0, 10)}${signature[10] === '0' ? '1' : '0'}${signature.slice(11)}`
    expect(await verify({ address, message: MESSAGE, signature: flipped, network: h.localA })).toBe(false)
  })
})

describe('eip155 verifyMessage: contract accounts', () => {
  let account: { address: Address; factory: Address }
  beforeAll(async () => {
    await setBalance(h.anvilA.url, owner.address, 10n ** 20n)
    account = await deploySmartAccount(wallet(), owner.address)
  }, 60_000)

  it('EIP-1271: the owner signature of the message, or of its hash, is the deployed account signature', async () => {
    expect(await codeAt(account.address)).not.toBe('0x')
    const network = h.localA
    const ofMessage = await owner.signMessage({ message: MESSAGE })
    const ofHash = await owner.signMessage({ message: { raw: hashMessage(MESSAGE) } })
    for (const signature of [ofMessage, ofHash]) {
      expect(await verifyMessage({ address: account.address, message: MESSAGE, signature, network })).toBe(true)
      expect(await verifyMessage({ address: account.address, message: `${MESSAGE} `, signature, network })).toBe(false)
    }
    expect(
      await verifyMessage({
        address: account.address,
        message: MESSAGE,
        signature: await stranger.signMessage({ message: MESSAGE }),
        network,
      }),
    ).toBe(false)
    // Garbage the contract refuses (wrong length, a zero signature) is false, not an error.
    for (const signature of ['0x1234', `0x${'00'.repeat(65)}`, `0x${'ff'.repeat(200)}`]) {
      expect(await verifyMessage({ address: account.address, message: MESSAGE, signature, network })).toBe(false)
    }
  })

  it("another owner's account refuses the signature", async () => {
    const other = await deploySmartAccount(wallet(), stranger.address, { salt: 1n })
    expect(other.address).not.toBe(account.address)
    const signature = await owner.signMessage({ message: MESSAGE })
    expect(await verifyMessage({ address: other.address, message: MESSAGE, signature, network: h.localA })).toBe(false)
  })

  it('EIP-6492: the owner signs for an account not deployed yet; verifying deploys nothing', async () => {
    const future = await counterfactualSmartAccount(wallet(), owner.address, { salt: 42n })
    expect(await codeAt(future.address)).toBe('0x')
    const network = h.localA
    const signature = future.wrap(await owner.signMessage({ message: MESSAGE }))
    expect(signature.endsWith(ERC6492_MAGIC.slice(2))).toBe(true)
    expect(await verifyMessage({ address: future.address, message: MESSAGE, signature, network })).toBe(true)
    expect(await codeAt(future.address)).toBe('0x')
    expect(await verifyMessage({ address: future.address, message: `${MESSAGE}!`, signature, network })).toBe(false)
    expect(
      await verifyMessage({
        address: future.address,
        message: MESSAGE,
        signature: future.wrap(await stranger.signMessage({ message: MESSAGE })),
        network,
      }),
    ).toBe(false)
    // The unwrapped signature cannot verify an account that has no code yet.
    expect(
      await verifyMessage({ address: future.address, message: MESSAGE, signature: await owner.signMessage({ message: MESSAGE }), network }),
    ).toBe(false)
    // A wrapper around another account's factory call: the predicted address is not the one being checked.
    const elsewhere = await counterfactualSmartAccount(wallet(), owner.address, { salt: 43n })
    expect(
      await verifyMessage({
        address: future.address,
        message: MESSAGE,
        signature: elsewhere.wrap(await owner.signMessage({ message: MESSAGE })),
        network,
      }),
    ).toBe(false)
  })
})

describe('eip155 verifyMessage: malformed input and unreachable chains', () => {
  it('malformed signatures and addresses resolve false', async () => {
    const network = h.localA
    const cases: unknown[] = [
      '',
      '0x',
      'garbage',
      HELLO_SIGNATURE.slice(2),
      `${HELLO_SIGNATURE}0`,
      `0x${'zz'.repeat(65)}`,
      `0x${'00'.repeat(70_000)}`,
      undefined,
      12,
    ]
    for (const signature of cases) {
      expect(
        await verifyMessage({ address: owner.address, message: 'hello world', signature: signature as Hex, network }),
        String(signature).slice(0, 30),
      ).toBe(false)
    }
    for (const address of [
      '',
      '0x1234',
      owner.address.slice(2),
      `${owner.address}00`,
      '0x0000000000000000000000000000000000000000',
      null,
    ]) {
      expect(await verifyMessage({ address: address as string, message: 'hello world', signature: HELLO_SIGNATURE, network })).toBe(false)
    }
    expect(
      await verifyMessage({ address: owner.address, message: undefined as unknown as string, signature: HELLO_SIGNATURE, network }),
    ).toBe(false)
  })

  it('a signature that must be checked on chain: NOT_SUPPORTED without an RPC URL, HTTP when the RPC does not answer', async () => {
    const params = { address: stranger.address, message: 'hello world', signature: HELLO_SIGNATURE }
    const noRpc = { ...h.localA, rpcUrls: { default: { http: [] } } }
    await expect(verifyMessage({ ...params, network: noRpc })).rejects.toMatchObject({ name: 'VestibuleError', code: 'NOT_SUPPORTED' })
    const down = defineNetwork({ id: 31337, name: 'Down', nativeCurrency: ETH, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } })
    const error = await verifyMessage({ ...params, network: down }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VestibuleError)
    expect(error).toMatchObject({ code: 'HTTP', message: "The signature could not be checked: Down's RPC did not answer" })
  })
})
