/**
 * The one compiler helper the container's code calls (`__awaiter`, for its async disposal), so the built package
 * carries its own copy instead of importing the shared helper package: a host that also loads a CommonJS SDK
 * using that package would otherwise get all of it in the code it loads before the first click.
 */
export function __awaiter<T>(
  thisArg: unknown,
  args: unknown[] | undefined,
  _promise: unknown,
  body: (...a: unknown[]) => Generator<unknown, T, unknown>,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const steps = body.apply(thisArg, args ?? [])
    const step = (advance: () => IteratorResult<unknown, T>) => {
      let result: IteratorResult<unknown, T>
      try {
        result = advance()
      } catch (error) {
        return reject(error)
      }
      if (result.done) return resolve(result.value)
      Promise.resolve(result.value).then(
        (value) => step(() => steps.next(value)),
        (error: unknown) => step(() => steps.throw(error)),
      )
    }
    step(() => steps.next())
  })
}
