/**
 * A page of its own for the example chain family: a local Tally node, the provider API, and the modal of
 * test/examples/tally-page.ts (Tally, Send, Receive, sign-in) with a Wallet Standard wallet holding a real ed25519
 * key, bundled from the sources and served on loopback.
 */
import { generateKeyPairSync } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import * as esbuild from 'esbuild'
import { root, vestibuleSource } from '../../sandbox/resolve.mjs'
import { startProviderApi } from '../../sandbox/provider-api/server.mjs'
import { startTallyNode, type TallyNode } from '../examples/tally-node.js'
import { createTallyWallet } from '../examples/tally-wallet.js'

export interface TallyPage {
  url: string
  node: TallyNode
  /** The wallet's account. */
  address: string
  stop(): Promise<void>
}

/** Serves `entry` (bundled from the sources, code-split) on loopback, with `config` as `window.__PAGE__`. */
export async function servePage(entry: string, config: unknown): Promise<{ url: string; stop(): Promise<void> }> {
  const built = await esbuild.build({
    entryPoints: { page: path.join(root, entry) },
    bundle: true,
    write: false,
    format: 'esm',
    outdir: '/',
    splitting: true,
    jsx: 'automatic',
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"development"', global: 'globalThis' },
    plugins: [vestibuleSource],
  })
  const files = new Map(built.outputFiles.map((f) => [f.path, f.contents]))
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page</title><link rel="icon" href="data:,"><script>window.__PAGE__ = ${JSON.stringify(config)}</script></head><body><script type="module" src="/page.js"></script></body></html>`
  const server = createServer((request, response) => {
    const file = files.get(new URL(request.url!, 'http://x').pathname)
    if (file) return response.writeHead(200, { 'content-type': 'text/javascript' }).end(file)
    response.writeHead(200, { 'content-type': 'text/html' }).end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

export async function startTallyPage(balance: bigint): Promise<TallyPage> {
  const privateKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JsonWebKey
  const address = (await createTallyWallet({ privateKey, chains: [] })).address
  const node = await startTallyNode({ chain: 'tally:local', balances: { [address]: balance } })
  const api = await startProviderApi({ port: 0, rpcUrls: {} })
  const page = await servePage('test/examples/tally-page.ts', { rpcUrl: node.url, apiUrl: api.url, privateKey })
  return {
    url: page.url,
    node,
    address,
    async stop() {
      await page.stop()
      await api.stop()
      await node.stop()
    },
  }
}
