// Reading esbuild metafiles: which outputs a host loads before any code runs ("eager") and which on demand.
// Shared by the bench and the bundle tests, so both measure the same thing.
import { relative } from 'node:path'
import { gzipSync } from 'node:zlib'

/** Packages an eip155-only host must never contain: other chains' SDKs and WalletConnect. */
export const FOREIGN_SDK = /node_modules\/(@solana|@polkadot|bitcoinjs-lib|@walletconnect)\//

/** Output files the entry chunk loads before any code runs: itself and its static imports, transitively. */
export function eagerOutputs(metafile, entryOutput) {
  const eager = new Set([entryOutput])
  for (const file of eager) {
    for (const imp of metafile.outputs[file]?.imports ?? []) if (imp.kind === 'import-statement' && !imp.external) eager.add(imp.path)
  }
  return eager
}

/** The output of `entryPoint` (an input path as the metafile spells it; import() targets have one too). */
export const entryOutput = (metafile, entryPoint) =>
  Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint === entryPoint)

/** Output files containing an input that matches `pattern`. */
export const outputsWith = (metafile, pattern) =>
  Object.keys(metafile.outputs).filter((f) => Object.keys(metafile.outputs[f].inputs).some((i) => pattern.test(i)))

/** The chunks `outputs` load with import(), in order. */
export const dynamicImports = (metafile, outputs) =>
  [...outputs].flatMap((f) => (metafile.outputs[f]?.imports ?? []).filter((i) => i.kind === 'dynamic-import').map((i) => i.path))

/** The input files bundled into `outputs`. */
export const inputsOf = (metafile, outputs) => [...outputs].flatMap((f) => Object.keys(metafile.outputs[f]?.inputs ?? {}))

/**
 * gzip -9 size of `outputs` of a `write: false` build run in `workingDir` (metafile paths are relative to it),
 * concatenated in the order given, as a host bundle would hold them.
 */
export function gzipSize(result, outputs, workingDir) {
  const contents = new Map(result.outputFiles.map((f) => [relative(workingDir, f.path), f.contents]))
  return gzipSync(Buffer.concat([...outputs].map((o) => contents.get(o))), { level: 9 }).length
}
