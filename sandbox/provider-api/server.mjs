// The sandbox's provider API on 127.0.0.1: the wallet catalog and image endpoints, the analytics config and the
// parts of the blockchain API the modal uses (supported chains, balances backed by the local anvil nodes).
// It records every request so tests can count them, and can be turned "down" (HTTP 500), "slow", or hostile: a
// catalog that claims far more wallets than its pages hold, or whose pages hold only malformed entries.
import { createServer } from 'node:http'
import * as balanceRoutes from './balance.mjs'
import * as historyRoutes from './history.mjs'
import * as gasRoutes from './gas.mjs'
import * as profileRoutes from './profile.mjs'
import * as onrampRoutes from './onramp.mjs'
import * as convertRoutes from './convert.mjs'
import * as sessionsRoutes from './sessions.mjs'
import { catalogWallets, imageSvg, queryWallets } from './catalog.mjs'
import { PRICES } from './chain-data.mjs'

/**
 * Blockchain API route modules: each exports `handle(request, api)` answering `{ status, body, type? }` for its
 * paths, or undefined. `api`: `{ url, rpcUrls, assets, gasPrices, extraBalances(chainId, owner), extraHistory(…) }`.
 */
const ROUTES = [balanceRoutes, historyRoutes, gasRoutes, profileRoutes, onrampRoutes, convertRoutes, sessionsRoutes]

/** Entries no client can use: wrong types, missing ids and names. */
const MALFORMED = [
  null,
  7,
  'wallet',
  [],
  { id: 42, name: 'Numeric Id' },
  { id: 'no-name' },
  { name: 'No Id' },
  { id: 'x y', name: ['list'] },
]

/** A catalog answer as a hostile or broken API would give it (see `setCatalog`). */
function hostileCatalog(mode, answer, query) {
  if (mode === 'inflated') return { ...answer, count: 1_000_000 }
  if (mode === 'malformed') {
    const entries = Math.min(500, Math.max(1, Number.parseInt(query.entries, 10) || 40))
    return { count: 1_000_000, data: Array.from({ length: entries }, (_, i) => MALFORMED[i % MALFORMED.length]) }
  }
  return answer
}

/**
 * Starts the provider API.
 *
 * @param {object} options
 * @param {number} [options.port] 0 picks a free one
 * @param {Record<string, string>} options.rpcUrls CAIP-2 network id → JSON-RPC URL of the local node
 * @param {object[]} [options.extraWallets] catalog entries appended after the generated ones
 */
