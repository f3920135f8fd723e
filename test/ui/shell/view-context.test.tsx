// Views and slot components receive a view context from the shell: the registering plugin's API, `t`, the
// connection with the navigation asks, read-only state and registries; never the modal's kernel.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { renderToString } from 'react-dom/server'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { createKernel, type Plugin, type PluginApis, type ViewContext } from '../../../kernel/index.js'
import { Tokens } from '../../../kernel/container.js'
import type { TabProps, ViewProps } from '../../../ui/view-props.js'
import { ShellApp } from '../../../ui/shell/App.js'
import { SlotComponent } from '../../../ui/shell/lazy.js'
import { ShellModal, viewContext } from '../../../ui/shell/view-context.js'
import type { HelloApi } from '../../../examples/hello/index.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const ProbeView = ({ ctx, data }: ViewProps<{ who: string }>) => (
  <p data-testid="probe">{`${(ctx.api as { word: string }).word}:${data.who}:${ctx.plugin}:${ctx.t('probe.text')}`}</p>
)
const ProbeTab = ({ ctx, entry }: TabProps) => <p data-testid="tab">{`${(ctx.api as { word: string }).word}:${entry.id}:${ctx.plugin}`}</p>

const probe = (name: string, word: string): Plugin => ({
  name,
  setup(ctx) {
    ctx.i18n.add({ 'probe.text': 'Probed' })
    ctx.views.register('Probe', { load: async () => ({ default: ProbeView }) })
    ctx.slots.add('account.tabs', { id: 'probe', label: 'Probe', load: async () => ({ default: ProbeTab }) })
    return { word }
  },
})
const other: Plugin = { name: 'other', setup: () => ({ word: 'not mine' }) }

describe('view context', () => {
  it("a view drawn by the shell receives its plugin's API, `t` and its data", async () => {
    const modal = createKernel({ storage: null, plugins: [other, probe('prober', 'mine')] })
    await kernelOf(modal).views.get('Probe')!.load()
    const html = renderToString(<ShellApp modal={modal} cache={new Map()} rehearsal={{ view: 'Probe', data: { who: 'ada' } }} />)
    expect(html).toContain('mine:ada:prober:Probed')
  })

  it("a slot component drawn inside a view receives its own plugin's context", async () => {
    const modal = createKernel({ storage: null, plugins: [other, probe('prober', 'tabbed')] })
    const entry = kernelOf(modal).slots.list('account.tabs')[0]!
    await entry.load!()
    const html = renderToString(
      <ShellModal.Provider value={modal}>
        <SlotComponent entry={entry} load={entry.load!} errorText="x" retryText="y" />
      </ShellModal.Provider>,
    )
    expect(html).toContain('tabbed:probe:prober')
  })

  it('offers the connection with the navigation asks, read-only registries, and refuses kernel tokens', () => {
    const modal = createKernel({ storage: null, plugins: [probe('prober', 'w')] })
    const ctx = viewContext(modal, 'prober')
    expect(viewContext(modal, 'prober')).toBe(ctx)
    expect(ctx.connection.selectAccountTab).toBe(kernelOf(modal).navigation.selectAccountTab)
    expect(ctx.connection.connect).toBe(kernelOf(modal).navigation.connect)
    expect(ctx.connection.account).toBe(kernelOf(modal).pluginConnection.account)
    expect(ctx.state.$snapshot).toBe(kernelOf(modal).state.$snapshot)
    expect(Object.keys(ctx.views)).toEqual(['has'])
    expect(Object.keys(ctx.slots)).toEqual(['list'])
    expect('register' in ctx.chains).toBe(false)
    expect(() => ctx.services.get(Tokens.State)).toThrow('A view of plugin "prober" cannot reach Tokens.State')
    expect(viewContext(modal).api).toBeUndefined()
  })

  it('types the API through PluginApis when the plugin name is known', () => {
    expectTypeOf<ViewContext<'hello'>['api']>().toEqualTypeOf<HelloApi>()
    expectTypeOf<ViewProps<unknown, 'hello'>['ctx']['api']>().toEqualTypeOf<PluginApis['hello']>()
    expectTypeOf<ViewContext['api']>().toBeUnknown()
  })
})

/** Every file under `dir` (recursively) whose name ends with one of `endings`. */
function files(dir: string, endings: readonly string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path, endings)
    return endings.some((e) => name.endsWith(e)) ? [path] : []
  })
}

describe('no view reads the kernel', () => {
  it('no view or slot component in ui/views, plugins or examples reaches the kernel (kernelOf, KernelContext)', () => {
    const scanned = [
      ...files('ui/views', ['.tsx', '.ts']),
      ...files('plugins', ['.tsx']),
      ...files('examples', ['.tsx']),
      'plugins/send/wiring.ts',
    ]
    expect(scanned.length).toBeGreaterThan(15)
    const offenders = scanned.filter((path) => /\bkernelOf\b|kernel-of|\bKernelContext\b/.test(readFileSync(path, 'utf8')))
    expect(offenders).toEqual([])
  })
})
