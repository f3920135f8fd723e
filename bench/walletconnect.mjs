/**
 * `node bench/walletconnect.mjs`: what the WalletConnect plugin costs a host (issue 4 budget: the bytes before a
 * WalletConnect path is taken are those of a host without the plugin's SDK; the SDK chunk loads on that click).
 * Builds the quick-start React host with and without `walletConnect()` (esbuild, minified, code-split), then in
 * headless Chromium on 127.0.0.1 (a loopback relay for the pairing) records the scripts loaded on page load,
 * on open, and on the click on "WalletConnect". Prints the numbers; exits 1 when the SDK loads before the click.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startRelay } from '../sandbox/walletconnect/relay.mjs'
import { launchChromium, serve } from './browser.mjs'
import { bundleHost } from './host-build.mjs'
import { eagerOutputs, entryOutput } from './metafile.mjs'
import { root } from './resolve-vestibule.mjs'

const OUT = join(root, 'bench/.out/walletconnect')
const SDK = /node_modules\/@walletconnect\//
const hosts = { without: 'bench/hosts/react-eip155.tsx', with: 'bench/hosts/react-walletconnect.tsx' }

const gzip = (file) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length

async function bundle(name, entry) {
  const outdir = join(OUT, name)
  // The WalletConnect SDKs' own test flag skips their Verify round trip (no internet here); bench page only.
  const metafile = await bundleHost(entry, outdir, `<script>window.process={env:{IS_VITEST:'true'}}</script>`)
  const eager = eagerOutputs(metafile, entryOutput(metafile, entry))
  const js = Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))
  const sum = (files, measure) => files.reduce((total, f) => total + measure(f), 0)
  const sdkChunks = js.filter((f) => Object.keys(metafile.outputs[f].inputs).some((i) => SDK.test(i)))
  return {
    outdir,
    eager: { files: eager.size, minified: sum([...eager], (f) => metafile.outputs[f].bytes), gzip: sum([...eager], gzip) },
    sdk: {
      chunks: sdkChunks.map((f) => f.split('/').pop()),
      minified: sum(sdkChunks, (f) => metafile.outputs[f].bytes),
      gzip: sum(sdkChunks, gzip),
      inEagerChunks: sdkChunks.some((f) => eager.has(f)),
    },
    pluginEagerMinified: sum([...eager], (f) =>
      Object.entries(metafile.outputs[f].inputs)
        .filter(([i]) => i.startsWith('plugins/walletconnect/'))
        .reduce((s, [, v]) => s + v.bytesInOutput, 0),
    ),
  }
}

/** Loads the host, opens the modal, then (when present) clicks WalletConnect: gzip bytes of scripts per phase. */
async function measure(context, dir, relayUrl, clickWalletConnect) {
  const server = await serve(dir)
  const page = await context.newPage()
  const loaded = []
  let phase = 'load'
  page.on('pageerror', (error) => errors.push(String(error)))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js')) loaded.push({ phase, file: url.pathname.slice(1) })
  })
  await page.goto(`http://127.0.0.1:${server.address().port}/?relay=${encodeURIComponent(relayUrl)}`, { waitUntil: 'load' })
  phase = 'open'
  await page.click('#connect')
  const shadow = (selector) => `div[data-vestibule] >> ${selector}`
  await page.locator(shadow('[data-testid="wallet-list"], [data-testid="wallet-list-empty"]')).first().waitFor()
  await page.waitForTimeout(500)
  let qrMs
  if (clickWalletConnect) {
    phase = 'click'
    const t0 = Date.now()
    await page.locator(shadow('[data-wallet-id="walletConnect"]')).click()
    await page
      .locator(shadow('[data-testid="wc-qr"]'))
      .waitFor({ timeout: 20_000 })
      .catch(async (error) => {
        console.error(
          errors,
          await page
            .locator(shadow('[data-testid="wc-pairing"]'))
            .innerText()
            .catch(() => ''),
        )
        throw error
      })
    qrMs = Date.now() - t0
  }
  await page.close()
  server.close()
  const bytes = (p) =>
    loaded.filter((l) => l.phase === p).reduce((total, l) => total + gzipSync(readFileSync(join(dir, l.file)), { level: 9 }).length, 0)
  const files = (p) => loaded.filter((l) => l.phase === p).map((l) => l.file)
  return {
    gzipOnLoad: bytes('load'),
    gzipOnOpen: bytes('open'),
    gzipOnClick: bytes('click'),
    filesOnClick: files('click'),
    filesBeforeClick: [...files('load'), ...files('open')],
    qrMs,
  }
}

const errors = []
const built = { without: await bundle('without', hosts.without), with: await bundle('with', hosts.with) }
const relay = await startRelay()
const browser = await launchChromium()
const { context, blocked } = browser
const runs = {
  without: await measure(context, built.without.outdir, relay.url, false),
  with: await measure(context, built.with.outdir, relay.url, true),
}
await browser.close()
await relay.stop()

const sdkFiles = new Set(built.with.sdk.chunks)
const sdkBeforeClick = runs.with.filesBeforeClick.some((f) => sdkFiles.has(f.split('/').pop()))
const sdkOnClick = runs.with.filesOnClick.some((f) => sdkFiles.has(f.split('/').pop()))
const result = {
  eagerBundle: {
    withoutPlugin: built.without.eager,
    withPlugin: built.with.eager,
    deltaGzip: built.with.eager.gzip - built.without.eager.gzip,
    pluginManifestMinified: built.with.pluginEagerMinified,
  },
  beforeWalletConnectPath: {
    withoutPlugin: {
      onLoad: runs.without.gzipOnLoad,
      onOpen: runs.without.gzipOnOpen,
      total: runs.without.gzipOnLoad + runs.without.gzipOnOpen,
    },
    withPlugin: { onLoad: runs.with.gzipOnLoad, onOpen: runs.with.gzipOnOpen, total: runs.with.gzipOnLoad + runs.with.gzipOnOpen },
  },
  onWalletConnectClick: { gzip: runs.with.gzipOnClick, files: runs.with.filesOnClick, qrShownMs: runs.with.qrMs },
  sdk: { ...built.with.sdk, loadedBeforeClick: sdkBeforeClick, loadedOnClick: sdkOnClick },
  blocked,
  errors,
}
console.log(JSON.stringify(result, null, 2))
const ok = !built.with.sdk.inEagerChunks && !sdkBeforeClick && sdkOnClick && blocked.length === 0 && errors.length === 0
console.log(
  ok ? '✓ the WalletConnect SDK loads only on the WalletConnect click' : '✗ the WalletConnect SDK loaded before the click (or not at all)',
)
process.exitCode = ok ? 0 : 1
