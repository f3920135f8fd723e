// The built package in Node, as server-side rendering and tests of hosts load it: every entry imports without a
// window (and, in a process where the browser's globals are traps, without reading one), createModal works
// headless until open(), and <ModalProvider> renders to a string.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { root } from './packed.js'

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, { import: string }> }
const entries = Object.entries(manifest.exports).filter(([key]) => !key.endsWith('.css') && key !== './package.json')
const load = (key: string) => import(pathToFileURL(join(root, manifest.exports[key]!.import)).href)

beforeAll(() => {
  // The package as published: dist/ must exist (npm test builds it before the tests).
  expect(typeof window).toBe('undefined')
  expect(readFileSync(join(root, 'dist/ui/index.js'), 'utf8').length).toBeGreaterThan(0)
})

describe('the built package in Node', () => {
  it.each(entries.map(([key]) => [key]))('%s imports without a window', async (key) => {
    const module = await load(key)
    expect(Object.keys(module).length).toBeGreaterThan(0)
  })

  it('createModal with every chain plugin works headless: state, options, no DOM touched; open() needs a page', async () => {
    const { createModal } = await load('.')
    const { eip155, mainnet } = await load('./chains/eip155')
    const { solana, solanaMainnet } = await load('./chains/solana')
    const modal = createModal({
      projectId: 'p',
      storage: null,
      preload: 'none',
      plugins: [eip155({ networks: [mainnet] }), solana({ networks: [solanaMainnet] })],
    })
    expect(modal.getState()).toMatchObject({ open: false, status: 'disconnected' })
    await expect(modal.open()).rejects.toThrow()
    modal.destroy()
  })

  it('<ModalProvider> and the hooks render to a string without a window', async () => {
    const { createModal } = await load('.')
    const { ModalProvider, useAccount, useNetwork, useModal } = await load('./react')
    const { eip155, mainnet } = await load('./chains/eip155')
    const modal = createModal({ projectId: 'p', storage: null, preload: 'none', plugins: [eip155({ networks: [mainnet] })] })
    function Status() {
      const account = useAccount()
      const network = useNetwork()
      const { open } = useModal()
      return createElement(
        'p',
        { 'data-open': typeof open },
        `${account.status ?? 'none'} ${account.isConnected} ${network.caipNetwork?.name ?? 'no network'}`,
      )
    }
    const html = renderToString(createElement(ModalProvider, { modal }, createElement(Status)))
    expect(html).toBe('<p data-open="function">disconnected false no network</p>')
    modal.destroy()
  })

  it('importing every entry reads none of the browser globals; the modal and its React provider only ask whether they exist', () => {
    // Each browser global is a getter that records the read and answers undefined: an import that reads one is
    // caught even where it would only check `typeof window`, and an unguarded use (window.foo) throws.
    const out = execFileSync(process.execPath, [join(root, 'test/build/node-globals.mjs'), root], { encoding: 'utf8', timeout: 60_000 })
    const result = JSON.parse(out) as {
      imported: Record<string, number>
      html: string
      state: unknown
      reads: Array<{ name: string; phase: string; where: string }>
    }
    expect(Object.keys(result.imported).sort()).toEqual(entries.map(([key]) => key).sort())
    for (const [key, count] of Object.entries(result.imported)) expect(count, key).toBeGreaterThan(0)
    expect(result.reads.filter((read) => read.phase === 'import')).toEqual([])
    // Later reads are guards (typeof window): the headless modal and the server render still ran through.
    expect(result.state).toEqual({ open: false, status: 'disconnected' })
    expect(result.html).toBe('<p>disconnected none false</p>')
  })
})
