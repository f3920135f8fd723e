/**
 * A reviewed swap sent: the allowance read again, the approve (when it is short) and the swap built at the slippage
 * tolerance, both checked and bound to each other and to what the user chose, then tried together on the network's
 * node; only then is the wallet asked: the approve first (waited for until the allowance covers the amount), then the
 * swap, through the chain plugin's `sendTransaction`. A decline keeps the form as it was; any other failure empties
 * it and says why. Success refreshes balances and Activity and empties the form.
 */
import type { MapStore, ReadableAtom, WritableAtom } from 'nanostores'
import { errorMessage, isUserRejection, type NodeFault } from 'vestibule/kernel'
import { cleanText } from 'vestibule/utils'
import type { SwapDeps, SwapForm } from './controller.js'
import { minimumReceived, SLIPPAGE_PERCENT } from './math.js'
import { bindSwap, parseAllowance, parseApprove, parseTransaction, type Approval, type SwapToken } from './parse.js'
import type { SwapView } from './view-model.js'

/** Allowance reads after an approve before giving up. */
const ALLOWANCE_TRIES = 30

interface Handle {
  $form: WritableAtom<SwapForm> | MapStore<SwapForm>
  $view: ReadableAtom<SwapView>
  patch(changes: Partial<SwapForm>): void
  reset(): void
  requestQuote(delay: number, keep?: boolean): void
  now(): number
}

const placeOf = (deps: SwapDeps) => {
  const c = deps.$context.get()
  return `${c.network?.caipNetworkId ?? ''}|${c.address ?? ''}`
}

export function executeSwap(deps: SwapDeps, h: Handle) {
  let busy = false
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  /** Reads the allowance until it covers `amount` (the approve is being mined). */
  async function awaitAllowance(token: SwapToken, user: string, amount: bigint) {
    for (let i = 0; i < ALLOWANCE_TRIES; i++) {
      if (parseAllowance(await deps.client.allowance({ tokenAddress: token.caip, userAddress: user })) >= amount) return
      await wait(deps.allowancePollMs ?? 1000)
    }
    throw new Error('The approval did not take effect')
  }

  return async function confirm() {
    const form = h.$form.get()
    const view = h.$view.get()
    const { network, address } = deps.$context.get()
    const { sell, buy, amount } = view
    if (busy || form.status !== 'reviewing' || !view.canConfirm || !sell || !buy || !amount || !network || !address) return
    busy = true
    const started = placeOf(deps)
    const user = `${network.caipNetworkId}:${address}`
    const properties = {
      network: network.caipNetworkId,
      swapFromToken: sell.symbol,
      swapToToken: buy.symbol,
      swapFromAmount: amount.toString(),
      swapToAmount: form.quote.toAmount?.toString(),
      isSmartAccount: deps.$context.get().paysOwnGas,
    }
    deps.emit('track', { event: 'SWAP_INITIATED', properties })
    deps.emit('swap:initiated', properties)
    const send = (tx: { to: string; data: string; value: bigint }) =>
      deps.sendTransaction({ from: address, to: tx.to, data: tx.data, value: tx.value, network })
    // The check's code loads while the API builds the transactions.
    const checker = import('./simulate.js')
    try {
      let approve: Approval | undefined
      if (!sell.native) {
        const allowance = parseAllowance(await deps.client.allowance({ tokenAddress: sell.caip, userAddress: user }))
        h.patch({ allowance: { key: sell.caip.toLowerCase(), value: allowance } })
        if (allowance < amount)
          approve = parseApprove(await deps.client.buildApprove({ userAddress: user, from: sell.caip, to: buy.caip }), {
            user: address,
            chainId: network.caipNetworkId,
            sell,
            buy,
            amount,
          })
      }
      // Before the approve is mined the node cannot estimate the swap: it is built without an estimate then.
      const body = {
        amount: amount.toString(),
        eip155: { slippage: String(SLIPPAGE_PERCENT) },
        from: sell.caip,
        to: buy.caip,
        userAddress: user,
        disableEstimate: approve !== undefined,
      }
      const built = parseTransaction(await deps.client.buildTransaction(body), {
        user: address,
        chainId: network.caipNetworkId,
        maxValue: sell.native ? amount : 0n,
      })
      const tx = bindSwap(built, { sell, buy, ...(approve ? { spender: approve.spender } : {}) })
      const minimum = minimumReceived(form.quote.toAmount ?? 0n)
      const check = await (await checker).checkSwap({
        network,
        user: address.toLowerCase(),
        calls: approve ? [approve, tx] : [tx],
        sell,
        buy,
        amount,
        minimum,
        spender: tx.to,
      })
      if (check === 'unsupported' && h.$form.get().checks !== 'quoteOnly') {
        // The review must say the swap was not tried before the user signs: shown, and confirmed again.
        h.patch({ checks: 'quoteOnly' })
        return
      }
      if (approve) {
        h.patch({ status: 'approving' })
        await send(approve)
        await awaitAllowance(sell, user, amount)
      }
      h.patch({ status: 'swapping' })
      const id = await send(tx)
      deps.emit('transaction', { namespace: network.chainNamespace, caipNetworkId: network.caipNetworkId, id })
      deps.emit('track', { event: 'SWAP_SUCCESS', properties })
      deps.emit('swap:success', { ...properties, id })
      deps.notify('success', 'swap.submitted')
      h.reset()
      h.patch({ status: 'done', done: { from: sell, to: buy, sold: amount, bought: form.quote.toAmount ?? 0n, id } })
      void deps.refreshBalances?.(true)
    } catch (error) {
      const message = cleanText(errorMessage(error), 200)
      const declined = isUserRejection(error) || (error as { code?: unknown } | undefined)?.code === 'USER_REJECTED'
      deps.emit('track', { event: 'SWAP_ERROR', properties: { ...properties, message } })
      deps.emit('swap:error', { ...properties, message })
      const nodeFault = (error as { nodeFault?: NodeFault } | undefined)?.nodeFault
      if (nodeFault && !declined) {
        // The node could not try the swap: nothing was sent. The form stays, with a fresh quote, to try again.
        h.patch({
          status: 'editing',
          failure: { key: `swap.checkFault.${nodeFault.kind}`, values: { status: String(nodeFault.status ?? '') } },
        })
        h.requestQuote(0, true)
      } else if (declined) {
        // The user's choice: the form stays as it was, with a fresh quote.
        h.patch({ status: 'editing', failure: { key: 'swap.declined' } })
        h.requestQuote(0, true)
      } else {
        h.reset()
        h.patch({ failure: { key: 'swap.failed', values: { reason: message } } })
        deps.notify('error', 'swap.failedShort')
      }
    } finally {
      busy = false
      if (placeOf(deps) !== started && h.$form.get().status !== 'done') h.reset()
    }
  }
}
