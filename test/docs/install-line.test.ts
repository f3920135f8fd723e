// The README's install line names every peer the quick start below it reaches: the example is bundled from the
// sources (lazy chunks included) and each package it pulls in that the package lists as a peer must be installed.
import { readFileSync } from 'node:fs'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { vestibuleSource } from '../../sandbox/resolve.mjs'
import { extractBlocks } from './code-blocks.js'

const readme = readFileSync('README.md', 'utf8')
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { peerDependencies: Record<string, string> }

/** The packages `npm install …` in the host section names. */
function installLine(): string[] {
  const section = readme.slice(readme.indexOf('## In a host app'))
  const line = /```sh\n(npm install [^\n]+)\n```/.exec(section)?.[1]
  if (!line) throw new Error('README: no `npm install` line in the host section')
  return line.split(/\s+/).slice(2)
}

/** The peers a bundle of `code` reaches (the package name of every node_modules file it reads). */
async function peersOf(code: string): Promise<string[]> {
  const result = await build({
    stdin: {
      contents: code.replace(/^button\.onclick.*$/m, 'export { modal }').replace(/^modal\.subscribe.*$/m, ''),
      resolveDir: process.cwd(),
      loader: 'ts',
      sourcefile: 'quick-start.ts',
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: 'out',
    metafile: true,
    logLevel: 'silent',
    plugins: [vestibuleSource],
  })
  const names = Object.keys(result.metafile.inputs).flatMap((file) => {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file.slice(file.lastIndexOf('node_modules/')))
    return match ? [match[1]!] : []
  })
  return [...new Set(names)].filter((name) => name in pkg.peerDependencies).sort()
}

describe('the README install line', () => {
  it('installs the package and every peer the quick start reaches, and names only packages', { timeout: 120_000 }, async () => {
    const line = installLine()
    const quickStart = extractBlocks(readme.slice(readme.indexOf('## In a host app')), 'README.md')[0]!
    expect(quickStart.code).toContain("from 'vestibule/chains/eip155'")
    const peers = await peersOf(quickStart.code)
    // viem comes with eip155, the universal provider with walletConnect(), React with the shell.
    expect(peers).toEqual(expect.arrayContaining(['react', 'react-dom', 'viem', '@walletconnect/universal-provider']))
    expect(line[0]).toBe('vestibule')
    expect(peers.filter((peer) => !line.includes(peer))).toEqual([])
    for (const name of line.slice(1)) expect(pkg.peerDependencies, `${name} on the install line`).toHaveProperty([name])
  })
})
