/**
 * Function and component sizes of the source tree: lines from the first line of a declaration to its closing brace
 * (nested functions counted in their parent too). Functions stay under LIMIT lines; `npm test` and
 * `npm run bench:architecture` both read this.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export const LIMIT = 150
export const SOURCE_DIRS = ['kernel', 'ui', 'chains', 'plugins', 'headless', 'wagmi', 'server']

/** Source files under `dir` of `root`, declarations aside. */
function sources(root, dir) {
  let entries
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
  } catch {
    return []
  }
  return entries
    .filter(
      (d) => d.isFile() && /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') && !/(^|\/)node_modules\//.test(d.parentPath ?? d.path),
    )
    .map((d) => relative(root, join(d.parentPath ?? d.path, d.name)))
}

/** The name a function goes by: its own, or that of the variable, property or export it is assigned to. */
function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text
  if (node.name) return node.name.getText()
  const parent = node.parent
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText()
  if (ts.isExportAssignment(parent)) return 'default'
  if (ts.isCallExpression(parent)) return `${nameOf(parent) ?? parent.expression.getText().slice(0, 30)}(…)`
  return undefined
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node)

/** Every function with a body under `dirs` of `root`, longest first: `{ file, line, name, lines }`. */
export function functionSizes(root, dirs = SOURCE_DIRS) {
  const found = []
  for (const file of dirs.flatMap((dir) => sources(root, dir))) {
    const text = readFileSync(join(root, file), 'utf8')
    const source = ts.createSourceFile(
      file,
      text,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    )
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line
        found.push({ file, line: start + 1, name: nameOf(node) ?? '(anonymous)', lines: end - start + 1 })
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return found.sort((a, b) => b.lines - a.lines)
}
