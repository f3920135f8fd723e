export declare const root: string
/** Where packed tarballs and their installs are kept between runs. */
export declare const CACHE_DIR: string
/** The `vestibule/plugins/<feature>` entries the package exports. */
export declare const featureEntries: string[]
export interface PackedHost {
  /** A host project folder whose node_modules holds the installed tarball and every peer. */
  dir: string
  /** Whether npm installed for this host (false: a hard-linked copy of the cached install of the same tarball). */
  installed: boolean
  remove(): Promise<void>
}
/** A hash of every file `npm pack` of the folder can read. */
export declare function packKey(packageDir: string): string
/** The cache folder `parent/name`, made by `make` once, under a lock, marked complete last. */
export declare function cachedFolder(parent: string, name: string, make: (folder: string) => void): { path: string; made: boolean }
/** The packed tarball of the folder (packed once per packKey). */
export declare function packedTarball(packageDir: string, cacheDir?: string): { path: string; made: boolean }
/** Installs the dependencies into `dir` through the cache; true when npm ran. */
export declare function installDependencies(
  dir: string,
  dependencies: Record<string, string>,
  options?: { files?: Record<string, string>; cacheDir?: string },
): boolean
/** Installs the tarball of the folder (as `name`) and the dependencies into a fresh host folder. */
export declare function installTarball(
  packageDir: string,
  name: string,
  dependencies: Record<string, string>,
  options?: { cacheDir?: string },
): PackedHost
/** `extra`: packages of the repository's install the host also gets, at the installed versions. */
export declare function installPackedPackage(options?: { extra?: readonly string[] }): PackedHost
