// The container module of tsyringe, imported without the package entry (see container.ts).
declare module 'tsyringe/dist/cjs/dependency-container.js' {
  import type { DependencyContainer } from 'tsyringe'
  export const instance: DependencyContainer
}
