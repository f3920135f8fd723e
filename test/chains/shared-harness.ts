/**
 * Pieces every chain's Node test harness needs (test/chains/<namespace>/harness.ts): a localStorage stand-in,
 * a swapped-in `globalThis.window`, and headless modals destroyed after each test.
 */
import { createKernel, type Modal, type ModalOptions } from '../../kernel/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'

/** A Web Storage backend kept across "reloads" (what localStorage is to a page); `map` lets a test look inside. */
export function mapStorage() {
  const map = new Map<string, string>()
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

/**
 * Makes `window` the page's `globalThis.window` (what wallet discovery reads) and returns the function that
 * puts the previous one back, or removes it when there was none (Node has no window of its own).
 */
export function installWindow(window: object): () => void {
  const had = Object.prototype.hasOwnProperty.call(globalThis, 'window')
  const previous = (globalThis as { window?: unknown }).window
  ;(globalThis as { window?: unknown }).window = window
  return () => {
    if (had) (globalThis as { window?: unknown }).window = previous
    else delete (globalThis as { window?: unknown }).window
  }
}

/** Headless modals with discovery started, as a page would have them; `destroyAll` in afterEach or on a "reload". */
export function modalPool() {
  const modals: Modal[] = []
  return {
    open(options: ModalOptions): Modal {
      const modal = createKernel(options)
      modals.push(modal)
      kernelOf(modal).chains.startDiscovery()
      return modal
    },
    destroyAll() {
      modals.splice(0).forEach((m) => m.destroy())
    },
  }
}
