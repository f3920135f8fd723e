/**
 * The sandbox's page for plugin authors (`/extensions`): the modal with the third-party example plugin, and a
 * plugin whose view and tab fail to render, to show that a failing plugin stays inside its own box. Runtime
 * theme buttons and the legal options (?legal adds the checkbox, ?collapse collapses the wallet list) are here too.
 */
import { Capabilities, createModal, type Plugin } from 'vestibule'
import { defineNetwork, eip155, localhost } from 'vestibule/chains/eip155'
import { hello } from '../../examples/hello/index.js'
import { send } from 'vestibule/plugins/send'
import { expose } from './expose.js'

const config = (window as unknown as { __SANDBOX__: { rpc: string; apiUrl: string } }).__SANDBOX__
const query = new URLSearchParams(location.search)
const localChain = defineNetwork({ ...localhost, rpcUrls: { default: { http: [config.rpc] } }, assets: { imageId: 'eip155-31337' } })

const failing = () =>
  Promise.resolve({
    default: () => {
      throw new Error('This plugin view failed on purpose')
    },
  })

/** A plugin whose view and account tab throw while rendering, and which adds a header action and a Connect footer entry. */
const faulty: Plugin = {
  name: 'faulty',
  setup(ctx) {
    ctx.views.register('Faulty', { title: 'Faulty', load: failing })
    // A title longer than the header has room for beside the action and the close button.
    ctx.views.register('LongTitle', {
      title: 'A title longer than the header leaves room for',
      load: () => Promise.resolve({ default: () => null }),
    })
    ctx.slots.add('account.features', { id: 'faulty', label: 'Faulty', icon: '!', view: 'Faulty' })
    ctx.slots.add('account.tabs', { id: 'faulty', label: 'Faulty', order: 20, load: failing })
    ctx.slots.add('header.actions', { id: 'hello', label: 'Say hello', icon: 'H', view: 'Hello' })
    ctx.slots.add('connect.footer', { id: 'faulty', label: 'Faulty', icon: '?', view: 'Faulty' })
  },
}

/**
 * A names plugin as a third party writes one: it offers the names capability (names ending in ".demo" stand for
 * local accounts), and the send plugin resolves receivers through it without either naming the other.
 */
const DEMO_NAMES: Record<string, string> = { 'receiver.demo': '0x90F79bf6EB2c4f870365E785982E1f101E93b906' }
const demoNames: Plugin = {
  name: 'demoNames',
  setup(ctx) {
    ctx.services.provide(Capabilities.Names, {
      isName: (text) => /^[a-z0-9-]+\.demo$/.test(text),
      async resolve(name) {
        if (name === 'broken.demo') throw new Error('The name service is down')
        return DEMO_NAMES[name]
      },
    })
  },
}

const modal = createModal({
  projectId: 'sandbox',
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.apiUrl,
  metadata: { name: 'Vestibule Extensions', url: location.origin },
  termsConditionsUrl: 'https://example.com/terms',
  privacyPolicyUrl: 'https://example.com/privacy',
  features: { legalCheckbox: query.has('legal'), collapseWallets: query.has('collapse') },
  // ?locale=es (or ar, right to left) picks the modal's language.
  ...(query.has('locale') ? { locale: query.get('locale')! } : {}),
  plugins: [eip155({ networks: [localChain] }), hello(), faulty, send(), demoNames],
})
expose(modal)

const button = (id: string, text: string, onClick: () => void) => {
  const element = document.createElement('button')
  element.type = 'button'
  element.dataset.testid = id
  element.textContent = text
  element.addEventListener('click', onClick)
  return element
}
const main = document.createElement('main')
const heading = document.createElement('h1')
heading.textContent = 'Vestibule Sandbox: plugins'
main.append(
  heading,
  button('open-modal', 'Connect wallet', () => void modal.open()),
  button('theme-light', 'Light theme', () => modal.setThemeMode('light')),
  button('theme-accent', 'Green accent', () => modal.setThemeVariables({ '--vb-color-accent': 'rgb(20, 160, 90)' })),
)
document.getElementById('root')!.append(main)
