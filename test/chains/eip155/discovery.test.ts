// EIP-6963 discovery and the legacy `window.ethereum`, in a page emulated by an EventTarget `window`.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { watchEip1193Wallets, type DiscoveredWallet } from '../../../chains/eip155/discovery.js'
import { eip155, defineNetwork } from '../../../chains/eip155/index.js'
import { createKernel } from '../../../kernel/index.js'
import { openPage, stubProvider, walletInfo, type Page } from './page.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const local = defineNetwork({
  id: 31337,
  name: 'Anvil',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})

let page: Page
let stops: Array<() => void>

beforeEach(() => {
  page = openPage()
  stops = []
})
afterEach(() => {
  stops.forEach((stop) => stop())
  page.restore()
})

/** Starts discovery; `latest()` is the last list reported, `onChange` the spy. */
function watch(eip6963 = true) {
  const onChange = vi.fn<(wallets: DiscoveredWallet[]) => void>()
  const stop = watchEip1193Wallets({ eip6963, onChange })
  stops.push(stop)
  const latest = () => onChange.mock.lastCall?.[0] ?? []
  return { onChange, stop, latest, ids: () => latest().map((w) => w.connector.id) }
}

describe('EIP-6963 announce and request', () => {
  it('finds a wallet that answers eip6963:requestProvider', () => {
    const provider = stubProvider()
    page.install(walletInfo('io.metamask', 'MetaMask'), provider)
    const { latest } = watch()
    expect(latest()).toHaveLength(1)
    expect(latest()[0]!.provider).toBe(provider)
    expect(latest()[0]!.connector).toEqual({
      id: 'io.metamask',
      rdns: 'io.metamask',
      name: 'MetaMask',
      imageUrl: walletInfo('io.metamask').icon,
      type: 'ANNOUNCED',
      namespace: 'eip155',
      installed: true,
    })
  })

  it('dispatches eip6963:requestProvider once when it starts', () => {
    const requests = vi.fn()
    page.window.addEventListener('eip6963:requestProvider', requests)
    watch()
    expect(requests).toHaveBeenCalledTimes(1)
  })

  it('adds a wallet that announces later and reports the new list', () => {
    page.install(walletInfo('io.first'), stubProvider())
    const { onChange, ids } = watch()
    expect(ids()).toEqual(['io.first'])
    const calls = onChange.mock.calls.length
    page.announce(walletInfo('io.later'), stubProvider())
    expect(onChange.mock.calls.length).toBe(calls + 1)
    expect(ids()).toEqual(['io.first', 'io.later'])
  })

  it('keeps the first of two announcements with the same rdns', () => {
    const first = stubProvider()
    page.install(walletInfo('io.same', 'First'), first)
    const { onChange, latest } = watch()
    const calls = onChange.mock.calls.length
    page.announce(walletInfo('io.same', 'Impostor'), stubProvider())
    expect(onChange.mock.calls.length).toBe(calls)
    expect(latest()).toHaveLength(1)
    expect(latest()[0]!.provider).toBe(first)
    expect(latest()[0]!.connector.name).toBe('First')
  })

  it.each([
    ['no rdns', { ...walletInfo('x'), rdns: undefined }, stubProvider()],
    ['a blank rdns', { ...walletInfo('x'), rdns: '   ' }, stubProvider()],
    ['no request function', walletInfo('io.norequest'), { on() {} }],
    ['no provider', walletInfo('io.noprovider'), undefined],
    ['an rdns that is not reverse DNS', { ...walletInfo('x'), rdns: '__proto__' }, stubProvider()],
  ])('ignores an announcement with %s', (_what, info, provider) => {
    const { latest } = watch()
    page.announce(info, provider)
    page.announce(walletInfo('io.valid'), stubProvider())
    expect(latest().map((w) => w.connector.id)).toEqual(['io.valid'])
  })

  it('tolerates announcements whose detail throws when read, and still lists the others', () => {
    const { latest } = watch()
    const throwing = (what: string) => {
      throw new Error(`hostile ${what}`)
    }
    const events = [
      Object.defineProperty(new CustomEvent('eip6963:announceProvider'), 'detail', { get: () => throwing('detail') }),
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          get info() {
            return throwing('info')
          },
          provider: stubProvider(),
        },
      }),
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: {
            ...walletInfo('io.x'),
            get name() {
              return throwing('name')
            },
          },
          provider: stubProvider(),
        },
      }),
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: walletInfo('io.y'), provider: new Proxy({}, { get: () => throwing('provider') }) },
      }),
    ]
    for (const event of events) expect(() => page.window.dispatchEvent(event)).not.toThrow()
    page.announce(walletInfo('io.valid'), stubProvider())
    expect(latest().map((w) => w.connector.id)).toEqual(['io.valid'])
  })

  it('a legacy window.ethereum whose getter throws is left out', () => {
    Object.defineProperty(page.window, 'ethereum', {
      get: () => {
        throw new Error('hostile getter')
      },
    })
    page.install(walletInfo('io.valid'), stubProvider())
    expect(watch().ids()).toEqual(['io.valid'])
  })

  it('ignores an announcement without detail', () => {
    const { latest, onChange } = watch()
    const calls = onChange.mock.calls.length
    page.window.dispatchEvent(new Event('eip6963:announceProvider'))
    expect(onChange.mock.calls.length).toBe(calls)
    expect(latest()).toEqual([])
  })
})

