// Post-connect and post-disconnect navigation: an after-connect step a plugin declares goes between a
// successful connection and Account; after a disconnect the modal rests on Connect (or Account of a namespace
// still connected).
import { describe, expect, it } from 'vitest'
import { dummyView } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'

/** Connects the fixture's wallet: discovery must have listed it, as on first open. */
const connect = async (modal: ReturnType<typeof modalWithWallet>['modal']) => {
  modal.kernel.chains.startDiscovery()
  await modal.connect('io.fake')
}

describe('navigation', () => {
  it('connected() opens Account when no plugin adds a step', async () => {
    const { modal } = modalWithWallet()
    await connect(modal)
    modal.kernel.navigation.connected('eip155')
    expect(modal.kernel.router.current?.view).toBe('Account')
  })

  it("an after-connect step's view comes first, with the connected account in its info", async () => {
    const seen: unknown[] = []
    const { modal } = modalWithWallet({
      plugins: [
        {
          name: 'signIn',
          setup(ctx) {
            ctx.views.register('SignIn', dummyView)
            ctx.afterConnect((info) => (seen.push(info), { view: 'SignIn', data: { address: info.address } }))
          },
        },
      ],
    })
    await connect(modal)
    modal.kernel.navigation.connected('eip155')
    expect(modal.kernel.router.current).toEqual({ view: 'SignIn', data: { address: modal.getState().address } })
    expect(seen).toEqual([{ namespace: 'eip155', address: modal.getState().address, caipNetworkId: modal.getState().caipNetworkId }])
  })

  it('a throwing step is reported and Account still opens', async () => {
    const errors: string[] = []
    const { modal } = modalWithWallet({ plugins: [{ name: 'bad', setup: (ctx) => ctx.afterConnect(() => { throw new Error('nope') }) }] })
    modal.kernel.events.on('error', ({ source }) => errors.push(source))
    await connect(modal)
    modal.kernel.navigation.connected('eip155')
    expect(modal.kernel.router.current?.view).toBe('Account')
    expect(errors).toEqual(['afterConnect'])
  })

  it('disconnected() rests on Connect when nobody stays connected', async () => {
    const { modal } = modalWithWallet()
    await connect(modal)
    await modal.disconnect()
    modal.kernel.navigation.disconnected()
    expect(modal.kernel.router.current?.view).toBe('Connect')
    expect(modal.kernel.navigation.resting()).toBe('Connect')
  })
})
