import { useEffect, useMemo, useRef, useState } from 'react'
import { chainFeature, errorMessage, hasChainFeature, isUserRejection, type AccountToken, type BalancesSnapshot, Capabilities, type NamesService } from 'vestibule/kernel'
import { atom } from 'nanostores'
import { AmountInput, Button, EmptyState, LoadingState, TextInput, useStore, type ViewProps } from 'vestibule/ui'
import type { SendApi } from './index.js'
import { fetchGasPrice } from './gas.js'
import { erc20TransferData, feeInUsd, insufficientGas, isSmartAccount, maxAmount, plainReceiver, receiverProblem, sendable } from './rules.js'
import { cleanText, formatBalance, shortenAddress } from 'vestibule/utils'

/** What the form reads when no balances plugin is present. */
const emptyBalances = atom<BalancesSnapshot>({ status: 'idle', tokens: [] })
type Fee = { status: 'idle' | 'loading' | 'ready' | 'failed'; fee?: bigint; error?: string }
const tokenKey = (t: AccountToken) => t.address ?? `native:${t.chainId}`
/** The token's own address (`0x…`, a mint) without its CAIP-10 prefix. */
const tokenAddress = (t: AccountToken) => (t.address ? t.address.split(':').slice(2).join(':') : undefined)

/** A names service's own check; one that throws counts as "not a name". */
function safeIsName(names: NamesService, text: string) {
  try {
    return names.isName(text) === true
  } catch {
    return false
  }
}

/** A fee in the network's token, at 3 decimals like balances; a fee too small to show is not shown as free. */
function feeAmount(fee: bigint, decimals: number, symbol: string): string {
  const shown = formatBalance(fee, decimals)
  return fee > 0n && Number(shown) === 0 ? `< 0.001 ${symbol}` : `${shown} ${symbol}`
}

