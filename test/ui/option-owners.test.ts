// The main entry names the first-party plugin a host forgot; the shell and the kernel name none themselves.
import { describe, expect, it } from 'vitest'
import { createModal } from '../../index.js'
import { createModal as createShellModal } from '../../ui/index.js'
import { registerOptionOwners } from '../../kernel/index.js'
import { VestibuleError } from '../../kernel/errors.js'

const refusal = (create: () => unknown) => {
  try {
    create()
  } catch (error) {
    expect(error).toBeInstanceOf(VestibuleError)
    return (error as Error).message
  }
  throw new Error('expected createModal to throw')
}

describe('owner hints', () => {
  it.each([
    ['featuredWalletIds', ['a'], '`featuredWalletIds` needs walletCatalog() from vestibule/plugins/catalog'],
    ['customWallets', [], '`customWallets` needs walletCatalog() from vestibule/plugins/catalog'],
    ['enableWalletConnect', true, '`enableWalletConnect` needs walletConnect() from vestibule/plugins/walletconnect'],
    ['tokens', {}, '`tokens` needs tokens() from vestibule/plugins/tokens'],
  ])('the main entry: `%s` without its plugin names the plugin to add', (name, value, message) => {
    expect(refusal(() => createModal({ projectId: 'p', storage: null, [name]: value }))).toBe(message)
  })

  it('the shell alone knows no plugin: the same option is an unknown one', () => {
    expect(refusal(() => createShellModal({ projectId: 'p', storage: null, featuredWalletIds: ['a'] }))).toBe(
      'Unknown option `featuredWalletIds`',
    )
  })

  it('a package registers its own hint; hints are non-empty strings', () => {
    registerOptionOwners({ addressBook: 'addressBook() from my-address-book', 'features.contacts': 'addressBook() from my-address-book' })
    expect(refusal(() => createModal({ projectId: 'p', storage: null, addressBook: [] } as never))).toBe(
      '`addressBook` needs addressBook() from my-address-book',
    )
    expect(refusal(() => createModal({ projectId: 'p', storage: null, features: { contacts: true } } as never))).toBe(
      '`features.contacts` needs addressBook() from my-address-book',
    )
    expect(() => registerOptionOwners({ addressBook: '' })).toThrow('must be a non-empty string')
    expect(() => registerOptionOwners(null as never)).toThrow('needs an object')
  })
})

describe('cspNonce', () => {
  it('createModal refuses a cspNonce that is not a string, naming the option', () => {
    expect(refusal(() => createModal({ projectId: 'p', storage: null, cspNonce: 7 as unknown as string }))).toBe(
      "`cspNonce` must be the page's CSP nonce (a base64 string)",
    )
  })
})
