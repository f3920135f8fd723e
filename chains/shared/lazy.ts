type Forwarded<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never

/**
 * Methods of a module that loads on first use: with `const lazy = lazyMethods(load)`, `connect: lazy('connect')`
 * is an async function that awaits `load()` (once: `load` caches its promise) and calls the loaded `connect`.
 * This keeps a chain adapter's eager part to discovery and address checks.
 */
export const lazyMethods =
  <T extends object>(load: () => Promise<T>) =>
  <K extends keyof T>(name: K): Forwarded<T[K]> =>
    (async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => unknown)(...args)) as Forwarded<T[K]>
