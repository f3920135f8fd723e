import type { BuildResult, Metafile } from 'esbuild'
export declare const FOREIGN_SDK: RegExp
export declare function eagerOutputs(metafile: Metafile, entryOutput: string | undefined): Set<string>
export declare function entryOutput(metafile: Metafile, entryPoint: string): string | undefined
export declare function outputsWith(metafile: Metafile, pattern: RegExp): string[]
export declare function dynamicImports(metafile: Metafile, outputs: Iterable<string>): string[]
export declare function inputsOf(metafile: Metafile, outputs: Iterable<string>): string[]
export declare function gzipSize(
  result: BuildResult & { outputFiles: NonNullable<BuildResult['outputFiles']> },
  outputs: Iterable<string>,
  workingDir: string,
): number
