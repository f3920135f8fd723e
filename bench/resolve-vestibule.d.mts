import type { Plugin } from 'esbuild'
export declare const root: string
export declare function vestibuleSource(specifier: string): string | undefined
export declare const vestibuleFromSource: Plugin
