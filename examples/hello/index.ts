// A third-party feature plugin, written only against the package's public entries.
import { createToken, definePlugin, type Plugin } from 'vestibule'

/** A service this plugin provides; any other plugin resolves it by the token, not by plugin name. */
export interface GreetingService {
  greet(name: string): string
}
export const Greeting = createToken<GreetingService>('hello.greeting')

/** What `modal.getPlugin('hello')` returns. */
export interface HelloApi {
  readonly count: number
  greet(): string
}

declare module 'vestibule' {
  interface PluginApis {
    hello: HelloApi
  }
  interface VestibuleEvents {
    'hello:greeted': { count: number }
  }
  /** The view this plugin adds; its views and tab check the ids they open (`CheckedViews`). */
  interface ViewIds {
    Hello: undefined
  }
  interface CheckedViews {
    hello: true
  }
  interface ModalOptions {
    /** The greeting's first word. */
    helloText?: string
  }
}

/**
 * Adds a Hello view, an account tab, a wallet feature entry and a greeting service.
 *
 * @example createModal({ projectId, helloText: 'Hi', plugins: [eip155({ networks }), hello()] })
 */
export function hello(): Plugin<HelloApi> {
  // definePlugin: `ctx.options.helloText` is a string here, its declared default filling in for the host.
  return definePlugin({
    name: 'hello',
    options: {
      helloText: { check: (v) => (typeof v === 'string' && v.trim() ? undefined : 'must be a non-empty string'), default: 'Hello' },
    },
    setup(ctx) {
      ctx.i18n.add({
        'hello.title': 'Hello',
        'hello.tab': 'Hello',
        'hello.feature': 'Greet',
        'hello.text': '{greeting}, {name}',
        'hello.note': 'Note',
      })
      const slice = ctx.slice({ count: 0 })
      const text = (name: string) => ctx.i18n.t('hello.text', { greeting: ctx.options.helloText, name })
      ctx.services.provide(Greeting, { greet: text })
      ctx.views.register('Hello', { title: 'hello.title', load: () => import('./HelloView.js') })
      ctx.slots.add('account.tabs', { id: 'hello', label: 'hello.tab', order: 10, load: () => import('./HelloView.js') })
      ctx.slots.add('account.features', { id: 'hello', label: 'hello.feature', view: 'Hello' })
      return {
        get count() {
          return slice.get().count
        },
        greet() {
          slice.setKey('count', slice.get().count + 1)
          ctx.events.emit('hello:greeted', { count: slice.get().count })
          return text(ctx.connection.account()?.address ?? 'stranger')
        },
      }
    },
  })
}
