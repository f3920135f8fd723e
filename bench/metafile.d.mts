import type { Metafile } from 'esbuild'
export declare const FOREIGN_SDK: RegExp
export declare function eagerOutputs(metafile: Metafile, entryOutput: string | undefined): Set<string>
export declare function entryOutput(metafile: Metafile, entryPoint: string): string | undefined
export declare function outputsWith(metafile: Metafile, pattern: RegExp): string[]
