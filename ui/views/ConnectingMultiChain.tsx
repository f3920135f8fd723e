import type { MultiChainData } from '../../kernel/wallet-list.js'
import { walletName } from '../../kernel/sanitize.js'
import type { ViewProps } from '../view-props.js'
import { WalletImage } from '../shell/shared.js'

/**
 * A wallet present in several chain families: the user picks the family to connect it on, then its own
 * connector takes over (ConnectingExternal). Families whose chain plugin is gone are left out.
 */
export default function ConnectingMultiChain({ ctx, data }: ViewProps<MultiChainData>) {
  const { chains, router, i18n } = ctx
  const name = walletName(data?.name)
  const choices = (Array.isArray(data?.connectors) ? data.connectors : []).filter((c) => chains.get(c.namespace))
  return (
    <div className="vb-center" data-testid="connecting-multi-chain">
      <WalletImage src={data?.imageUrl} name={name} large />
      <p className="vb-strong">{i18n.t('multiChain.choose', { name })}</p>
      {choices.length ? (
        <ul className="vb-list vb-wide" data-testid="multi-chain-list">
          {choices.map((choice) => {
            const adapter = chains.get(choice.namespace)!
            return (
              <li key={choice.namespace}>
                <button
                  type="button"
                  className="vb-item"
                  data-namespace={choice.namespace}
                  onClick={() => router.push('ConnectingExternal', choice)}
                >
                  <span className="vb-item-name">{adapter.label ?? choice.namespace}</span>
                  <span className="vb-chevron" aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="vb-muted" role="alert">
          {i18n.t('connecting.missing')}
        </p>
      )}
    </div>
  )
}
