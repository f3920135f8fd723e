// The container module of tsyringe, imported without the package entry (see container.ts).
declare module '#tsyringe-container' {
  import type { DependencyContainer } from 'tsyringe'
  export const instance: DependencyContainer
}
