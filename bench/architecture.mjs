/**
 * `npm run bench:architecture`: how the source tree measures against its floors.
 *   - the largest functions and components in kernel/, ui/, chains/, plugins/, server/ (lines from the first line of the
 *     declaration to its closing brace, nested functions counted in their parent too), against the 150-line limit;
 *   - import cycles: those that run (a module reaches itself through value imports) and those through types only
 *     (listed with `--types`);
 *   - every import that breaks a rule of .dependency-cruiser.mjs (public entries, floors), grouped by rule.
 * Prints the numbers; exits 1 when a function is over the limit or dependency-cruiser reports an error.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { functionSizes as sizesUnder, LIMIT, SOURCE_DIRS } from '../build/function-sizes.mjs'
import { root } from './resolve-vestibule.mjs'

const DIRS = SOURCE_DIRS
const TOP = 10

function cruise() {
  const bin = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs')
  const run = spawnSync(process.execPath, [bin, ...DIRS, 'examples', '--output-type', 'json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (!run.stdout) throw new Error(`dependency-cruiser gave no output: ${run.stderr}`)
  return JSON.parse(run.stdout)
}

/** Every distinct cycle in the module graph, each as its modules in order starting from the smallest name. */
function cycles(modules) {
  const seen = new Map()
  for (const module of modules)
    for (const dependency of module.dependencies)
      if (dependency.circular) {
        const names = [module.source, ...dependency.cycle.map((step) => step.name)].slice(0, -1)
        const steps = [...dependency.cycle]
        const start = names.indexOf([...names].sort()[0])
        const ring = [...names.slice(start), ...names.slice(0, start)]
        const typeOnly = [dependency, ...steps].some(
          (step) => step.dependencyTypes.includes('type-only') && !step.dependencyTypes.includes('dynamic-import'),
        )
        seen.set(ring.join(' → '), { ring, typeOnly: seen.get(ring.join(' → '))?.typeOnly ?? typeOnly })
      }
  return [...seen.values()]
}

const sizes = sizesUnder(root)
console.log(`Largest functions and components (${DIRS.join('/, ')}/; limit ${LIMIT} lines)`)
for (const { file, line, name, lines } of sizes.slice(0, TOP))
  console.log(`  ${String(lines).padStart(4)}  ${name}  ${file}:${line}${lines > LIMIT ? '  ✗' : ''}`)
const over = sizes.filter((f) => f.lines > LIMIT)
console.log(`  over ${LIMIT} lines: ${over.length}`)

const result = cruise()
const rings = cycles(result.modules)
const running = rings.filter((c) => !c.typeOnly)
console.log(`\nImport cycles: ${running.length} through value imports, ${rings.length - running.length} through types only`)
// Cycles through a type import vanish from the build; `--types` lists them too.
for (const { ring, typeOnly } of rings)
  if (!typeOnly || process.argv.includes('--types')) console.log(`  ${typeOnly ? '(types) ' : ''}${ring.join(' → ')} → ${ring[0]}`)

const byRule = new Map()
for (const violation of result.summary.violations) {
  const list = byRule.get(violation.rule.name) ?? []
  list.push(violation)
  byRule.set(violation.rule.name, list)
}
console.log(`\nRule violations (.dependency-cruiser.mjs): ${result.summary.violations.length}`)
for (const [rule, list] of byRule) {
  console.log(`  ${rule}: ${list.length}`)
  for (const v of list) console.log(`    ${v.from} → ${v.cycle ? v.cycle.map((s) => s.name ?? s).join(' → ') : v.to}`)
}

if (over.length > 0 || result.summary.error > 0) process.exitCode = 1
