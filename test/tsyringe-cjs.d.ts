// tsyringe's CommonJS container module, imported directly by the isolation test as the kernel's Node build does.
declare module 'tsyringe/dist/cjs/dependency-container.js' {
  import type { DependencyContainer } from 'tsyringe'
  export const instance: DependencyContainer
}
