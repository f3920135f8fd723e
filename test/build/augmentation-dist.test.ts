// Module augmentation as hosts get it: the packed package installed outside the repository, and a host checked by
// tsc (strict, library declarations checked too). A plugin's `declare module 'vestibule/kernel'` (its options, events,
// API) and a third-party plugin's `declare module 'vestibule'` / `'vestibule/kernel'` must merge with the package's
// interfaces, which holds only when those interfaces are declared in the module the augmentation names.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installPackedPackage, root, type PackedHost } from './packed.js'

const HOST = `
import { createModal, type ViewProps } from 'vestibule'
import { siwx, hostBackend, type SiwxSession } from 'vestibule/plugins/siwx'
import { swap } from 'vestibule/plugins/swap'
import { onramp } from 'vestibule/plugins/onramp'
import type { AccountState } from 'vestibule/kernel'
import { hello, type HelloApi } from './hello.js'

export const modal = createModal({
  projectId: 'x',
  plugins: [siwx(), swap(), onramp(), hello()],
  siwx: { required: true, statement: 'Sign in to the app', store: hostBackend({ url: '/auth' }) },
  swapNetworks: [31337],
  onrampProviders: [{ id: 'coinbase', name: 'Coinbase', feeRange: '1-2%' }],
  features: { swaps: false, onramp: true },
  helloText: 'Hi',
})
export const off = modal.on('siwx:signIn', ({ session }) => {
  const signed: SiwxSession = session
  return signed.signature
})
// The merged types are checked, not widened: a payload's field that does not exist is refused.
// @ts-expect-error -- no 'nope' in the siwx:signIn payload
export const wrong = modal.on('siwx:signIn', (payload) => payload.nope)
export const greeted = modal.on('hello:greeted', ({ count }) => count.toFixed())
export const sessions = modal.getPlugin('siwx').getSessions()

/** A view of the sign-in plugin: its API typed from the plugin's name. */
export function SignOut({ ctx }: ViewProps<undefined, 'siwx'>) {
  return ctx.api.signOut()
}

export const greetingOf = (account: AccountState): string | undefined => account.greeting
export const helloApi: HelloApi = modal.getPlugin('hello')
`

/**
 * A plugin written outside the package, in both forms the plugin guide shows. Checked first, before the package's
 * plugins: a `'vestibule'` augmentation merged before a `'vestibule/kernel'` one must not be lost.
 */
const HELLO = `
import { definePlugin } from 'vestibule'
export interface HelloApi { greet(): number }
declare module 'vestibule' {
  interface PluginApis { hello: HelloApi }
  interface VestibuleEvents { 'hello:greeted': { count: number } }
  interface ModalOptions { helloText?: string }
}
declare module 'vestibule/kernel' {
  interface AccountState { greeting?: string }
  interface ConnectorTypes { HELLO: true }
}
export function hello() {
  return definePlugin({
    name: 'hello',
    options: { helloText: { check: (v: unknown) => (typeof v === 'string' ? undefined : 'must be a string'), default: 'Hello' } },
    setup: (ctx) => ({ greet: () => ctx.options.helloText.length }),
  })
}
`

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom', 'dom.iterable'],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
    types: [],
  },
  files: ['hello.ts', 'host.ts'],
}

let host: PackedHost
beforeAll(() => {
  host = installPackedPackage()
  writeFileSync(join(host.dir, 'hello.ts'), HELLO)
  writeFileSync(join(host.dir, 'host.ts'), HOST)
  writeFileSync(join(host.dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2))
}, 600_000)
afterAll(() => host?.remove(), 300_000)

/** tsc's diagnostics for the host, empty when it compiles. */
function typeCheck(dir: string): string {
  try {
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir, '--pretty', 'false'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    return ''
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string }
    return `${stdout ?? ''}${stderr ?? ''}`.trim() || String(e)
  }
}

describe('a TypeScript host on the packed package', () => {
  it("gets the plugins' options, events and APIs, and its own plugin's augmentation of vestibule and vestibule/kernel", {
    timeout: 240_000,
  }, () => {
    expect(typeCheck(host.dir)).toBe('')
  })
})
