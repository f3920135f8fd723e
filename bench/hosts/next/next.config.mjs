// `next` is linked into this host from elsewhere on the disk: Turbopack resolves from the filesystem root.
export default { turbopack: { root: '/' } }
