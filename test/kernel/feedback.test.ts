/** Modal feedback: shake 500 ms, snackbar swap 150 ms, alerts logged once and dismissed after 8 s unless held. */
import { map } from 'nanostores'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ALERT_HIDE_MS, createFeedback, SHAKE_MS, SNACKBAR_HIDE_MS, SNACKBAR_SWAP_MS } from '../../kernel/feedback.js'
import type { ModalState } from '../../kernel/state.js'
import { modalWithWallet } from './kernel-fixtures.js'
import { kernelOf } from '../../kernel/kernel-of.js'

function setup() {
  const modal = map<ModalState>({ open: true, loading: {}, shake: false })
  const log = vi.fn()
  const feedback = createFeedback(modal, log)
  return { modal, log, feedback }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('feedback: shake', () => {
  it('SHAKE_MS is 500 ms', () => {
    expect(SHAKE_MS).toBe(500)
  })

  it('shake lasts 500 ms: still shaking at 499 ms, stopped at 500 ms', () => {
    const { modal, feedback } = setup()
    feedback.shake()
    expect(modal.get().shake).toBe(true)
    vi.advanceTimersByTime(499)
    expect(modal.get().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.get().shake).toBe(false)
  })

  it('a second shake restarts the 500 ms', () => {
    const { modal, feedback } = setup()
    feedback.shake()
    vi.advanceTimersByTime(300)
    feedback.shake()
    vi.advanceTimersByTime(499)
    expect(modal.get().shake).toBe(true)
    vi.advanceTimersByTime(1)
    expect(modal.get().shake).toBe(false)
  })

  it('the kernel feedback shakes the modal state of its modal', () => {
    const { modal } = modalWithWallet()
    kernelOf(modal).feedback.shake()
    expect(kernelOf(modal).state.$modal.get().shake).toBe(true)
    vi.advanceTimersByTime(SHAKE_MS)
    expect(kernelOf(modal).state.$modal.get().shake).toBe(false)
  })
})

describe('feedback: snackbar', () => {
  it('SNACKBAR_SWAP_MS is 150 ms', () => {
    expect(SNACKBAR_SWAP_MS).toBe(150)
  })

  it.each(['success', 'error', 'loading'] as const)('snackbar variant %s is shown at once when none is open', (variant) => {
    const { feedback } = setup()
    feedback.showSnackbar(variant, 'Hello')
    expect(feedback.$snackbar.get()).toEqual({ open: true, variant, message: 'Hello' })
  })

  it('replacing an open snackbar hides it at once and shows the new one after 150 ms (149 ms: still hidden)', () => {
    const { feedback } = setup()
    feedback.showSnackbar('loading', 'Authenticating...')
    feedback.showSnackbar('success', 'Transaction started')
    expect(feedback.$snackbar.get()).toMatchObject({ open: false, message: 'Authenticating...' })
    vi.advanceTimersByTime(149)
    expect(feedback.$snackbar.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(feedback.$snackbar.get()).toEqual({ open: true, variant: 'success', message: 'Transaction started' })
  })

  it('of two quick replacements only the last one is shown', () => {
    const { feedback } = setup()
    feedback.showSnackbar('loading', 'a')
    feedback.showSnackbar('error', 'b')
    feedback.showSnackbar('success', 'c')
    vi.advanceTimersByTime(SNACKBAR_SWAP_MS)
    expect(feedback.$snackbar.get()).toEqual({ open: true, variant: 'success', message: 'c' })
    vi.advanceTimersByTime(1000)
    expect(feedback.$snackbar.get().message).toBe('c')
  })

  it('hideSnackbar hides it and cancels a pending replacement', () => {
    const { feedback } = setup()
    feedback.showSnackbar('loading', 'a')
    feedback.showSnackbar('success', 'b')
    feedback.hideSnackbar()
    vi.advanceTimersByTime(SNACKBAR_SWAP_MS)
    expect(feedback.$snackbar.get().open).toBe(false)
  })

  it('after hiding, the next snackbar is shown at once', () => {
    const { feedback } = setup()
    feedback.showSnackbar('loading', 'a')
    feedback.hideSnackbar()
    feedback.showSnackbar('error', 'b')
    expect(feedback.$snackbar.get()).toEqual({ open: true, variant: 'error', message: 'b' })
  })

  it.each(['success', 'error'] as const)('a %s snackbar hides itself 2.5 s after it is shown (open at 2 499 ms)', (variant) => {
    const { feedback } = setup()
    expect(SNACKBAR_HIDE_MS).toBe(2500)
    feedback.showSnackbar(variant, 'Link copied')
    vi.advanceTimersByTime(2499)
    expect(feedback.$snackbar.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(feedback.$snackbar.get()).toEqual({ open: false, variant, message: 'Link copied' })
  })

  it('a loading snackbar stays until replaced; a replacement gets its own 2.5 s from when it shows', () => {
    const { feedback } = setup()
    feedback.showSnackbar('loading', 'Waiting…')
    vi.advanceTimersByTime(60_000)
    expect(feedback.$snackbar.get().open).toBe(true)
    feedback.showSnackbar('success', 'Done')
    vi.advanceTimersByTime(SNACKBAR_SWAP_MS + 2499)
    expect(feedback.$snackbar.get()).toEqual({ open: true, variant: 'success', message: 'Done' })
    vi.advanceTimersByTime(1)
    expect(feedback.$snackbar.get().open).toBe(false)
  })

  it('a confirmation does not follow into the next view; a loading snackbar does', () => {
    const { modal } = modalWithWallet()
    kernelOf(modal).router.reset('Connect')
    kernelOf(modal).feedback.showSnackbar('success', 'Link copied')
    kernelOf(modal).router.push('Account')
    expect(kernelOf(modal).feedback.$snackbar.get().open).toBe(false)
    kernelOf(modal).feedback.showSnackbar('loading', 'Switching…')
    kernelOf(modal).router.push('ConnectingExternal')
    expect(kernelOf(modal).feedback.$snackbar.get().open).toBe(true)
  })

  it('dispose cancels pending timers', () => {
    const { feedback, modal } = setup()
    feedback.shake()
    feedback.showSnackbar('loading', 'a')
    feedback.showSnackbar('success', 'b')
    feedback.dispose()
    vi.advanceTimersByTime(1000)
    expect(feedback.$snackbar.get().open).toBe(false)
    expect(modal.get().shake).toBe(true)
  })
})

describe('feedback: alerts', () => {
  it('an alert is shown in the modal and logged once however often it is raised', () => {
    const { feedback, log } = setup()
    feedback.alert('embedded-login-timeout', 'Embedded login timed out')
    feedback.alert('embedded-login-timeout', 'Embedded login timed out')
    expect(feedback.$alerts.get()).toEqual([{ id: 'embedded-login-timeout', message: 'Embedded login timed out' }])
    expect(log).toHaveBeenCalledTimes(1)
    expect(log).toHaveBeenCalledWith('[vestibule] Embedded login timed out')
  })

  it('different alerts are each shown and logged', () => {
    const { feedback, log } = setup()
    feedback.alert('a', 'A')
    feedback.alert('b', 'B')
    expect(feedback.$alerts.get().map((a) => a.id)).toEqual(['a', 'b'])
    expect(log).toHaveBeenCalledTimes(2)
  })

  it('a dismissed alert raised again is shown again but not logged again', () => {
    const { feedback, log } = setup()
    feedback.alert('a', 'A')
    feedback.dismissAlert('a')
    expect(feedback.$alerts.get()).toEqual([])
    feedback.alert('a', 'A')
    expect(feedback.$alerts.get()).toEqual([{ id: 'a', message: 'A' }])
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('an alert dismisses itself after 8 s: shown at 7 999 ms, gone at 8 000 ms; raised again, it gets its full time', () => {
    const { feedback } = setup()
    expect(ALERT_HIDE_MS).toBe(8000)
    feedback.alert('a', 'A')
    vi.advanceTimersByTime(5000)
    feedback.alert('a', 'A')
    vi.advanceTimersByTime(ALERT_HIDE_MS - 1)
    expect(feedback.$alerts.get()).toEqual([{ id: 'a', message: 'A' }])
    vi.advanceTimersByTime(1)
    expect(feedback.$alerts.get()).toEqual([])
  })

  it('an alert held by the pointer or focus stays; released, it has 8 s again', () => {
    const { feedback } = setup()
    feedback.alert('a', 'A')
    vi.advanceTimersByTime(ALERT_HIDE_MS - 1)
    feedback.holdAlert('a', true)
    vi.advanceTimersByTime(60_000)
    expect(feedback.$alerts.get().map((a) => a.id)).toEqual(['a'])
    feedback.holdAlert('a', false)
    vi.advanceTimersByTime(ALERT_HIDE_MS - 1)
    expect(feedback.$alerts.get().map((a) => a.id)).toEqual(['a'])
    vi.advanceTimersByTime(1)
    expect(feedback.$alerts.get()).toEqual([])
  })

  it('alerts log through console.warn by default', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const feedback = createFeedback(map<ModalState>({ open: false, loading: {}, shake: false }))
      feedback.alert('x', 'Something')
      expect(warn).toHaveBeenCalledWith('[vestibule] Something')
    } finally {
      warn.mockRestore()
    }
  })
})

describe('feedback: network not found alert', () => {
  it('switchNetwork to an unknown network raises the network-not-found alert, logged once', async () => {
    vi.useRealTimers()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      const { modal } = modalWithWallet()
      await modal.open()
      await expect(modal.switchNetwork('eip155:999')).rejects.toThrow('Network not found')
      await expect(modal.switchNetwork('eip155:999')).rejects.toThrow('Network not found')
      expect(kernelOf(modal).feedback.$alerts.get()).toEqual([{ id: 'network-not-found', message: 'Network not found: eip155:999' }])
      expect(warn.mock.calls.filter(([m]) => String(m).includes('Network not found'))).toHaveLength(1)
    } finally {
      warn.mockRestore()
    }
  })
})