export async function startProviderApi({ port = 0, rpcUrls = {}, extraWallets = [] } = {}) {
  const requests = []
  const state = { mode: 'ok', delayMs: 0, images: 'ok', blockchain: 'ok', catalog: 'ok' }
  /** The demo assets on the local chains (set once deployed): `{ tokens: [{ chainId, address, name, symbol, decimals, kind }], nfts: [...] }`. */
  const assets = { tokens: [], nfts: [] }
  /** Balance rows added by tests (`addBalances`), per `${chainId} ${owner}` lowercased. */
  const extra = new Map()
  /** History rows added by tests (`addHistory`), newest first, per `${chainId} ${owner}` lowercased. */
  const extraHistory = new Map()
  const api = {
    url: '',
    rpcUrls,
    assets,
    /** Gas price answers pinned by tests (`setGasPrice`), per chain id. */
    gasPrices: new Map(),
    extraBalances: (chainId, owner) => extra.get(`${chainId} ${owner}`.toLowerCase()) ?? [],
    extraHistory: (chainId, owner) => extraHistory.get(`${chainId} ${owner}`.toLowerCase()) ?? [],
    /** On-ramp: the provider page's address, the purchases it credited, answers pinned by tests per route. */
    onramp: { pageUrl: '', purchases: [], answers: new Map() },
    /** The swap market (convert.mjs): `setMarket`, `addTokens`, `hold(match)`. */
    convert: convertRoutes.createConvertState(),
    /** Smart sessions per account (sessions.mjs): `add`, `list`, `pin(route, answer)`. */
    sessions: sessionsRoutes.createSessionsState(),
  }
  const wallets = () => catalogWallets(extraWallets)
  /**
   * Token symbols the API hands image addresses out for (fixture prices, the deployed assets, the swap market, rows
   * tests added): the ids `GET /public/getTokenImage/{id}` knows.
   */
  const tokenIds = () =>
    new Set([
      ...Object.keys(PRICES),
      'WETH',
      ...assets.tokens.map((t) => t.symbol),
      ...[...api.convert.markets.values()].flatMap((m) => m.tokens.map((t) => t.symbol)),
      ...api.convert.extraTokens.map((t) => t?.symbol),
      ...[...extra.values()].flat().map((row) => row?.symbol),
      ...[...extraHistory.values()]
        .flat()
        .flatMap((row) => (Array.isArray(row?.transfers) ? row.transfers.map((t) => t?.fungible_info?.symbol) : [])),
    ])
  /** Whether an image route knows `id`: currencies and tokens only those the API names; wallets and assets any. */
  const knownImage = (route, id) =>
    route === 'public/getCurrencyImage'
      ? onrampRoutes.currencyIds(api).has(id)
      : route === 'public/getTokenImage'
        ? tokenIds().has(id)
        : true
  const imageNames = () =>
    new Map(
      wallets()
        .filter((w) => w && typeof w.image_id === 'string')
        .map((w) => [w.image_id, typeof w.name === 'string' ? w.name : w.image_id]),
    )

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const query = Object.fromEntries(url.searchParams)
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type', 'cache-control': 'no-store' }
    const send = (status, body, type = 'application/json') => {
      res.writeHead(status, { ...cors, 'content-type': type })
      res.end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { ...cors, 'access-control-allow-methods': 'GET, POST' })
      return res.end()
    }
    let body
    if (req.method === 'POST') {
      const chunks = []
      for await (const chunk of req) chunks.push(chunk)
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')
      } catch {
        body = undefined
      }
    }
    requests.push({ method: req.method, path, query, body, headers: req.headers, at: Date.now() })
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs))
    if (state.mode === 'down' && !path.startsWith('/v1/')) return send(500, { message: 'The sandbox provider API is down (test mode)' })
    if (state.blockchain === 'down' && path.startsWith('/v1/'))
      return send(500, { message: 'The sandbox blockchain API is down (test mode)' })

    try {
      if (req.method === 'GET' && path === '/getWallets')
        return send(200, hostileCatalog(state.catalog, queryWallets(wallets(), query), query))
      const collectible = req.method === 'GET' ? historyRoutes.nftImage(path) : undefined
      if (collectible) return send(collectible.status, collectible.body, collectible.type)
      const image = /^\/(getWalletImage|public\/getAssetImage|public\/getCurrencyImage|public\/getTokenImage)\/(.+)$/.exec(path)
      if (req.method === 'GET' && image) {
        // 'hang' never answers (an image host that does not respond); the connection closes with the server.
        if (state.images === 'hang') return
        const id = decodeURIComponent(image[2])
        if (!knownImage(image[1], id)) return send(404, { message: `No image for ${id}` })
        // A wallet image shows the wallet's initials; an asset image the initials of its id's words
        // ("vestibule-custom-wallet" shows VC), or the last two digits of a chain id ("eip155-31337" shows 37,
        // "eip155-31338" 38: networks apart at a glance).
        const tail = id.split(/[-_:]/).pop() ?? id
        return send(200, imageSvg(id, imageNames().get(id) ?? (/^\d{3,}$/.test(tail) ? tail.slice(-2) : id)), 'image/svg+xml')
      }
      if (req.method === 'GET' && path === '/getAnalyticsConfig') return send(200, { isAnalyticsEnabled: false })
      if (req.method === 'POST' && path === '/e') return send(204, '')
      if (req.method === 'GET' && path === '/v1/supported-chains') return send(200, { http: Object.keys(rpcUrls), ws: [] })
      for (const routes of ROUTES) {
        const answer = await routes.handle({ method: req.method, path, query, body }, api)
        if (answer) return send(answer.status, answer.body, answer.type)
      }
      send(404, { message: `No such endpoint: ${req.method} ${path}` })
    } catch (error) {
      send(502, { message: error instanceof Error ? error.message : String(error) })
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const base = `http://127.0.0.1:${server.address().port}`
  api.url = base
  return {
    url: base,
    /** CAIP-2 network id → JSON-RPC URL of the local node the API reads. */
    rpcUrls,
    /** The swap market the convert endpoints answer from: `setMarket(market)`, `addTokens(rows)`, `hold(match)`. */
    convert: api.convert,
    /** The smart sessions the API keeps: `add(address, session)`, `list(address)`, `pin('list' | 'revoke', answer)`. */
    sessions: api.sessions,
    /** Every request received (OPTIONS preflights excluded), oldest first. */
    requests,
    /** `/getWallets` requests, optionally only those whose query matches `where`. */
    catalogRequests(where = {}) {
      return requests.filter((r) => r.path === '/getWallets' && Object.entries(where).every(([k, v]) => r.query[k] === v))
    },
    /** 'ok' answers; 'down' answers 500 on every catalog, image and analytics call. */
    setMode(mode) {
      state.mode = mode
    },
    /** 'down' answers 500 on every blockchain API call (`/v1/…`), 'ok' serves them again. */
    setBlockchain(mode) {
      state.blockchain = mode
    },
    /** The demo assets the blockchain API reports on (tokens with their `chainId`, collectibles). */
    setAssets(next) {
      assets.tokens = next.tokens ?? []
      assets.nfts = next.nfts ?? []
    },
    /** Adds raw balance rows the API returns for `owner` on `chainId` (hostile or odd rows in tests). */
    addBalances(chainId, owner, rows) {
      const key = `${chainId} ${owner}`.toLowerCase()
      extra.set(key, [...(extra.get(key) ?? []), ...rows])
    },
    /** Pins the gas-price answer for `chainId` (any body, hostile ones too); `undefined` reads the node again. */
    setGasPrice(chainId, body) {
      if (body === undefined) api.gasPrices.delete(chainId)
      else api.gasPrices.set(chainId, body)
    },
    /** History page size (20 by default; the bench asks for long pages). */
    setHistoryPageSize(size) {
      api.historyPageSize = size
    },
    /** Adds raw history rows (newest first) the API returns for `owner` on `chainId`, before the indexed ones. */
    addHistory(chainId, owner, rows) {
      const key = `${chainId} ${owner}`.toLowerCase()
      extraHistory.set(key, [...rows, ...(extraHistory.get(key) ?? [])])
    },
    /** The name registry behind the identity and profile endpoints, and raw answers pinned per path (profile.mjs). */
    names: profileRoutes.namesHandle(api),
    /** Where the on-ramp URL generator sends buyers (the sandbox's provider page). */
    setOnrampPage(url) {
      api.onramp.pageUrl = url
    },
    /** Records a purchase the provider credited: `{ chainId, owner, hash, from, amount, asset, status, minedAt }`. */
    addOnrampPurchase(purchase) {
      api.onramp.purchases.push(purchase)
    },
    /** Pins the answer (`{ status, body }`) of an on-ramp route ('options', 'quote', 'url'); `undefined` unpins. */
    setOnrampAnswer(route, answer) {
      if (answer === undefined) api.onramp.answers.delete(route)
      else api.onramp.answers.set(route, answer)
    },
    /** 'hang': image requests never answer. */
    setImages(mode) {
      state.images = mode
    },
    /**
     * 'ok' answers the catalog as it is; 'inflated' reports a count of a million while the pages hold the real
     * wallets (and are empty past them); 'malformed' reports a million and fills every page with malformed entries.
     */
    setCatalog(mode) {
      state.catalog = mode
    },
    /**
     * What the API serves from, as JSON: the nodes, the assets, the swap markets and the on-ramp page. A second API
     * started with it (`restore`) answers the same (the API in its own process, spawn.mjs).
     */
    snapshot() {
      return {
        rpcUrls,
        assets: { tokens: assets.tokens, nfts: assets.nfts },
        markets: [...api.convert.markets.values()],
        onrampPage: api.onramp.pageUrl,
      }
    },
    /** Serves from a `snapshot()` of another API. */
    restore(snapshot) {
      Object.assign(rpcUrls, snapshot.rpcUrls)
      assets.tokens = snapshot.assets.tokens
      assets.nfts = snapshot.assets.nfts
      for (const market of snapshot.markets) api.convert.setMarket(market)
      api.onramp.pageUrl = snapshot.onrampPage
    },
    /** Delays every answer by `ms` (a slow API). */
    setDelay(ms) {
      state.delayMs = ms
    },
    reset() {
      requests.length = 0
      state.mode = 'ok'
      state.delayMs = 0
      state.images = 'ok'
      state.blockchain = 'ok'
      extra.clear()
      extraHistory.clear()
      api.gasPrices.clear()
      api.historyPageSize = undefined
      api.onramp.answers.clear()
      api.convert.reset()
      state.catalog = 'ok'
      profileRoutes.resetNames(api)
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(resolve)
        server.closeAllConnections()
      }),
  }
}
