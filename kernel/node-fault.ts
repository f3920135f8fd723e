import type { BalanceFault } from './state.js'

/** Why a request to a chain's node failed, as far as its error tells. */
export type NodeFault = BalanceFault

/**
 * What a failed read's error (or one of its causes) says about the node: an HTTP error status, a timeout, a
 * connection that could not be made (the browser's "Failed to fetch", Node's "fetch failed"), or none of these.
 */
export function nodeFaultOf(error: unknown): NodeFault {
  let kind: NodeFault['kind'] = 'other'
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const { status, name, message } = e as { status?: unknown; name?: unknown; message?: unknown }
    if (typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599) return { kind: 'http', status }
    const text = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''}`
    if (kind === 'other' && /TimeoutError|timed? ?out|took too long|did not answer/i.test(text)) kind = 'timeout'
    else if (kind === 'other' && /Failed to fetch|fetch failed|NetworkError|Load failed|ECONNREFUSED|ECONNRESET/i.test(text))
      kind = 'unreachable'
  }
  return { kind }
}
