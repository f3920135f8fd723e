// Typed view ids: a plugin that declares its views (ViewIds) and opts in (CheckedViews) gets a router in its views
// and tabs that refuses an id nobody declared, or the wrong data, at type-check time; a context of no named plugin
// (a test's fake) still takes any id.
import { describe, expect, it } from 'vitest'
import { checkBlocks, type DocBlock } from '../docs/code-blocks.js'

const block = (name: string, code: string): DocBlock => ({ source: `${name}:0`, lang: 'tsx', code, prelude: '' })

const declared = block(
  'declared',
  `import type { TabProps, ViewContext, ViewProps } from 'vestibule'
declare module 'vestibule' {
  interface ViewIds { NoteEdit: { id: string } }
  interface CheckedViews { notes: true }
}
export function NoteView({ ctx }: ViewProps<unknown, 'notes'>) {
  ctx.router.push('NoteEdit', { id: '1' })
  ctx.router.replace('Account')
  ctx.router.goBack()
  return null
}
export function Fake(ctx: ViewContext) {
  ctx.router.push('AnythingAtAll', 42)
}
// A checked plugin's context, and any other plugin's, still passes where a plain one is taken.
export const plain: ViewContext[] = [null as unknown as ViewContext<'notes'>, null as unknown as ViewContext<'siwx'>]
export function Other({ ctx }: TabProps<'unchecked'>) {
  ctx.router.push('Whatever')
  return null
}`,
)
const wrongId = block(
  'wrong-id',
  `import type { ViewProps } from 'vestibule'
export function NoteView({ ctx }: ViewProps<unknown, 'notes'>) {
  ctx.router.push('Nope')
  return null
}`,
)
const wrongData = block(
  'wrong-data',
  `import type { ViewProps } from 'vestibule'
export function NoteView({ ctx }: ViewProps<unknown, 'notes'>) {
  ctx.router.push('NoteEdit')
  return null
}`,
)
const wrongTab = block(
  'wrong-tab',
  `import type { TabProps } from 'vestibule'
export function NotesTab({ ctx }: TabProps<'notes'>) {
  ctx.router.reset('Nope', { id: '1' })
  return null
}`,
)

describe('typed view ids', () => {
  it('a checked plugin: declared ids pass, a wrong id, missing data or a wrong tab id fail tsc; fakes take any id', {
    timeout: 240_000,
  }, () => {
    const errors = checkBlocks([declared, wrongId, wrongData, wrongTab])
    expect(errors.get(declared)).toEqual([])
    expect(errors.get(wrongId)!.join('\n')).toMatch(/Argument of type '"Nope"' is not assignable/)
    expect(errors.get(wrongData)!.join('\n')).toMatch(/Expected 2 arguments, but got 1|Source has 1 element\(s\) but target requires 2/)
    expect(errors.get(wrongTab)!.join('\n')).toMatch(/"Nope"/)
  })
})
