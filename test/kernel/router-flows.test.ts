// A view's flow kept by the router (`router.flow`): made and started by the first call, the same one while any of
// its views is in the history (views pushed over it and popped again), stopped and forgotten once the history holds
// none of them or the modal is destroyed.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../kernel/kernel.js'
import { kernelOf } from '../../kernel/kernel-of.js'
import type { Plugin } from '../../kernel/plugin.js'
import { createRouter } from '../../kernel/router.js'
import { dummyView } from './helpers.js'
import { desktop, shellViews } from './kernel-fixtures.js'

afterEach(() => vi.restoreAllMocks())

/** A flow that counts its starts and stops. */
function counting(name = 'flow') {
  const flow = { name, started: 0, stopped: 0, start: () => (flow.started++, () => void flow.stopped++) }
  return flow
}

function setup() {
  const close = vi.fn()
  const router = createRouter({ isRegistered: () => true, close })
  const made: ReturnType<typeof counting>[] = []
  const create = () => {
    const flow = counting(`flow ${made.length + 1}`)
    made.push(flow)
    return flow
  }
  router.reset('Account')
  router.push('Send')
  return { router, made, create }
}

describe('router: a view’s flow', () => {
  it('is made and started once, and survives views pushed over its view and popped again', () => {
    const { router, made, create } = setup()
    const flow = router.flow(['Send'], create)
    expect(flow).toMatchObject({ started: 1, stopped: 0 })
    router.push('ApproveTransaction')
    router.push('Help')
    expect(router.flow(['Send'], create)).toBe(flow)
    router.goBack()
    router.goBack()
    expect(router.current?.view).toBe('Send')
    expect(router.flow(['Send'], create)).toBe(flow)
    expect(made).toHaveLength(1)
    expect(flow).toMatchObject({ started: 1, stopped: 0 })
  })

  it('is stopped once the history goes back past its view; the next call makes a new one', () => {
    const { router, made, create } = setup()
    const flow = router.flow(['Send'], create)
    router.push('ApproveTransaction')
    router.goBack()
    router.goBack()
    expect(router.current?.view).toBe('Account')
    expect(flow.stopped).toBe(1)
    router.push('Send')
    const next = router.flow(['Send'], create)
    expect(next).not.toBe(flow)
    expect(made).toHaveLength(2)
    expect(next).toMatchObject({ started: 1, stopped: 0 })
    expect(flow.stopped).toBe(1)
  })

  it('is stopped when a reset or a replace takes its view out of the history, even from under a view pushed over it', () => {
    const { router, create } = setup()
    const flow = router.flow(['Send'], create)
    router.push('ApproveTransaction')
    router.reset('Account')
    expect(flow.stopped).toBe(1)
    router.push('Send')
    const next = router.flow(['Send'], create)
    router.replace('Receive')
    expect(next.stopped).toBe(1)
    expect(flow.stopped).toBe(1)
  })

  it('of several views lives while any of them is in the history', () => {
    const { router, create } = setup()
    const flow = router.flow(['Send', 'SendReview'], create)
    router.replace('SendReview')
    expect(router.flow(['Send', 'SendReview'], create)).toBe(flow)
    expect(flow.stopped).toBe(0)
    router.goBack()
    expect(flow.stopped).toBe(1)
  })

  it('flows of other views keep their own lifetimes', () => {
    const { router, create } = setup()
    const send = router.flow(['Send'], create)
    router.push('Swap')
    const swap = router.flow(['Swap'], create)
    expect(swap).not.toBe(send)
    router.goBack()
    expect(swap.stopped).toBe(1)
    expect(send.stopped).toBe(0)
  })

  it('a flow whose stop throws is forgotten all the same, and the others still stop', () => {
    const { router } = setup()
    const failing = {
      start: () => () => {
        throw new Error('boom')
      },
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    router.flow(['Send'], () => failing)
    router.push('Swap')
    router.replace('Help')
    const other = counting()
    router.flow(['Help'], () => other)
    router.reset('Account')
    expect(other.stopped).toBe(1)
    expect(error).toHaveBeenCalledWith('[vestibule] a flow failed to stop', expect.any(Error))
    router.push('Send')
    const next = counting()
    expect(router.flow(['Send'], () => next)).toBe(next)
  })

  it('is stopped when the modal is destroyed, whatever view it shows', () => {
    const feature: Plugin = {
      name: 'feature',
      setup: (ctx) => void ['Send', 'ApproveTransaction'].forEach((id) => ctx.views.register(id, dummyView)),
    }
    const modal = createKernel({ projectId: 'p', plugins: [feature] }, { views: shellViews, platform: desktop })
    const { router } = kernelOf(modal)
    router.reset('Account')
    router.push('Send')
    const flow = router.flow(['Send'], () => counting())
    router.push('ApproveTransaction')
    modal.destroy()
    expect(flow).toMatchObject({ started: 1, stopped: 1 })
    modal.destroy()
    expect(flow.stopped).toBe(1)
  })
})
