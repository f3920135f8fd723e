/** A load run once: call it to start or share the load; `started()` is the load already started, if any. */
export interface LazyOnce<T> {
  (): Promise<T>
  /** The load under way or done (not one that failed), without starting one: undefined before the first call. */
  started(): Promise<T> | undefined
}

/**
 * `load`, run once: every call shares the first call's promise. A rejection is not kept (a chunk that failed to
 * load offline, a request that failed): the next call runs `load` again. `load` runs in the caller's task, and a
 * throw from it becomes a rejection.
 */
export function lazyOnce<T>(load: () => T | PromiseLike<T>): LazyOnce<T> {
  let pending: Promise<T> | undefined
  const once = () =>
    (pending ??= new Promise<T>((resolve) => resolve(load())).catch((error: unknown) => {
      pending = undefined
      throw error
    }))
  once.started = () => pending
  return once
}
