/** A plugin's options and flags: typed by the `ModalOptions` and `Features` augmentations, owned by one side. */
import { describe, expect, it } from 'vitest'
import { definePlugin, type Plugin } from '../../kernel/plugin.js'
import type { ModalOptions } from '../../kernel/options.js'
import { VestibuleError } from '../../kernel/errors.js'
import { modalWithWallet } from './kernel-fixtures.js'
// Its augmentation adds `helloText` to ModalOptions: the option the typed plugins below declare.
import type {} from '../../examples/hello/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const refusal = (plugin: Plugin) => {
  try {
    modalWithWallet({ plugins: [plugin] })
  } catch (error) {
    expect(error).toBeInstanceOf(VestibuleError)
    return `${(error as VestibuleError).code}: ${(error as Error).message}`
  }
  throw new Error('expected createKernel to throw')
}

describe('a plugin may not declare what the modal owns', () => {
  it.each(['themeMode', 'projectId', 'storage', 'features'])('declaring the option `%s` is refused, naming the plugin', (name) => {
    const plugin = { name: 'greedy', options: { [name]: { default: 'light' } }, setup() {} } as unknown as Plugin
    expect(refusal(plugin)).toBe(`INVALID_PLUGIN: Plugin "greedy" declares the option \`${name}\`, which the modal itself owns`)
  })

  it.each(['legalCheckbox', 'connectorTypeOrder'])('declaring the feature flag `%s` is refused, naming the plugin', (name) => {
    const plugin = { name: 'greedy', features: { [name]: true }, setup() {} } as unknown as Plugin
    expect(refusal(plugin)).toBe(`INVALID_PLUGIN: Plugin "greedy" declares the feature \`features.${name}\`, which the modal itself owns`)
  })

  it('an option of its own is fine, and its default reaches the host options', () => {
    const plugin = definePlugin({ name: 'greeter', options: { helloText: { default: 'Hi' } }, setup() {} })
    const { modal } = modalWithWallet({ plugins: [plugin] })
    expect(kernelOf(modal).options.helloText).toBe('Hi')
  })
})

describe('a declared flag may be more than a boolean', () => {
  const plugin = {
    name: 'lists',
    features: { greetings: { default: ['hi'], check: (v: unknown) => (Array.isArray(v) ? undefined : 'must be a list') } },
    setup() {},
  } as unknown as Plugin
  it('its declaration checks it and gives its default', () => {
    expect(() => modalWithWallet({ plugins: [plugin], features: { greetings: 'hi' } } as ModalOptions)).toThrow(
      '`features.greetings` must be a list',
    )
    const { modal } = modalWithWallet({ plugins: [plugin] })
    expect((kernelOf(modal).options.features as Record<string, unknown>).greetings).toEqual(['hi'])
  })
})

describe('plugin options are typed by the ModalOptions augmentation', () => {
  it('a declared default makes the option defined in the context; the type checker refuses the rest', () => {
    let seen: string | undefined
    const typed = definePlugin({
      name: 'typed',
      options: { helloText: { check: (v) => (typeof v === 'string' ? undefined : 'must be a string'), default: 'Hey' } },
      setup(ctx) {
        // No `?? …` needed: the declared default is there (a `string`, not `string | undefined`).
        const text: string = ctx.options.helloText
        seen = text.toUpperCase()
      },
    })
    modalWithWallet({ plugins: [typed] })
    expect(seen).toBe('HEY')

    const refused: Plugin[] = [
      // @ts-expect-error `helloTxt` is no option any augmentation adds
      definePlugin({ name: 'typo', options: { helloTxt: {} }, setup() {} }),
      // @ts-expect-error beside a declared option, `helloTxt` still is no option any augmentation adds
      definePlugin({ name: 'typo2', options: { helloText: { default: 'a' }, helloTxt: {} }, setup() {} }),
      // @ts-expect-error `themeMode` is the modal's own option
      definePlugin({ name: 'kernel', options: { themeMode: { default: 'light' } }, setup() {} }),
      // @ts-expect-error the default of `helloText` must be a string
      { name: 'wrong-default', options: { helloText: { default: 3 } }, setup() {} } satisfies Plugin,
      // @ts-expect-error `legalCheckbox` is the modal's own flag
      { name: 'flag', features: { legalCheckbox: true }, setup() {} } satisfies Plugin,
    ]
    expect(refused).toHaveLength(5)
  })

  it('without a default the option may be undefined', () => {
    definePlugin({
      name: 'optional',
      options: { helloText: {} },
      setup(ctx) {
        // @ts-expect-error no default declared: `string | undefined`
        const text: string = ctx.options.helloText
        return text
      },
    })
  })
})
