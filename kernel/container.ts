// tsyringe reads decorator metadata through the Reflect API; the polyfill must be loaded before it. The lite
// build skips the Map/Set/WeakMap shims every supported browser has.
import 'reflect-metadata/lite'
import { container as rootContainer, type DependencyContainer } from 'tsyringe'

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
  const child = rootContainer.createChildContainer()
  for (const [name, value] of Object.entries(services)) {
    child.register(Tokens[name as keyof typeof Tokens], { useValue: value })
  }
  return child
}
