// Chain state has one writer: every change of `state.$chains` in the kernel and the shell goes through
// kernel/chain-writer.ts; the state module only creates the stores.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createChainWriter } from '../../kernel/chain-writer.js'
import * as stateModule from '../../kernel/state.js'
import { createKernelState } from '../../kernel/state.js'
import { atom } from 'nanostores'
import { fakeAdapter, mainnet, optimism } from './helpers.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : []
  })

describe('the one writer of chain state', () => {
  it('the state module exports no writer: only the stores, the empty account and their types', () => {
    expect(Object.keys(stateModule).sort()).toEqual(['createKernelState', 'emptyAccount'])
  })

  it('no source file but kernel/chain-writer.ts writes $chains', () => {
    const writers = ['kernel', 'ui', 'plugins', 'chains']
      .flatMap(sources)
      .filter((file) => /\$chains\s*\.\s*(set|setKey)\s*\(|\.\s*\$chains\s*=/.test(readFileSync(file, 'utf8')))
    expect(writers).toEqual([join('kernel', 'chain-writer.ts')])
  })

  it('read gives a namespace not written yet as disconnected on its adapter networks; write merges, or swaps the account', () => {
    const state = createKernelState(atom([]))
    const { adapter } = fakeAdapter()
    const writer = createChainWriter(state, { get: (ns) => (ns === 'eip155' ? adapter : undefined) })
    expect(writer.read('eip155')).toEqual({
      namespace: 'eip155',
      accountState: { status: 'disconnected', balanceStatus: 'idle' },
      networkState: { requestedCaipNetworks: [mainnet, optimism], supportsAllNetworks: false },
    })
    writer.write('eip155', { account: { status: 'connected', address: '0x1', profileName: 'n' }, network: { caipNetwork: mainnet } })
    writer.write('eip155', { account: { profileName: 'm' } })
    expect(state.$chains.get().eip155?.accountState).toEqual({
      status: 'connected',
      balanceStatus: 'idle',
      address: '0x1',
      profileName: 'm',
    })
    writer.write('eip155', { account: { status: 'connecting' } }, true)
    expect(state.$chains.get().eip155?.accountState).toEqual({ status: 'connecting', balanceStatus: 'idle' })
    expect(state.$chains.get().eip155?.networkState.caipNetwork).toBe(mainnet)
  })

  it('patch only changes a namespace that has state; a key like "__proto__" is not one', () => {
    const state = createKernelState(atom([]))
    const writer = createChainWriter(state, { get: () => undefined })
    expect(writer.patch('solana', { account: { profileName: 'x' } })).toBe(false)
    expect(writer.patch('__proto__', { account: { profileName: 'x' } })).toBe(false)
    expect(state.$chains.get()).toEqual({})
  })

  it("the Account tab is asked of the navigation, which writes the active account's currentTab", async () => {
    const { modal } = modalWithWallet()
    kernelOf(modal).chains.startDiscovery()
    await modal.connect('io.fake')
    kernelOf(modal).navigation.selectAccountTab('nfts')
    expect(kernelOf(modal).state.$chains.get().eip155?.accountState.currentTab).toBe('nfts')
    // The tab is named by its id; something that is not an id changes nothing.
    kernelOf(modal).navigation.selectAccountTab('' as string)
    kernelOf(modal).navigation.selectAccountTab(2 as unknown as string)
    expect(kernelOf(modal).state.$chains.get().eip155?.accountState.currentTab).toBe('nfts')
  })
})
