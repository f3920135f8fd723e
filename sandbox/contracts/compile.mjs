// Compiles the sandbox's Solidity sources with the solc npm package (the compiler itself, as JavaScript), so the
// demo tokens deployed on anvil and used by the tests come from the sources in this folder.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = fileURLToPath(new URL('.', import.meta.url))
let compiled

/** `{ [contract]: { abi, bytecode } }` for every contract in sandbox/contracts/*.sol; compiled once per process. */
export async function compileContracts() {
  if (compiled) return compiled
  const { default: solc } = await import('solc')
  const sources = Object.fromEntries(readdirSync(dir).filter((f) => f.endsWith('.sol')).map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }]))
  const input = { language: 'Solidity', sources, settings: { optimizer: { enabled: true, runs: 200 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const output = JSON.parse(solc.compile(JSON.stringify(input)))
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`Solidity: ${errors.map((e) => e.formattedMessage).join('\n')}`)
  compiled = {}
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file)) compiled[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return compiled
}
