// The package as hosts receive it (npm pack, installed outside the repository): shared with the bench.
export { featureEntries, installDependencies, installPackedPackage, root, type PackedHost } from '../../bench/packed.mjs'
