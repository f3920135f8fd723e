import type { BuildOptions, Metafile } from 'esbuild'
export declare function hostFromSource(contents: string): BuildOptions & { metafile: true }
export declare function bundleHost(entry: string, outdir: string, head?: string): Promise<Metafile>
export declare function sourceEntry(entry: string): BuildOptions & { metafile: true; write: false }
