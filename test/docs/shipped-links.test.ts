// The docs ship in the package: every file they link to must ship with them, so a reader of the installed package
// never follows a link to a file it does not hold (examples/ ships as source to read; the repository's tooling does not).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, normalize, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './code-blocks.js'

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] }
const shipped = (path: string) => pkg.files.some((entry) => path === entry || path.startsWith(`${entry}/`))
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
]

/** The relative link targets of a page (web links and in-page anchors left out), as paths from the package root. */
function links(page: string): string[] {
  const text = readFileSync(join(root, page), 'utf8')
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => relative(root, normalize(join(root, page, '..', target))))
}

describe('links of the shipped docs', () => {
  it.each(pages)('%s links only to files the package ships', (page) => {
    for (const target of links(page)) {
      expect(existsSync(join(root, target)), `${page} links to ${target}, which does not exist`).toBe(true)
      expect(shipped(target), `${page} links to ${target}, which the package does not ship (package.json files)`).toBe(true)
    }
  })

  it('the examples the docs walk through ship', () => {
    expect(shipped('examples/tally/index.ts')).toBe(true)
    expect(links('docs/chain-plugins.md')).toContain('examples/tally/session.ts')
  })
})
