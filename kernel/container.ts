// tsyringe's package entry throws at load unless a Reflect metadata polyfill ran first, and no bundler
// guarantees that order once chunks are split (a CommonJS polyfill runs where it is first required, after the
// ES modules beside it). Nothing here reads decorator metadata: every service is registered and resolved by
// token. So the kernel imports the container module itself, which has no such check, and ships no polyfill.
// The CommonJS build is the one Node can load as well as every bundler.
import { instance as rootContainer } from 'tsyringe/dist/cjs/dependency-container.js'
import type { DependencyContainer } from 'tsyringe'

/** Injection tokens of the kernel's services, for `container.resolve(Tokens.Router)`. */
export const Tokens = {
  Options: Symbol.for('vestibule.options'),
  Router: Symbol.for('vestibule.router'),
  Events: Symbol.for('vestibule.events'),
  Storage: Symbol.for('vestibule.storage'),
  Http: Symbol.for('vestibule.http'),
  I18n: Symbol.for('vestibule.i18n'),
  State: Symbol.for('vestibule.state'),
  Chains: Symbol.for('vestibule.chains'),
  Views: Symbol.for('vestibule.views'),
  Slots: Symbol.for('vestibule.slots'),
  Platform: Symbol.for('vestibule.platform'),
  Connection: Symbol.for('vestibule.connection'),
} as const

/** A fresh child container for one modal; the global container is never written to. */
export function createModalContainer(services: Partial<Record<keyof typeof Tokens, unknown>>): DependencyContainer {
  const child = (rootContainer as DependencyContainer).createChildContainer()
  for (const [name, value] of Object.entries(services)) {
    child.register(Tokens[name as keyof typeof Tokens], { useValue: value })
  }
  return child
}
