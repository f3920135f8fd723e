import { describe, expect, it } from 'vitest'
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
const FRAGMENT = ['<!-- declare: modal: import(\'vestibule\').Modal, button: HTMLButtonElement -->', '```ts', 'button.onclick = () => modal.open()', '```'].join('\n')

describe('code blocks of README.md and docs/', () => {
  it('type-check against the package, and a broken block is caught', { timeout: 240_000 }, () => {
    const blocks = docBlocks()
    expect(blocks.length).toBeGreaterThan(10)
    const broken = extractBlocks(BROKEN, 'broken.md')
    const fragment = extractBlocks(FRAGMENT, 'fragment.md')
    // A fence of another language hides what it holds.
    expect(broken).toHaveLength(1)
    const errors = checkBlocks([...blocks, ...broken, ...fragment])
    expect(errors.get(broken[0]!)!.join('\n')).toMatch(/^broken\.md:6 .*PluginInput/m)
    expect(errors.get(fragment[0]!)).toEqual([])
    const failures = blocks.flatMap((b) => errors.get(b) ?? [])
    expect(failures).toEqual([])
  })
})
