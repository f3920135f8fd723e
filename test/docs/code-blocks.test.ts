// The blocks are checked against the package as a host installs it (`npm pack` of the built dist/, installed in a
// folder outside the repository with the peers), so what the docs show must compile with the published types and
// `exports` (an entry the package does not export fails there); with DOCS_PACKED=0, against the sources (quicker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackedPackage, type PackedHost } from '../build/packed.js'
import { checkBlocks, docBlocks, extractBlocks } from './code-blocks.js'

// A block that must fail: a string where createModal wants an array of plugins.
const BROKEN = [
  '# Broken',
  '',
  '<!-- declare: projectId: string -->',
  '```ts',
  "import { createModal } from 'vestibule'",
  "createModal({ projectId, plugins: 'eip155' })",
  '```',
  '',
  '```text',
  '```ts',
  'not code inside a text fence',
  '```',
].join('\n')

// A fragment that compiles only thanks to its declared names.
const FRAGMENT = [
  "<!-- declare: modal: import('vestibule').Modal, button: HTMLButtonElement -->",
  '```ts',
  'button.onclick = () => modal.open()',
  '```',
].join('\n')

// A block importing what only the sources have: the package exports no such entry.
const UNEXPORTED = ['```ts', "import { createKernel } from 'vestibule/kernel/kernel'", 'createKernel', '```'].join('\n')

const packed = process.env.DOCS_PACKED !== '0'
let host: PackedHost | undefined
beforeAll(() => {
  // Blocks written in TSX and the wagmi connector's need what such a host installs besides the package's peers.
  if (packed) host = installPackedPackage({ extra: ['@types/react', '@types/react-dom', 'wagmi', '@tanstack/react-query'] })
}, 600_000)
afterAll(() => host?.remove())

describe('code blocks of README.md and docs/', () => {
  it(`type-check against the ${packed ? 'packed package' : 'sources'}, and a broken block is caught`, { timeout: 240_000 }, () => {
    const blocks = docBlocks()
    expect(blocks.length).toBeGreaterThan(10)
    const broken = extractBlocks(BROKEN, 'broken.md')
    const fragment = extractBlocks(FRAGMENT, 'fragment.md')
    // A fence of another language hides what it holds.
    expect(broken).toHaveLength(1)
    const unexported = extractBlocks(UNEXPORTED, 'unexported.md')
    const errors = checkBlocks([...blocks, ...broken, ...fragment, ...unexported], host ? { host: host.dir } : {})
    expect(errors.get(broken[0]!)!.join('\n')).toMatch(/^broken\.md:6 .*PluginInput/m)
    expect(errors.get(unexported[0]!)!.join('\n')).toMatch(/^unexported\.md:2 .*vestibule\/kernel\/kernel/m)
    expect(errors.get(fragment[0]!)).toEqual([])
    const failures = blocks.flatMap((b) => errors.get(b) ?? [])
    expect(failures).toEqual([])
  })
})
