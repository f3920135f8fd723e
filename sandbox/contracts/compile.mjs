// Compiles the sandbox's Solidity sources with the solc npm package (the compiler itself, as JavaScript), so the
// demo tokens deployed on anvil and used by the tests come from the sources in this folder. The output is kept in
// sandbox/.build/ under a hash of the sources and the compiler's version: only a change recompiles (~4 s).
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
const cacheDir = fileURLToPath(new URL('../.build/', import.meta.url))
let compiled

/** `{ [contract]: { abi, bytecode } }` for every contract in sandbox/contracts/*.sol; compiled once per change. */
export async function compileContracts() {
  if (compiled) return compiled
  const sources = Object.fromEntries(
    readdirSync(dir)
      .filter((f) => f.endsWith('.sol'))
      .sort()
      .map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }]),
  )
  const { version } = createRequire(import.meta.url)('solc/package.json')
  const key = createHash('sha256')
    .update(JSON.stringify([version, sources]))
    .digest('hex')
    .slice(0, 16)
  const cacheFile = join(cacheDir, `contracts-${key}.json`)
  try {
    return (compiled = JSON.parse(readFileSync(cacheFile, 'utf8')))
  } catch {
    /* not compiled yet */
  }
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources,
    settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`Solidity: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  const result = {}
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file)) result[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  // Written whole then renamed: test workers compiling at once never read half a file.
  mkdirSync(cacheDir, { recursive: true })
  const temporary = `${cacheFile}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(result))
  renameSync(temporary, cacheFile)
  return (compiled = result)
}