/** The Send view: token, amount, receiver, fee, a review, then the wallet. */
export default function Send({ modal }: Pick<ViewProps, 'modal'>) {
  const k = modal.kernel
  const { i18n } = k
  const api = modal.getPlugin('send') as SendApi
  const snapshot = useStore(k.state.$snapshot)
  const chains = useStore(k.state.$chains)
  const namespace = snapshot.namespace
  const chain = namespace ? chains[namespace] : undefined
  const network = chain?.networkState.caipNetwork
  const address = chain?.accountState.status === 'connected' ? chain.accountState.address : undefined
  const adapter = namespace ? k.chains.get(namespace) : undefined
  const balances = k.services.get(Capabilities.Balances)
  const fromService = useStore(balances?.$balances ?? emptyBalances)
  useEffect(() => void balances?.refresh().catch(() => undefined), [balances, network?.caipNetworkId, address])

  // Without a balances plugin, the network token from the kernel's native balance.
  const tokens = useMemo<AccountToken[]>(() => {
    if (!network) return []
    const list = balances ? fromService.tokens.filter((t) => t.chainId === network.caipNetworkId) : []
    if (!balances && chain?.accountState.balanceValue !== undefined) {
      const c = network.nativeCurrency
      list.push({ name: c.name, symbol: c.symbol, chainId: network.caipNetworkId, decimals: c.decimals, amount: chain.accountState.balanceValue })
    }
    return sendable(list)
  }, [balances, fromService, chain, network])

  const [selected, setSelected] = useState<string>()
  const token = tokens.find((t) => tokenKey(t) === selected) ?? tokens[0]
  const [amount, setAmount] = useState<bigint>()
  const [receiver, setReceiver] = useState('')
  const [touched, setTouched] = useState(false)
  const [fee, setFee] = useState<Fee>({ status: 'idle' })
  // Bumped to estimate the fee again after a failure (the form itself did not change).
  const [feeAttempt, setFeeAttempt] = useState(0)
  const [step, setStep] = useState<'form' | 'review' | 'sending'>('form')
  const [failure, setFailure] = useState<string>()
  const sending = useRef(false)

  const native = tokens.find((t) => !t.address)
  // A test network's token is worth nothing, like its balances: its fee too.
  const nativePrice = network?.testnet ? 0 : native?.price
  const smartAccount = isSmartAccount(chain?.accountState)
  // A name (when a names plugin is registered) is resolved once typing pauses; the address it stands for is what
  // the rules check and the wallet receives.
  const names = k.services.get(Capabilities.Names)
  const typed = receiver.trim()
  const isName = Boolean(names && network && adapter && typed && !adapter.isAddress(typed, network) && safeIsName(names, typed))
  const [lookup, setLookup] = useState<{ name: string; status: 'loading' | 'found' | 'none' | 'failed'; address?: string }>()
  useEffect(() => {
    if (!isName || !names || !network) return setLookup(undefined)
    let live = true
    setLookup({ name: typed, status: 'loading' })
    const timer = setTimeout(() => {
      names.resolve(typed, network).then(
        (found) => live && setLookup(typeof found === 'string' && adapter?.isAddress(found, network) ? { name: typed, status: 'found', address: found } : { name: typed, status: 'none' }),
        () => live && setLookup({ name: typed, status: 'failed' }),
      )
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [isName, typed, names, network, adapter])
  const resolved = isName && lookup?.name === typed ? lookup : undefined
  const receiverText = resolved?.status === 'found' ? resolved.address! : receiver
  const problem = isName
    ? resolved?.status === 'found'
      ? receiverProblem(receiverText, network!, adapter!.isAddress, address)
      : { key: resolved?.status === 'none' ? 'send.nameNotFound' : resolved?.status === 'failed' ? 'send.nameFailed' : 'send.resolving', values: { name: typed } }
    : network && adapter
      ? receiverProblem(receiver, network, adapter.isAddress, address)
      : undefined
  const receiverError = touched && typed && problem && resolved?.status !== 'loading' && (!isName || resolved) ? i18n.t(problem.key, problem.values) : undefined
  const to = plainReceiver(receiverText)
  // Effects below depend on whether the receiver is usable, not on the problem object a render creates anew.
  const blocked = Boolean(problem)

  // The fee for what the form holds, estimated once typing pauses; a token whose transfer cannot be described for
  // the estimate shows none.
  useEffect(() => {
    setFee((current) => (current.status === 'idle' ? current : { status: 'idle' }))
    if (!token || !adapter || !network || !address || blocked || !amount || !hasChainFeature(adapter, 'estimateFees')) return
    // A token transfer is priced by the chain plugin when it can (Solana: with the receiver's account deposit),
    // else as the ERC-20 call it is.
    const byPlugin = Boolean(token.address) && hasChainFeature(adapter, 'estimateTokenTransfer')
    const data = token.address && !byPlugin ? erc20TransferData(to, amount) : undefined
    if (token.address && !byPlugin && !data) return
    let live = true
    const timer = setTimeout(() => {
      setFee({ status: 'loading' })
      const target = token.address ? tokenAddress(token)! : to
      const estimate = byPlugin
        ? chainFeature(adapter, 'estimateTokenTransfer')({ from: address, token: target, to, amount, network })
        : chainFeature(adapter, 'estimateFees')({ from: address, to: target, network, ...(data ? { data } : { value: amount }) }).then((chainFee) =>
            // Gas units priced at the blockchain API's standard gas price when it has one; else the chain's own price.
            chainFee.gas === undefined
              ? chainFee
              : fetchGasPrice(k.blockchainApi, network).then(
                  (price) => ({ ...chainFee, gasPrice: price.standard, fee: chainFee.gas! * price.standard }),
                  () => chainFee,
                ),
          )
      estimate.then(
        (result) => live && setFee({ status: 'ready', fee: result.fee }),
        (error: unknown) => live && setFee({ status: 'failed', error: cleanText(errorMessage(error), 160) }),
      )
    }, 300)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [k, token, amount, to, blocked, adapter, network, address, feeAttempt])

  // The send state other plugins and the host may read.
  useEffect(() => {
    api.$send.set({
      ...api.$send.get(),
      token,
      sendTokenAmount: amount,
      receiverAddress: blocked ? undefined : to,
      gasPrice: fee.fee,
      gasPriceInUSD: fee.fee !== undefined && network ? feeInUsd(fee.fee, network.nativeCurrency.decimals, nativePrice) : undefined,
      networkBalanceInUSD: native?.value,
      loading: step === 'sending',
      tokenBalances: tokens,
    })
  }, [api, token, amount, to, blocked, fee, network, native, nativePrice, step, tokens])

  if (!address || !network || !namespace) return <EmptyState title={i18n.t('send.notConnected')} />
  // Sending needs a chain plugin that can estimate fees and send (eip155 and solana do).
  if (!adapter?.sendNative || !hasChainFeature(adapter, 'estimateFees')) return <EmptyState title={i18n.t('send.unsupportedChain')} hint={i18n.t('send.unsupportedHint', { network: network.name })} />
  if (balances && !tokens.length && fromService.status !== 'ready' && fromService.status !== 'error') return <LoadingState label={i18n.t('send.loadingBalances')} />
  if (!token) return <EmptyState title={i18n.t('send.noTokens')} />

  const canSendToken = !token.address || hasChainFeature(adapter, 'sendToken')
  const tooMuch = amount !== undefined && amount > token.amount
  const gasShort =
    fee.fee !== undefined && insufficientGas({ networkBalance: native?.amount ?? chain?.accountState.balanceValue ?? 0n, fee: fee.fee, amount: amount ?? 0n, native: !token.address, smartAccount })
  const amountError = tooMuch ? i18n.t('send.tooMuch') : amount === 0n ? i18n.t('send.zero') : undefined
  const ready = amount !== undefined && amount > 0n && !tooMuch && !problem && canSendToken && !gasShort && fee.status !== 'loading'
  const formatted = (value: bigint, t: AccountToken) => `${formatBalance(value, t.decimals)} ${t.symbol}`

  // An EVM native transfer is sent with its gas price: no review until the fee is known.
  const feeMissing = namespace === 'eip155' && !token.address && (fee.status !== 'ready' || fee.fee === undefined)
  const review = () => {
    setTouched(true)
    setFailure(undefined)
    if (!ready) return setFailure(i18n.t('send.invalid'))
    if (feeMissing) {
      if (fee.status === 'failed') setFeeAttempt((n) => n + 1)
      return setFailure(i18n.t(fee.status === 'failed' ? 'send.feeNeeded' : 'send.feeWaiting', { symbol: network.nativeCurrency.symbol }))
    }
    setStep('review')
  }
  const confirm = async () => {
    // One send per confirmation, however fast the clicks.
    if (sending.current || !amount) return
    sending.current = true
    setStep('sending')
    setFailure(undefined)
    const properties = { network: network.caipNetworkId, token: token.address ?? token.symbol, isSmartAccount: smartAccount }
    k.events.emit('track', { event: 'SEND_INITIATED', properties })
    try {
      if (token.address) {
        const id = await chainFeature(adapter, 'sendToken')({ from: address, token: tokenAddress(token)!, to, amount, network })
        k.events.emit('transaction', { namespace, caipNetworkId: network.caipNetworkId, id })
      } else await k.connection.sendNative({ to, value: amount })
      k.events.emit('track', { event: 'SEND_SUCCESS', properties })
      k.feedback.showSnackbar('success', i18n.t('send.started'))
      api.reset()
      void balances?.refresh({ force: true }).catch(() => undefined)
      k.router.goBack()
    } catch (error) {
      k.events.emit('track', { event: 'SEND_ERROR', properties: { ...properties, message: cleanText(errorMessage(error), 200) } })
      // The form stays as it was, with the reason beside it.
      const reason = isUserRejection(error) || (error as { code?: unknown }).code === 'USER_REJECTED' ? i18n.t('send.declined') : i18n.t('send.walletSays', { message: cleanText(errorMessage(error), 200) })
      setFailure(reason)
      k.feedback.showSnackbar('error', i18n.t(namespace === 'solana' ? 'send.failedSolana' : 'send.failed'))
      setStep('review')
    } finally {
      sending.current = false
    }
  }

  const locked = step !== 'form'
  const feeText =
    fee.status === 'ready' && fee.fee !== undefined
      ? feeAmount(fee.fee, network.nativeCurrency.decimals, network.nativeCurrency.symbol)
      : fee.status === 'failed'
        ? i18n.t('send.feeFailed', { reason: fee.error ?? '' })
        : fee.status === 'loading'
          ? '…'
          : i18n.t('send.feeUnknown')
  const usd = fee.fee !== undefined ? feeInUsd(fee.fee, network.nativeCurrency.decimals, nativePrice) : undefined

  return (
    <form className="vb-send" data-testid="send" onSubmit={(e) => (e.preventDefault(), step === 'form' ? review() : void confirm())} aria-busy={step === 'sending'}>
      <label className="vb-field">
        <span className="vb-label">{i18n.t('send.token')}</span>
        <select className="vb-input" data-testid="send-token" value={tokenKey(token)} disabled={locked} onChange={(e) => (setSelected(e.target.value), setAmount(undefined))}>
          {tokens.map((t) => (
            <option key={tokenKey(t)} value={tokenKey(t)}>
              {`${t.symbol} — ${formatted(t.amount, t)}`}
            </option>
          ))}
        </select>
      </label>
      <fieldset disabled={locked} className="vb-send-fields" key={tokenKey(token)}>
        <AmountInput label={i18n.t('send.amount')} decimals={token.decimals} symbol={token.symbol} max={maxAmount(token, fee.fee)} onValue={setAmount} />
        {amountError ? <p className="vb-error" role="alert">{amountError}</p> : null}
        <TextInput
          label={i18n.t('send.receiver')}
          data-testid="send-receiver"
          value={receiver}
          placeholder={i18n.t('send.receiverPlaceholder', { network: network.name })}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setReceiver(e.target.value)}
          onBlur={() => setTouched(true)}
          error={receiverError}
        />
        {isName ? (
          <p className="vb-muted" data-testid="send-name" aria-live="polite">
            {resolved?.status === 'found' ? i18n.t('send.nameResolved', { name: typed, address: resolved.address! }) : resolved?.status === 'loading' || !resolved ? i18n.t('send.resolving', { name: typed }) : ''}
          </p>
        ) : null}
      </fieldset>
      {!canSendToken ? <p className="vb-error">{i18n.t('send.tokenUnsupported', { symbol: network.nativeCurrency.symbol })}</p> : null}
      <p className="vb-send-fee" data-testid="send-fee">
        <span className="vb-muted">{i18n.t('send.fee')}</span> <span>{feeText}</span>
        {usd !== undefined ? <span className="vb-muted"> (${usd.toFixed(2)})</span> : null}
      </p>
      {gasShort ? (
        <p className="vb-error" role="alert" data-testid="send-gas">
          {i18n.t('send.insufficientGas', { symbol: network.nativeCurrency.symbol })}
        </p>
      ) : null}
      {step !== 'form' ? (
        <p className="vb-send-preview" data-testid="send-preview">
          {i18n.t('send.preview', { amount: formatted(amount ?? 0n, token), receiver: resolved?.status === 'found' ? `${typed} (${shortenAddress(to)})` : shortenAddress(to), network: network.name })}
        </p>
      ) : null}
      {failure ? (
        <p className="vb-error" role="alert" data-testid="send-error">
          {failure}
        </p>
      ) : null}
      {step === 'form' ? (
        // Pressing the button must not blur the receiver first: its error would appear above and move the button
        // away from under the pointer before the click lands.
        <Button type="submit" data-testid="send-review" onMouseDown={(e) => e.preventDefault()}>
          {i18n.t('send.review')}
        </Button>
      ) : (
        <div className="vb-send-actions">
          <Button type="button" variant="secondary" disabled={step === 'sending'} onClick={() => (setStep('form'), setFailure(undefined))}>
            {i18n.t('send.edit')}
          </Button>
          <Button type="submit" data-testid="send-confirm" disabled={step === 'sending'}>
            {step === 'sending' ? i18n.t('send.sending') : i18n.t('send.confirm')}
          </Button>
        </div>
      )}
    </form>
  )
}


export const styles = `.vb-send { display: flex; flex-direction: column; gap: 12px; } .vb-send-fields { border: 0; padding: 0; margin: 0; display: flex; flex-direction: column; gap: 12px; min-width: 0; } .vb-send-fee, .vb-send-preview { margin: 0; font-size: 14px; } .vb-send-preview { word-break: break-word; } .vb-send-actions { display: flex; gap: 8px; } .vb-send-actions > * { flex: 1; } .vb-send select { appearance: auto; }`
