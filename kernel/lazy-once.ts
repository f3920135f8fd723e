/**
 * `load`, run once: every call shares the first call's promise. A rejection is not kept (a chunk that failed to
 * load offline, a request that failed): the next call runs `load` again. `load` runs in the caller's task, and a
 * throw from it becomes a rejection.
 */
export function lazyOnce<T>(load: () => T | PromiseLike<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () =>
    (pending ??= new Promise<T>((resolve) => resolve(load())).catch((error: unknown) => {
      pending = undefined
      throw error
    }))
}
