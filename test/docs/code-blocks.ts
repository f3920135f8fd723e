/**
 * The ```ts and ```tsx blocks of README.md and docs/*.md, type-checked with the TypeScript compiler against the
 * package as a host installs it (the packed tarball in a host folder: its `exports` and published `.d.ts`), or, for
 * a quick look, against the sources (the `paths` of tsconfig.json map `vestibule/*` to them).
 *
 * Conventions a block may use, in an HTML comment on the line right before its fence:
 * - `<!-- declare: root: import('react-dom/client').Root, button, projectId: string -->`: names the block uses
 *   without defining them (a fragment); a name without a type is `any`. `type X = …` entries are written as is.
 * - `<!-- file: hello.ts -->`: the block is the module `test/docs/fixtures/hello.ts`, so another block (or a
 *   fixture there) imports it as `./hello.js`.
 * A block's relative imports resolve in `test/docs/fixtures/`. Every block is a module of its own. Text that is
 * not meant to compile (shell, output, pseudo-code) is fenced as something else (```text, ```sh).
 */
import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

export const root = resolve(dirname(new URL(import.meta.url).pathname), '../..')
export const fixtures = join(root, 'test/docs/fixtures')

export interface DocBlock {
  /** Where the block is: `docs/plugins.md:12` (the fence's line). */
  source: string
  lang: 'ts' | 'tsx'
  code: string
  /** `declare const …` lines written before the block, as one line. */
  prelude: string
  file?: string
}

/** Splits at commas outside brackets, quotes and parentheses. */
function splitTop(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quote = ''
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === "'" || c === '"' || c === '`') quote = c
    else if ('([{<'.includes(c)) depth++
    else if (')]}>'.includes(c)) depth--
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i))
      start = i + 1
    }
  }
  parts.push(text.slice(start))
  return parts.map((p) => p.trim()).filter(Boolean)
}

function preludeOf(declare: string): string {
  return splitTop(declare)
    .map((entry) => {
      if (/^type\s/.test(entry)) return `${entry};`
      const colon = entry.indexOf(':')
      return colon === -1
        ? `declare const ${entry}: any;`
        : `declare const ${entry.slice(0, colon).trim()}: ${entry.slice(colon + 1).trim()};`
    })
    .join(' ')
}

/** The ts and tsx blocks of one markdown text. */
export function extractBlocks(markdown: string, name: string): DocBlock[] {
  const lines = markdown.split('\n')
  const blocks: DocBlock[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(ts|tsx)\s*$/.exec(lines[i]!)
    if (!open) {
      // Any other fence is skipped whole, so a ```ts line inside it is not taken for a block.
      if (/^```/.test(lines[i]!)) while (++i < lines.length && !/^```\s*$/.test(lines[i]!));
      continue
    }
    const start = i
    const body: string[] = []
    while (++i < lines.length && !/^```\s*$/.test(lines[i]!)) body.push(lines[i]!)
    const comment = lines[start - 1] ?? ''
    const declare = /^<!--\s*declare:\s*(.*?)\s*-->$/.exec(comment)?.[1]
    const file = /^<!--\s*file:\s*([\w.-]+)\s*-->$/.exec(comment)?.[1]
    blocks.push({
      source: `${name}:${start + 1}`,
      lang: open[1] as 'ts' | 'tsx',
      code: body.join('\n'),
      prelude: declare ? preludeOf(declare) : '',
      ...(file ? { file } : {}),
    })
  }
  return blocks
}

/** Every block of README.md and docs/*.md. */
export function docBlocks(): DocBlock[] {
  const files = [
    'README.md',
    ...readdirSync(join(root, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .sort()
      .map((f) => `docs/${f}`),
  ]
  return files.flatMap((f) => extractBlocks(readFileSync(join(root, f), 'utf8'), f))
}

/** The repository's compiler options; for a host folder, without the `paths` that point `vestibule` at the sources. */
function compilerOptions(host?: string): ts.CompilerOptions {
  const path = join(root, 'tsconfig.json')
  const read = ts.readConfigFile(path, ts.sys.readFile)
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, path)
  const { paths, baseUrl, pathsBasePath, ...options } = parsed.options
  return { ...(host ? options : { ...options, paths, baseUrl, pathsBasePath }), noEmit: true, declaration: false }
}

/**
 * The folder the blocks are checked in: test/docs/fixtures against the sources; against a host folder, a folder in
 * it holding copies of the fixtures, so `vestibule` resolves to the host's installed package. A fixture that
 * re-exports a folder of the repository (`examples/tally`) gets a copy of that folder in the host too.
 */
function blocksFolder(host?: string): string {
  if (!host) return fixtures
  const folder = join(host, 'doc-blocks')
  cpSync(fixtures, folder, { recursive: true })
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f))) {
    const copy = join(folder, file)
    const text = readFileSync(copy, 'utf8').replace(/(from\s+')(\.\.?\/[^']+)'/g, (whole, from: string, spec: string) => {
      const target = resolve(dirname(join(fixtures, file)), spec)
      if (!relative(fixtures, target).startsWith('..')) return whole
      const inRepo = relative(root, target)
      cpSync(join(root, dirname(inRepo)), join(host, dirname(inRepo)), { recursive: true })
      return `${from}${relative(dirname(copy), join(host, inRepo)).replace(/\\/g, '/')}'`
    })
    writeFileSync(copy, text)
  }
  return folder
}

/**
 * Type-checks the blocks in one program and returns each block's errors, as `source:line message`. A block's
 * line is counted in the markdown file. `host`: a host folder with the packed package installed (see
 * installPackedPackage) to check against, instead of the sources.
 */
export function checkBlocks(blocks: readonly DocBlock[], { host: hostDir }: { host?: string } = {}): Map<DocBlock, string[]> {
  const options = compilerOptions(hostDir)
  const folder = blocksFolder(hostDir)
  const virtual = new Map<string, { text: string; block: DocBlock }>()
  blocks.forEach((block, n) => {
    const path = join(folder, block.file ?? `block-${n}.${block.lang}`)
    virtual.set(path, { text: `${block.prelude}\n${block.code}\nexport {}\n`, block })
  })
  const host = ts.createCompilerHost(options)
  const { getSourceFile, fileExists, readFile } = host
  host.fileExists = (f) => virtual.has(resolve(f)) || fileExists.call(host, f)
  host.readFile = (f) => virtual.get(resolve(f))?.text ?? readFile.call(host, f)
  host.getSourceFile = (f, language, ...rest) => {
    const v = virtual.get(resolve(f))
    return v ? ts.createSourceFile(f, v.text, language, true) : getSourceFile.call(host, f, language, ...rest)
  }
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host })
  const out = new Map<DocBlock, string[]>()
  for (const [path, { block }] of virtual) {
    const file = program.getSourceFile(path)!
    const diagnostics = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
    const fence = Number(block.source.split(':').pop())
    out.set(
      block,
      diagnostics.map((d) => {
        const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0
        const where = `${block.source.replace(/:\d+$/, '')}:${fence + line}`
        return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`
      }),
    )
  }
  return out
}

export const relativeToRoot = (path: string) => relative(root, path)
