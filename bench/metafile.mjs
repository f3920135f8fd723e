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
export const entryOutput = (metafile, entryPoint) => Object.keys(metafile.outputs).find((f) => metafile.outputs[f].entryPoint === entryPoint)

/** Output files containing an input that matches `pattern`. */
export const outputsWith = (metafile, pattern) =>
  Object.keys(metafile.outputs).filter((f) => Object.keys(metafile.outputs[f].inputs).some((i) => pattern.test(i)))
