// "Network Not Found": what the embedded wallet answers, through the plugin's own request path on a real kernel,
// for a chain the modal does not have (a switch to it, a family without a provider) and for a user whose accounts are
// all on chains the modal does not have. Nothing of it reaches the secure site, and the session stays usable.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../../kernel/kernel.js'
import { eip155 } from '../../../chains/eip155/index.js'
import { auth } from '../../../plugins/auth/index.js'
import { FRAME_READY_DELAY_MS } from '../../../plugins/auth/frame.js'
import { dummyView } from '../../kernel/helpers.js'
import { fakeDom, SITE, type Posted } from './fake-dom.js'
import { kernelOf } from '../../../kernel/kernel-of.js'

const SOLANA = '5ezco89w4JoYGMYYdp6huasPnmSnAReZudGYMVaAi4fu'
const local = {
  id: 31337,
  name: 'Local',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

let dom: ReturnType<typeof fakeDom>
beforeEach(() => {
  vi.useFakeTimers()
  dom = fakeDom()
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A modal with the eip155 plugin (31337 only) and auth(); the secure site answers with `reply`. */
async function setup(reply: (m: Posted['message']) => unknown = () => ({})) {
  const modal = createKernel(
    { projectId: 'p', storage: null, secureSiteUrl: `${SITE}/frame`, plugins: [eip155({ networks: [local] as never }), auth()] } as never,
    { views: { Connect: dummyView }, slots: [] } as never,
  )
  vi.stubGlobal('document', dom.document)
  vi.stubGlobal('window', dom.window)
  dom.secureSite(reply)
  const plugin = modal.getPlugin('auth')
  return { modal, plugin, client: await plugin.client() }
}

const failure = (job: Promise<unknown>) =>
  job.then(
    () => undefined,
    (e: { message: string; code?: number }) => ({ message: e.message, code: e.code }),
  )

describe('Network Not Found', () => {
  it('a switch to a chain the modal does not have is refused (4902) before the frame hears of it', async () => {
    const { client, modal } = await setup()
    expect(await failure(client.request('eip155', { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }))).toEqual({
      message: 'Network Not Found',
      code: 4902,
    })
    expect(await failure(client.request('eip155', { method: 'wallet_switchEthereumChain', params: [{ chainId: 'not-hex' }] }))).toEqual({
      message: 'Network Not Found',
      code: 4902,
    })
    expect(dom.appended).toHaveLength(0)
    // The session is still usable: the modal's own chain is answered.
    expect(await client.request('eip155', { method: 'eth_chainId' })).toBe('0x7a69')
    modal.destroy()
  })

  it('a request for a chain family the embedded wallet has no provider for', async () => {
    const { client, modal } = await setup()
    expect(await failure(client.request('polkadot', { method: 'polkadot_signMessage', params: [] }))).toMatchObject({
      message: 'Network Not Found',
    })
    expect(dom.appended).toHaveLength(0)
    modal.destroy()
  })

  it('a user whose accounts are all on chains the modal does not have: the code view says so, nothing connects', async () => {
    const accounts = { solana: [{ address: SOLANA, type: 'eoa' }] }
    const { client, plugin, modal } = await setup((m) => (m.type === 'GetUser' ? { email: 'sol@example.com', accounts } : {}))
    const sent = client.submitEmail('sol@example.com')
    dom.ready()
    await vi.advanceTimersByTimeAsync(FRAME_READY_DELAY_MS)
    await sent
    await client.submitOtp('123456')
    expect(plugin.$state.get()).toMatchObject({ step: 'otp', error: 'Network Not Found' })
    expect(modal.getState().status).toBe('disconnected')
    expect(kernelOf(modal).chains.findConnector('ID_AUTH')).toBeUndefined()
    // Back to the form: the login can start again.
    client.cancel()
    expect(plugin.$state.get()).toMatchObject({ step: 'idle', error: undefined })
    modal.destroy()
  })
})
