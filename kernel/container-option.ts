import { VestibuleError } from './errors.js'
import type { ModalOptions } from './options.js'

/**
 * The element `container` names: the element itself, or what the selector matches in `doc` (the page's document
 * by default), else `undefined` for the default (`document.body`). Called on open, never at createModal.
 *
 * @throws VestibuleError INVALID_OPTIONS when the selector is invalid or matches nothing.
 */
export function resolveContainer(
  container: ModalOptions['container'],
  doc: Pick<Document, 'querySelector'> = document,
): Element | undefined {
  if (container === undefined || typeof container !== 'string') return container
  let element: Element | null
  try {
    element = doc.querySelector(container)
  } catch (error) {
    throw new VestibuleError('INVALID_OPTIONS', `\`container\`: "${container}" is not a valid CSS selector`, error)
  }
  if (!element) throw new VestibuleError('INVALID_OPTIONS', `\`container\`: no element matches "${container}"`)
  return element
}
