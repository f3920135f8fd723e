import { describe, expect, it } from 'vitest'
import { __awaiter } from '../../kernel/container-helpers.js'

// The compiler helper the container's async disposal calls: a generator body run as an async function.
describe('the container helper __awaiter', () => {
  it('runs the body with its this and arguments, awaiting each yielded value, and resolves with its result', async () => {
    const seen: unknown[] = []
    const self = { base: 10 }
    const result = __awaiter(self, [5], undefined, function* (this: typeof self, n: unknown) {
      const a = (yield Promise.resolve(1)) as number
      const b = (yield 2) as number
      seen.push(a, b)
      return this.base + (n as number) + a + b
    })
    expect(seen).toEqual([])
    await expect(result).resolves.toBe(18)
    expect(seen).toEqual([1, 2])
  })

  it('throws a rejection back into the body, and rejects with what the body throws', async () => {
    const caught = __awaiter(undefined, undefined, undefined, function* () {
      try {
        yield Promise.reject(new Error('disposal failed'))
        return 'not reached'
      } catch (error) {
        return `caught ${(error as Error).message}`
      }
    })
    await expect(caught).resolves.toBe('caught disposal failed')
    const thrown = __awaiter(undefined, [], undefined, function* () {
      yield 1
      throw new Error('boom')
    })
    await expect(thrown).rejects.toThrow('boom')
  })
})
