// The package as hosts receive it (npm pack, installed outside the repository): shared with the bench.
export { featureEntries, installPackedPackage, root, type PackedHost } from '../../bench/packed.mjs'
