/**
 * The modal's styles in its shadow root (or a document): constructed style sheets (`adoptedStyleSheets`) where the
 * browser has them, which a page's Content Security Policy does not restrict (no `style-src` nonce or
 * 'unsafe-inline' needed); elsewhere a `<style>` element carrying the host's `cspNonce`.
 */
const constructed = new Map<string, CSSStyleSheet>()
const nonces = new WeakMap<Node, string>()

/** The nonce `<style>` elements added to `root` carry (the host's `cspNonce`). */
export function setStyleNonce(root: ShadowRoot | Document, nonce: string | undefined) {
  if (nonce) nonces.set(root, nonce)
}

/** A shared constructed sheet of `css`, or undefined where the browser cannot construct one. */
function sheetOf(css: string): CSSStyleSheet | undefined {
  const known = constructed.get(css)
  if (known) return known
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    constructed.set(css, sheet)
    return sheet
  } catch {
    return undefined
  }
}

/** Adds `css` to `root`, after the styles it has. */
export function addStyleSheet(root: ShadowRoot | Document, css: string): void {
  const sheet = 'adoptedStyleSheets' in root ? sheetOf(css) : undefined
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return
  }
  const style = document.createElement('style')
  const nonce = nonces.get(root)
  if (nonce) style.nonce = nonce
  style.textContent = css
  ;(root instanceof Document ? root.head : root).append(style)
}
