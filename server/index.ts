/**
 * `vestibule/server`: the sign-in server for `hostBackend({ url })` (Node 20+ or any Fetch API runtime; no React,
 * no DOM). It issues nonces, checks signed messages (the message rules of `vestibule/plugins/siwx/messages`, the
 * signature by the chain plugins' own verifiers) and keeps sessions behind an HttpOnly cookie, in memory or in
 * Redis. Recipes: docs/server.md.
 */
export { createSiwxServer, type SiwxServer } from './handler.js'
export type { SiwxServerOptions, SiwxRequestContext, SiwxVerifyAttempt } from './options.js'
export { memoryStore, type SiwxServerStore, type MemoryStoreSize } from './store.js'
export { redisStore, type RedisStore, type RedisStoreOptions, type RedisCommandClient } from './redis.js'
export { toNodeHandler, type FetchHandler, type NodeRequest, type NodeResponse } from './node.js'
