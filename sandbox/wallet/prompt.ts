/**
 * The Sandbox Wallet's approval prompt. It opens as its own modal <dialog> after the host's modal, so it sits
 * above it in the top layer, the way an extension popup sits above a page.
 */
const css = `
dialog { border: 0; border-radius: 14px; padding: 0; width: 320px; font: 14px system-ui, sans-serif;
  background: #fff7e6; color: #1d1d1f; box-shadow: 0 18px 50px rgba(0,0,0,.45); }
dialog::backdrop { background: rgba(0,0,0,.25); }
header { background: #f5a623; color: #1d1d1f; padding: 10px 14px; font-weight: 700; }
.body p { overflow-wrap: anywhere; margin: 0; }
.body { padding: 14px; display: grid; gap: 10px; }
pre { white-space: pre-wrap; word-break: break-all; background: #fff; border: 1px solid #eadbb8; border-radius: 8px;
  padding: 8px; margin: 0; max-height: 160px; overflow: auto; font-size: 12px; }
.row { display: flex; gap: 8px; justify-content: flex-end; }
button { font: inherit; border-radius: 999px; padding: 8px 14px; border: 0; cursor: pointer; font-weight: 600; }
.approve { background: #1d1d1f; color: #fff; }
.reject { background: #eadbb8; color: #1d1d1f; }
`

interface PromptRequest {
  title: string
  detail?: string
  wallet: string
  resolve: (approved: boolean) => void
}

const queue: PromptRequest[] = []
let showing = false

function showNext() {
  const next = queue.shift()
  if (!next) {
    showing = false
    return
  }
  showing = true
  const host = document.createElement('div')
  host.setAttribute('data-sandbox-wallet', '')
  const shadow = host.attachShadow({ mode: 'open' })
  // Built element by element with a constructed style sheet: it works on a page whose policy forbids inline
  // styles and HTML strings (the sandbox's /csp page), as an extension's own UI does.
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  shadow.adoptedStyleSheets = [sheet]
  const element = <K extends keyof HTMLElementTagNameMap>(
    tag: K,
    attributes: Record<string, string> = {},
    ...children: (Node | string)[]
  ) => {
    const node = document.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
    node.append(...children)
    return node
  }
  // Headed by the wallet that asks: each family's sandbox wallet has its own name.
  const header = element('header', { id: 't' }, next.wallet)
  const pre = element('pre', {}, next.detail ?? '')
  pre.hidden = !next.detail
  const reject = element('button', { class: 'reject', 'data-testid': 'sandbox-wallet-reject' }, 'Reject')
  const approve = element('button', { class: 'approve', 'data-testid': 'sandbox-wallet-approve' }, 'Approve')
  const body = element(
    'div',
    { class: 'body' },
    element('p', { class: 'title' }, next.title),
    pre,
    element('div', { class: 'row' }, reject, approve),
  )
  const dialog = element('dialog', { 'data-testid': 'sandbox-wallet-prompt', 'aria-labelledby': 't' }, header, body)
  shadow.append(dialog)
  document.body.append(host)
  const finish = (approved: boolean) => {
    dialog.close()
    host.remove()
    next.resolve(approved)
    showNext()
  }
  approve.addEventListener('click', () => finish(true))
  reject.addEventListener('click', () => finish(false))
  dialog.addEventListener('cancel', (e) => {
    e.preventDefault()
    finish(false)
  })
  dialog.showModal()
}

/** Asks the person at the screen; resolves true on Approve. Requests queue one at a time. */
export function askUser(title: string, detail?: string, wallet = 'Sandbox Wallet'): Promise<boolean> {
  return new Promise((resolve) => {
    queue.push({ title, detail, wallet, resolve })
    if (!showing) showNext()
  })
}
