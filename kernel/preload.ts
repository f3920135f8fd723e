/**
 * When the code the first open needs is fetched ahead (`modal.preload()`: modules, wallet discovery and the
 * shell's off-page rehearsal of the first view; no plugin hook, no API call). The shell's entry schedules it in the
 * page:
 *
 * - `idle` (default): once the page has loaded and the main thread is idle; the intent signals below also count.
 * - `intent`: when the pointer enters, focus moves to, or a touch starts on an element marked with
 *   `data-vestibule-preload` (or anything inside one).
 * - `none`: only `modal.preload()` (a host that times it itself) or the first open.
 */
export type PreloadMode = 'idle' | 'intent' | 'none'

export const PRELOAD_MODES: readonly PreloadMode[] = ['idle', 'intent', 'none']

/** The attribute that marks a host's open button (or any element) as a preload trigger. */
export const PRELOAD_ATTRIBUTE = 'data-vestibule-preload'
