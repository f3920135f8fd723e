/**
 * What the preload does in a real page before the first open (Chromium, host built from the sources): it rehearses
 * the first view (rendered, never committed: no effect, no image request, nothing in the document), lays out a
 * hidden sample of the shell's text (added and removed in one task), and lets wallets announce themselves. Then
 * the first open renders the same view for real. Without a preload, the first open lays out the text's faces while
 * the shell's code downloads.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serve } from '../../../bench/browser.mjs'
import { hostFromSource } from '../../../bench/host-build.mjs'
import type { Page } from 'playwright-core'
import { launchBrowser, type TestBrowser } from '../../e2e/browser.js'
import { FONT_SIZE, TEXT_FACES } from '../../../ui/warm-text.js'

// A connect method that records its renders and effects and shows an image; another that always throws.
const host = `
import { createElement, useEffect } from 'react'
import { createModal } from 'vestibule'
import { eip155, mainnet } from 'vestibule/chains/eip155'
const log = (window.__log = [])
function Probe() {
  log.push(document.querySelector('[data-vestibule]') ? 'render (mounted)' : 'render')
  useEffect(() => void log.push('effect'), [])
  return createElement('img', { src: '/probe.png', alt: 'probe' })
}
function Broken() {
  throw new Error('broken method')
}
// ?slow: a method that, until the test opens the modal, renders 600 parts of 5 ms each: a rehearsal of 3 s.
window.__ticks = 0
function Tick() {
  window.__ticks++
  for (const until = performance.now() + 5; performance.now() < until; );
  return null
}
function Slow() {
  return window.__opening ? null : Array.from({ length: 600 }, (_, i) => createElement(Tick, { key: i }))
}
const probe = {
  name: 'probe',
  setup(ctx) {
    ctx.slots.add('connect.methods', { id: 'probe', label: 'Probe', load: async () => ({ default: Probe }) })
    ctx.slots.add('connect.methods', { id: 'broken', label: 'Broken', load: async () => ({ default: Broken }) })
    if (new URLSearchParams(location.search).has('slow')) ctx.slots.add('connect.methods', { id: 'slow', label: 'Slow', load: async () => ({ default: Slow }) })
  },
}
window.__modal = createModal({ projectId: 'mount-test', preload: 'none', plugins: [eip155({ networks: [mainnet] }), probe] })
`

// A wallet announcing itself over EIP-6963, before any page script.
const wallet = () => {
  const info = {
    uuid: '7d3c1f1e-4a39-4f53-9f54-2f1f6f0c6a11',
    name: 'Probe Wallet',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E',
    rdns: 'dev.vestibule.probe',
  }
  const provider = { request: async () => [], on() {}, removeListener() {} }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
}

describe('the preload in a page', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'vb-mount-'))
  let server: Server
  let browser: TestBrowser
  beforeAll(async () => {
    await build({
      ...hostFromSource(host),
      outdir,
      entryNames: 'host',
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
    })
    writeFileSync(
      join(outdir, 'index.html'),
      '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><main id="page">page</main><script type="module" src="./host.js"></script>',
    )
    server = await serve(outdir)
    browser = await launchBrowser()
    await browser.context.addInitScript(wallet)
  }, 120_000)
  afterAll(async () => {
    await browser?.close()
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
    rmSync(outdir, { recursive: true, force: true })
  })

  it('rehearses the first view without committing it, warms the text off the page, discovers wallets; the open then renders for real', async () => {
    const { page } = browser
    const requests: string[] = []
    page.on('request', (request) => requests.push(new URL(request.url()).pathname))
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(error.message))
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()))
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
    await page.waitForFunction(() => (window as unknown as { __modal?: unknown }).__modal)

    const before = await page.evaluate(() => {
      const w = window as unknown as {
        __modal: { getWalletSources(): { context: { chains: { $connectors: { get(): Array<{ name: string }> } } } } }
        __added: string[]
      }
      w.__added = []
      // Every element added anywhere in the page, and whether it was still there at the end of its task.
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof Element)
              w.__added.push(`${node.getAttribute('aria-hidden')}|${(node as HTMLElement).inert}|${node.isConnected}`)
      }).observe(document, { childList: true, subtree: true })
      return w.__modal
        .getWalletSources()
        .context.chains.$connectors.get()
        .map((c) => c.name)
    })
    expect(before).toEqual([])

    await page.evaluate(() => (window as unknown as { __modal: { preload(): Promise<void> } }).__modal.preload())
    const preloaded = await page.evaluate(() => {
      const w = window as unknown as {
        __modal: { getWalletSources(): { context: { chains: { $connectors: { get(): Array<{ name: string }> } } } }; isOpen(): boolean }
        __added: string[]
        __log: string[]
      }
      return {
        log: [...w.__log],
        added: [...w.__added],
        wallets: w.__modal
          .getWalletSources()
          .context.chains.$connectors.get()
          .map((c) => c.name),
        body: document.body.innerHTML,
        open: w.__modal.isOpen(),
      }
    })
    // Rendered (the code is compiled), never committed: no effect ran and its image was not requested.
    expect(preloaded.log.length).toBeGreaterThan(0)
    expect(new Set(preloaded.log)).toEqual(new Set(['render']))
    expect(requests).not.toContain('/probe.png')
    // The text sample came and went within its task, hidden and inert; the page is as it was.
    expect(preloaded.added).toEqual(['true|true|false'])
    expect(preloaded.body).toBe('<main id="page">page</main><script type="module" src="./host.js"></script>')
    expect(preloaded.wallets).toEqual(['Probe Wallet'])
    expect(preloaded.open).toBe(false)
    // The throwing method was caught by its boundary: nothing reached the console.
    expect(problems).toEqual([])

    await page.evaluate(() => (window as unknown as { __modal: { open(): Promise<void> } }).__modal.open())
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /Probe Wallet/ }).waitFor()
    await expect.poll(() => page.evaluate(() => (window as unknown as { __log: string[] }).__log)).toContain('effect')
    expect(await page.evaluate(() => (window as unknown as { __log: string[] }).__log)).toContain('render (mounted)')
    await expect.poll(() => requests.filter((path) => path === '/probe.png').length).toBe(1)
    expect(await dialog.getByRole('img', { name: 'probe' }).count()).toBe(1)
    // The throwing method shows its error state in the modal and the rest works.
    expect(await dialog.getByRole('alert').count()).toBeGreaterThan(0)
  })

  /** Starts modal.preload() in a fresh page; `settled()` tells whether it has resolved. */
  const preloadIn = async (page: Page, query: string) => {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${query}`)
    await page.waitForFunction(() => (window as unknown as { __modal?: unknown }).__modal)
    await page.evaluate(() => {
      const w = window as unknown as { __modal: { preload(): Promise<void> }; __settled: boolean }
      w.__settled = false
      void w.__modal.preload().then(() => (w.__settled = true))
    })
    return () => page.evaluate(() => (window as unknown as { __settled: boolean }).__settled)
  }

  it('an open during a rehearsal ends it: nothing more of it renders, the preload settles, the modal shows', async () => {
    const page = await browser.context.newPage()
    try {
      const settled = await preloadIn(page, '?slow')
      const ticks = () => page.evaluate(() => (window as unknown as { __ticks: number }).__ticks)
      // The rehearsal is in the slow method, handing the main thread back between its parts.
      await expect.poll(ticks).toBeGreaterThan(20)
      expect(await settled()).toBe(false)
      await page.evaluate(() => {
        const w = window as unknown as { __modal: { open(): Promise<void> }; __opening: boolean }
        w.__opening = true
        return w.__modal.open()
      })
      await expect.poll(settled).toBe(true)
      // Thrown away part way (the open's render discards the rehearsal's work in progress, and the open stops the
      // rehearsal): the 600 parts were not all rendered, and none after.
      const rendered = await ticks()
      expect(rendered).toBeLessThan(600)
      // Two idle periods in a row: the page has no task left, rehearsal's or other, and rendered nothing more.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))))
      expect(await ticks()).toBe(rendered)
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Probe Wallet/ })
        .waitFor()
    } finally {
      await page.close()
    }
  })
  it('without a preload the first open lays out its text faces while the shell downloads, and those are the faces it shows', async () => {
    const page = await browser.context.newPage()
    // Once the page has loaded, every script is held on its way until the test lets it through: the shell's code
    // arrives only after the first open has laid out its text faces.
    let slow = false
    const held: (() => void)[] = []
    await page.route('**/*.js', async (route) => {
      if (slow) await new Promise<void>((resolve) => held.push(resolve))
      await route.continue()
    })
    try {
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
      await page.waitForFunction(() => (window as unknown as { __modal?: unknown }).__modal)
      await page.evaluate(() => {
        const w = window as unknown as { __added: string[]; __modal: { setThemeVariables(v: Record<string, string>): void } }
        w.__added = []
        // Each element added to the page: the shell's host, or a line as it was once its task ended.
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.addedNodes)
              if (node instanceof HTMLElement)
                w.__added.push(
                  node.hasAttribute('data-vestibule')
                    ? 'shell'
                    : `${node.getAttribute('aria-hidden')}|${node.inert}|${node.isConnected}|${node.style.visibility}|${node.style.font}`,
                )
        }).observe(document.body, { childList: true })
        w.__modal.setThemeVariables({ '--vb-font-family': 'Probe Sans, sans-serif' })
      })
      slow = true
      const opened = page.evaluate(() => (window as unknown as { __modal: { open(): Promise<void> } }).__modal.open())
      await expect.poll(() => page.evaluate(() => (window as unknown as { __added: string[] }).__added.length)).toBe(TEXT_FACES.length)
      expect(held.length).toBeGreaterThan(0)
      slow = false
      for (const release of held.splice(0)) release()
      await opened
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /Probe Wallet/ }).waitFor()
      const added = await page.evaluate(() => (window as unknown as { __added: string[] }).__added)
      // One hidden, inert line per face, in the host's font, each gone by the end of its task; none once the shell is in.
      expect(added.at(-1)).toBe('shell')
      expect(added).toHaveLength(TEXT_FACES.length + 1)
      for (const line of added.slice(0, -1)) expect(line).toMatch(/^true\|true\|false\|hidden\|.*Probe Sans/)

      // Every face the first view shows is one of them.
      const shown = await page.evaluate(() => {
        const root = document.querySelector('[data-vestibule]')!.shadowRoot!
        const faces = new Set<string>()
        for (const el of root.querySelectorAll('*')) {
          // Elements showing text of their own (the stylesheet is not shown).
          if (el.getClientRects().length === 0 || ![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim()))
            continue
          const style = getComputedStyle(el)
          faces.add(`${style.fontWeight} ${style.fontSize}`)
        }
        return [...faces]
      })
      expect(shown.length).toBeGreaterThan(2)
      const warmed = TEXT_FACES.map(([weight, size]) => `${weight} ${size === 'base' ? FONT_SIZE : size}`)
      expect(shown.filter((face) => !warmed.includes(face))).toEqual([])
    } finally {
      await page.close()
    }
  })
})