describe('announced icons and names', () => {
  const imageOf = (icon: string) => {
    const { latest } = watch()
    page.announce({ ...walletInfo('io.icon'), icon }, stubProvider())
    return latest()[0]!.connector.imageUrl
  }

  // EIP-6963 requires a data: URI: any URL, even https, is one the modal would fetch for whoever announced it.
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example/i.png',
    'file:///etc/passwd',
    'http://evil.example/i.png',
    'https://wallet.example/icon.png',
  ])('drops the unsafe icon %s', (icon) => {
    expect(imageOf(icon)).toBeUndefined()
  })

  it.each(['data:image/svg+xml;base64,PHN2Zy8+', 'data:image/svg+xml,%3Csvg%2F%3E', 'data:image/png;base64,iVBORw0KGgo='])(
    'keeps the image icon %s',
    (icon) => {
      expect(imageOf(icon)).toBe(icon)
    },
  )

  it('drops an oversized icon', () => {
    expect(imageOf(`data:image/png;base64,${'A'.repeat(250_000)}`)).toBeUndefined()
  })

  it('keeps the wallet when its icon is dropped', () => {
    const { latest } = watch()
    page.announce({ ...walletInfo('io.badicon', 'Bad Icon'), icon: 'javascript:alert(1)' }, stubProvider())
    expect(latest().map((w) => [w.connector.id, w.connector.name])).toEqual([['io.badicon', 'Bad Icon']])
  })

  it('removes control characters from names; markup stays literal text', () => {
    const { latest } = watch()
    page.announce(
      { ...walletInfo('io.evil'), name: '  <img src=x onerror=alert(1)>Evil\u0000\u0007\n\u001b[31m Wallet\u007f\u0085 ' },
      stubProvider(),
    )
    const name = latest()[0]!.connector.name
    expect(name).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    expect(name).toBe('<img src=x onerror=alert(1)>Evil [31m Wallet')
  })

  it("a bidirectional override cannot make a name read as another wallet's", () => {
    const { latest } = watch()
    page.announce({ ...walletInfo('io.spoof'), name: '\u202eksaMateM' }, stubProvider())
    expect(latest()[0]!.connector.name).toBe('ksaMateM')
  })

  it.each([
    ['empty', ''],
    ['only zero-width characters', '\u200b\u200c\u200d\ufeff'],
    ['only control characters', '\u0000\n\t'],
    ['not a string', 42],
  ])('a name that is %s is listed under the generic name', (_what, name) => {
    const { latest } = watch()
    page.announce({ ...walletInfo('io.blank'), name: name as string }, stubProvider())
    expect(latest().map((w) => [w.connector.id, w.connector.name])).toEqual([['io.blank', 'Wallet']])
  })

  it('caps names at 64 characters, the cut marked with an ellipsis', () => {
    const { latest } = watch()
    page.announce({ ...walletInfo('io.long'), name: 'W'.repeat(500) }, stubProvider())
    expect(latest()[0]!.connector.name).toBe(`${'W'.repeat(63)}…`)
  })
})

