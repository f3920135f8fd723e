import type { Connector } from 'vestibule/kernel'

export interface ConnectorEntry<W> {
  connector: Connector
  /** What the adapter talks to: an EIP-1193 provider, a Wallet Standard wallet … */
  wallet: W
}

export interface ConnectorList<W> {
  /** Replaces the wallets discovery found in the page (the first entry of an id wins). */
  setDiscovered(entries: readonly ConnectorEntry<W>[]): void
  /** Adds a wallet another plugin provides (`ChainAdapter.addConnector`); returns the function that removes it. */
  add(entry: ConnectorEntry<W>): () => void
  /** The wallet listed under `id`. */
  get(id: string): ConnectorEntry<W> | undefined
  /** Reports the list now and on every change until the returned function is called. */
  watch(onChange: (connectors: Connector[]) => void): () => void
  /** Resolves true once a wallet is listed under `id`, false after `ms` (wallets register a moment after the page asks). */
  waitFor(id: string, ms: number): Promise<boolean>
}

/**
 * The wallets a chain adapter lists: those discovered in the page and those other plugins added, a discovered
 * wallet winning over an added one with the same id. One implementation for every chain family.
 */
export function createConnectorList<W>(): ConnectorList<W> {
  let discovered: ConnectorEntry<W>[] = []
  const added = new Map<string, ConnectorEntry<W>>()
  let all: ConnectorEntry<W>[] = []
  let report: ((connectors: Connector[]) => void) | undefined
  const waiters = new Set<() => void>()
  const publish = () => {
    const ids = new Set<string>()
    all = [...discovered, ...added.values()].filter((e) => !ids.has(e.connector.id) && ids.add(e.connector.id))
    report?.(all.map((e) => e.connector))
    waiters.forEach((check) => check())
  }
  const get = (id: string) => all.find((e) => e.connector.id === id)
  return {
    setDiscovered(entries) {
      discovered = [...entries]
      publish()
    },
    add(entry) {
      added.set(entry.connector.id, entry)
      publish()
      return () => {
        if (added.get(entry.connector.id) === entry) added.delete(entry.connector.id)
        publish()
      }
    },
    get,
    watch(onChange) {
      report = onChange
      publish()
      return () => {
        if (report === onChange) report = undefined
      }
    },
    waitFor: (id, ms) =>
      new Promise<boolean>((resolve) => {
        const done = (found: boolean) => (clearTimeout(timer), waiters.delete(check), resolve(found))
        const check = () => get(id) !== undefined && done(true)
        const timer = setTimeout(done, ms, false)
        waiters.add(check)
        check()
      }),
  }
}
