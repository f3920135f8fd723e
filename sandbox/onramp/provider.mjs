// The sandbox's on-ramp provider: a checkout page on its own loopback origin, where the modal sends a buyer. It
// shows the parameters it received and, on "Pay", credits the destination on the local chain with what the quote
// promised: ETH from one of anvil's unlocked development accounts on eip155, an airdrop on the Solana sandbox.
// Each credit is recorded (`record`), which the blockchain API's on-ramp history lists.
// Two entry pages: /buy/select-asset (the URL generator's, parameters as Coinbase names them) and /widget (a
// second provider's, parameters in its own words).
import { createServer } from 'node:http'
import { rpc } from '../net.mjs'
import { priceOf } from '../provider-api/onramp.mjs'

/** anvil's last development account (unlocked): the provider's hot wallet on every local EVM chain. */
export const PROVIDER_ACCOUNT = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The purchase a page's query describes, in one shape for both providers; `problem` when it is incomplete. */
export function purchaseOf(path, query) {
  if (path === '/buy/select-asset') {
    let wallets
    try {
      wallets = JSON.parse(query.destinationWallets ?? '')
    } catch {
      wallets = undefined
    }
    const wallet = Array.isArray(wallets) ? wallets[0] : undefined
    return {
      address: wallet?.address,
      chainId: query.defaultNetwork,
      amount: query.presetFiatAmount,
      currency: query.fiatCurrency,
      method: query.defaultPaymentMethod,
    }
  }
  if (path === '/widget')
    return {
      address: query.walletAddress,
      chainId: query.network,
      amount: query.sourceAmount,
      currency: query.sourceCurrencyCode,
      method: query.paymentMethod,
    }
  return undefined
}

/** How the page names a payment method, whichever provider's spelling (`card`, `ACH_BANK_ACCOUNT` …) it came in. */
const METHODS = { card: 'card', ach_bank_account: 'bank transfer', apple_pay: 'Apple Pay', google_pay: 'Google Pay' }
export const methodName = (method) =>
  typeof method === 'string' && method ? (METHODS[method.toLowerCase()] ?? method) : 'a method to choose'

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;word-break:break-all}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

function checkout(path, query, rpcUrls) {
  const purchase = purchaseOf(path, query)
  const rows = Object.entries(query)
    .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td data-testid="param-${escapeHtml(k)}">${escapeHtml(v)}</td></tr>`)
    .join('')
  const priced = purchase && priceOf({ amount: purchase.amount, currency: purchase.currency, chainId: purchase.chainId ?? '' })
  const payable = priced && typeof purchase.address === 'string' && rpcUrls[purchase.chainId]
  const hidden = Object.entries(query)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('')
  const action = payable
    ? `<p data-testid="summary">Pay ${escapeHtml(purchase.amount)} ${escapeHtml(purchase.currency)} by ${escapeHtml(methodName(purchase.method))} for ${escapeHtml(priced.purchase)} ${escapeHtml(priced.asset.symbol)} to ${escapeHtml(purchase.address)} on ${escapeHtml(purchase.chainId)}</p>
<form method="post" action="/pay?from=${encodeURIComponent(path)}">${hidden}<button type="submit" data-testid="pay">Pay</button></form>`
    : `<p data-testid="unpayable">This purchase cannot be paid here: it needs a destination, a local network, a currency and an amount that covers the fees.</p>`
  return page('Sandbox on-ramp', `<p>The parameters this page received:</p><table data-testid="params">${rows}</table>${action}`)
}

async function credit({ address, chainId }, priced, rpcUrls, solana) {
  if (chainId.startsWith('solana:')) {
    if (!solana) throw new Error('The Solana sandbox is not running')
    return { hash: await solana.fund(address, priced.base), from: 'faucet' }
  }
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error(`Not an EVM address: ${address}`)
  const hash = await rpc(rpcUrls[chainId], 'eth_sendTransaction', [
    { from: PROVIDER_ACCOUNT, to: address, value: `0x${priced.base.toString(16)}` },
  ])
  for (let tries = 0; tries < 200; tries++) {
    const receipt = await rpc(rpcUrls[chainId], 'eth_getTransactionReceipt', [hash])
    if (receipt) return { hash, from: PROVIDER_ACCOUNT.toLowerCase() }
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`The credit ${hash} was not mined`)
}

/**
 * Starts the provider page on 127.0.0.1:`port` (0 picks one). `rpcUrls`: CAIP-2 id → JSON-RPC URL of the local
 * EVM and Solana nodes; `solana`: the Solana sandbox chain (its `fund`), if running; `record(purchase)` keeps a credit.
 */
export async function startOnrampProvider({ port = 0, rpcUrls = {}, solana, record }) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(body)
    }
    const query = Object.fromEntries(url.searchParams)
    if (req.method === 'GET' && (url.pathname === '/buy/select-asset' || url.pathname === '/widget'))
      return send(200, checkout(url.pathname, query, rpcUrls))
    if (req.method === 'POST' && url.pathname === '/pay') {
      const chunks = []
      for await (const chunk of req) chunks.push(chunk)
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
      const purchase = purchaseOf(query.from, form)
      const priced = purchase && priceOf({ amount: purchase.amount, currency: purchase.currency, chainId: purchase.chainId ?? '' })
      if (!priced || typeof purchase.address !== 'string' || !rpcUrls[purchase.chainId])
        return send(400, page('Not paid', '<p data-testid="error">This purchase cannot be paid.</p>'))
      try {
        const { hash, from } = await credit(purchase, priced, rpcUrls, solana)
        record({
          chainId: purchase.chainId,
          owner: purchase.address,
          hash,
          from,
          amount: priced.purchase,
          asset: priced.asset,
          status: 'ONRAMP_TRANSACTION_STATUS_SUCCESS',
          minedAt: new Date().toISOString(),
        })
        return send(
          200,
          page(
            'Paid',
            `<p data-testid="paid">Credited ${escapeHtml(priced.purchase)} ${escapeHtml(priced.asset.symbol)} to ${escapeHtml(purchase.address)} on ${escapeHtml(purchase.chainId)}.</p><p data-testid="credit-hash">${escapeHtml(hash)}</p><p>You can close this tab.</p>`,
          ),
        )
      } catch (error) {
        return send(502, page('Not paid', `<p data-testid="error">${escapeHtml(error.message)}</p>`))
      }
    }
    send(404, page('Not found', '<p>Nothing here.</p>'))
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      }),
  }
}