describe('legacy window.ethereum', () => {
  const browserWallet = { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', namespace: 'eip155', installed: true }

  it('is shown as Browser Wallet when no wallet announces', () => {
    const legacy = stubProvider()
    page.window.ethereum = legacy
    const { latest } = watch()
    expect(latest()).toHaveLength(1)
    expect(latest()[0]!.connector).toEqual(browserWallet)
    expect(latest()[0]!.provider).toBe(legacy)
  })

  it('is hidden when it is the same object as an announced provider', () => {
    const provider = stubProvider()
    page.window.ethereum = provider
    page.install(walletInfo('io.metamask', 'MetaMask'), provider)
    const { ids } = watch()
    expect(ids()).toEqual(['io.metamask'])
  })

  it('is hidden once the wallet behind it announces later', () => {
    const provider = stubProvider()
    page.window.ethereum = provider
    const { ids } = watch()
    expect(ids()).toEqual(['injected'])
    page.announce(walletInfo('io.late'), provider)
    expect(ids()).toEqual(['io.late'])
  })

  it('is shown next to announced wallets when it is another object', () => {
    page.window.ethereum = stubProvider()
    page.install(walletInfo('io.metamask'), stubProvider())
    const { ids } = watch()
    expect(ids()).toEqual(['io.metamask', 'injected'])
  })

  it('is ignored when it has no request function', () => {
    page.window.ethereum = { isMetaMask: true }
    const { latest } = watch()
    expect(latest()).toEqual([])
  })

  it('is the only wallet found when EIP-6963 is disabled', () => {
    const requests = vi.fn()
    page.window.addEventListener('eip6963:requestProvider', requests)
    page.window.ethereum = stubProvider()
    page.install(walletInfo('io.metamask'), stubProvider())
    const { ids } = watch(false)
    page.announce(walletInfo('io.later'), stubProvider())
    expect(ids()).toEqual(['injected'])
    expect(requests).not.toHaveBeenCalled()
  })
})

describe('stopping discovery', () => {
  it('removes the announcement listener', () => {
    const { onChange, stop, ids } = watch()
    page.announce(walletInfo('io.before'), stubProvider())
    stop()
    const calls = onChange.mock.calls.length
    page.announce(walletInfo('io.after'), stubProvider())
    expect(onChange.mock.calls.length).toBe(calls)
    expect(ids()).toEqual(['io.before'])
  })

  it('reports an empty list outside a browser', () => {
    page.restore()
    const onChange = vi.fn()
    const stop = watchEip1193Wallets({ eip6963: true, onChange })
    expect(onChange).toHaveBeenCalledWith([])
    expect(stop).not.toThrow()
    page = openPage()
  })
})

describe('discovery through the kernel', () => {
  const connectorIds = (modal: ReturnType<typeof createKernel>) =>
    kernelOf(modal)
      .chains.$connectors.get()
      .map((c) => c.id)

  it('lists announced and legacy wallets once discovery starts', () => {
    page.window.ethereum = stubProvider()
    page.install(walletInfo('io.metamask'), stubProvider())
    const modal = createKernel({ projectId: 'p', storage: null, plugins: [eip155({ networks: [local] })] })
    stops.push(() => modal.destroy())
    expect(connectorIds(modal)).toEqual([])
    kernelOf(modal).chains.startDiscovery()
    expect(connectorIds(modal)).toEqual(['io.metamask', 'injected'])
  })

  it('passes enableEIP6963: false to the eip155 plugin', () => {
    page.window.ethereum = stubProvider()
    page.install(walletInfo('io.metamask'), stubProvider())
    const modal = createKernel({ projectId: 'p', storage: null, enableEIP6963: false, plugins: [eip155({ networks: [local] })] })
    stops.push(() => modal.destroy())
    kernelOf(modal).chains.startDiscovery()
    expect(connectorIds(modal)).toEqual(['injected'])
  })

  it("enableEIP6963 is the eip155 plugin's option: a boolean, default on, and named with its plugin when missing", () => {
    const resolved = (options: object) =>
      createKernel({ projectId: 'p', storage: null, ...options, plugins: [eip155({ networks: [local] })] })
    const on = resolved({})
    stops.push(() => on.destroy())
    expect((kernelOf(on).options as { enableEIP6963?: boolean }).enableEIP6963).toBe(true)
    expect(() => resolved({ enableEIP6963: 'yes' })).toThrow('`enableEIP6963` (eip155) must be a boolean')
    expect(() => createKernel({ projectId: 'p', storage: null, enableEIP6963: false })).toThrow(
      '`enableEIP6963` needs eip155() from vestibule/chains/eip155',
    )
  })

  it('stops listening when the modal is destroyed', () => {
    const modal = createKernel({ projectId: 'p', storage: null, plugins: [eip155({ networks: [local] })] })
    kernelOf(modal).chains.startDiscovery()
    modal.destroy()
    page.announce(walletInfo('io.after'), stubProvider())
    expect(connectorIds(modal)).toEqual([])
  })
})
