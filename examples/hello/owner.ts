// The hint `createModal` gives a host that sets `helloText` without adding hello(): "`helloText` needs hello() from
// vestibule-hello" instead of "Unknown option". A published plugin package imports this from its entry module and
// lists the file under `sideEffects` in its package.json, so bundlers keep the registration.
import { registerOptionOwners } from 'vestibule'

registerOptionOwners({ helloText: 'hello() from vestibule-hello' })
