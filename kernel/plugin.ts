import { VestibuleError } from './errors.js'
import type { Plugin, PluginInput, PluginOptionDeclarations, PluginOptionName } from './contract.js'

// The plugin contract's types live in contract.ts, a leaf the kernel's modules build on; here are its functions.
export type {
  LazyService,
  Services,
  AccountFields,
  NetworkFields,
  PluginConnection,
  ReadonlyKernelState,
  AfterConnectStep,
  PluginContext,
  OptionDeclaration,
  PluginOptionDeclarations,
  PluginFeatureDeclarations,
  Defaulted,
  Plugin,
  PluginApis,
  PluginInput,
} from './contract.js'
export { createToken, type Token } from './token.js'

/**
 * Returns `plugin` as it is; written through it, the plugin's context knows which of its options have a default
 * (`ctx.options.x` is then not `undefined`), and a declared key no `ModalOptions` augmentation adds is an error.
 */
export function definePlugin<Api, const O extends PluginOptionDeclarations = {}>(
  plugin: Plugin<Api, O> & { options?: PluginOptionDeclarations & { readonly [K in Exclude<keyof O, PluginOptionName>]?: never } },
): Plugin<Api> {
  return plugin as unknown as Plugin<Api>
}

/** Flattens, drops falsy entries, validates names and `requires`, and orders pre → normal → post. */
export function normalizePlugins(input: readonly PluginInput[] | undefined): Plugin[] {
  const flat: Plugin[] = []
  const walk = (items: readonly PluginInput[]) => {
    for (const item of items) {
      if (Array.isArray(item)) walk(item)
      else if (item) flat.push(item as Plugin)
    }
  }
  if (input !== undefined && !Array.isArray(input)) throw new VestibuleError('INVALID_PLUGIN', '`plugins` must be an array of plugins')
  walk(input ?? [])

  const seen = new Set<string>()
  for (const [index, plugin] of flat.entries()) {
    if (typeof plugin !== 'object' || typeof plugin.name !== 'string' || !plugin.name) {
      throw new VestibuleError(
        'INVALID_PLUGIN',
        `Plugin at position ${index} has no name; a plugin is an object with a "name" and a "setup" function`,
      )
    }
    if (typeof plugin.setup !== 'function') throw new VestibuleError('INVALID_PLUGIN', `Plugin "${plugin.name}" has no setup() function`)
    if (plugin.order !== undefined && plugin.order !== 'pre' && plugin.order !== 'post') {
      throw new VestibuleError('INVALID_PLUGIN', `Plugin "${plugin.name}" has order "${String(plugin.order)}"; use "pre" or "post"`)
    }
    if (seen.has(plugin.name))
      throw new VestibuleError('DUPLICATE_PLUGIN', `Duplicate plugin "${plugin.name}": each plugin can be registered once`)
    seen.add(plugin.name)
  }
  for (const plugin of flat) {
    const missing = (plugin.requires ?? []).filter((name) => !seen.has(name))
    if (missing.length) {
      throw new VestibuleError(
        'MISSING_PLUGIN',
        `Plugin "${plugin.name}" requires ${missing.map((m) => `"${m}"`).join(', ')}, which ${missing.length > 1 ? 'are' : 'is'} not registered`,
      )
    }
  }
  const rank = (p: Plugin) => (p.order === 'pre' ? 0 : p.order === 'post' ? 2 : 1)
  const ranked = flat
    .map((p, i) => ({ p, i }))
    .sort((a, b) => rank(a.p) - rank(b.p) || a.i - b.i)
    .map(({ p }) => p)
  // A plugin's `requires` set up before it, so its setup can call getPlugin() on them.
  const byName = new Map(ranked.map((p) => [p.name, p]))
  const placed = new Set<string>()
  const visiting: string[] = []
  const ordered: Plugin[] = []
  const place = (plugin: Plugin) => {
    if (placed.has(plugin.name)) return
    if (visiting.includes(plugin.name)) {
      throw new VestibuleError(
        'INVALID_PLUGIN',
        `Plugins ${[...visiting.slice(visiting.indexOf(plugin.name)), plugin.name].map((n) => `"${n}"`).join(' → ')} require each other`,
      )
    }
    visiting.push(plugin.name)
    for (const name of plugin.requires ?? []) place(byName.get(name)!)
    visiting.pop()
    placed.add(plugin.name)
    ordered.push(plugin)
  }
  ranked.forEach(place)
  return ordered
}
