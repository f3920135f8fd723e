export declare const root: string
/** The `vestibule/plugins/<feature>` entries the package exports. */
export declare const featureEntries: string[]
export interface PackedHost {
  /** A host project folder whose node_modules holds the installed tarball and every peer. */
  dir: string
  remove(): void
}
/** `extra`: packages of the repository's install the host also gets, at the installed versions. */
export declare function installPackedPackage(options?: { extra?: readonly string[] }): PackedHost
