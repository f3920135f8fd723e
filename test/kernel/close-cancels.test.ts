/** Closing the modal while a wallet has not answered a connect cancels it, exactly as the Cancel button does. */
import { describe, expect, it, vi } from 'vitest'
import type { CaipNetworkId } from '../../kernel/caip.js'
import { ADDRESS, deferred, flush } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

describe('closing while connecting', () => {
  it('status goes back to disconnected at once and a late answer does not connect behind the closed modal', async () => {
    const { modal, fake } = modalWithWallet()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    fake.adapter.connect.mockReturnValueOnce(answer.promise)
    await modal.open()
    kernelOf(modal).router.push('ConnectingExternal', { connectorId: 'io.fake', namespace: 'eip155' })
    const pending = modal.connect('io.fake')
    await vi.waitFor(() => expect(modal.getState().status).toBe('connecting'))
    expect(modal.close()).toBe(true)
    expect(modal.getState().status).toBe('disconnected')
    expect(kernelOf(modal).state.$modal.get().loading.eip155).toBe(false)
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await pending.catch(() => undefined)
    await flush()
    expect(modal.getState()).toMatchObject({ status: 'disconnected', address: undefined })
    expect(fake.adapter.getBalance).not.toHaveBeenCalled()
    // The connecting view is left, as Cancel leaves it; the next open starts from Connect.
    expect(modal.getState().view).not.toBe('ConnectingExternal')
    await modal.open()
    expect(modal.getState().view).toBe('Connect')
  })

  it('a connect the host started while the modal was closed is not cancelled by a close()', async () => {
    const { modal, fake } = modalWithWallet()
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    fake.adapter.connect.mockReturnValueOnce(answer.promise)
    await modal.open()
    modal.close()
    const pending = modal.connect('io.fake')
    await flush()
    modal.close()
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await pending
    expect(modal.getState().status).toBe('connected')
  })

  it('a close refused by a plugin cancels nothing', async () => {
    const { modal, fake } = modalWithWallet({ plugins: [{ name: 'guard', setup: (ctx) => ctx.onClose(() => 'sign in first') }] })
    const answer = deferred<{ address: string; caipNetworkId: CaipNetworkId }>()
    fake.adapter.connect.mockReturnValueOnce(answer.promise)
    await modal.open()
    const pending = modal.connect('io.fake')
    await vi.waitFor(() => expect(modal.getState().status).toBe('connecting'))
    expect(modal.close()).toBe(false)
    expect(modal.getState().status).toBe('connecting')
    answer.resolve({ address: ADDRESS, caipNetworkId: 'eip155:1' })
    await pending
    expect(modal.getState().status).toBe('connected')
  })
})
