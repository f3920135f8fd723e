import { useEffect, useLayoutEffect, useState } from 'react'
import { walletSections } from '../../kernel/wallet-list.js'
import type { ViewProps } from '../view-props.js'
import { SlotIcon, useStore, WalletImage } from '../shell/shared.js'
import { SlotComponent } from '../shell/lazy.js'
import type { SlotEntry } from '../../kernel/views.js'

/** How long discovery may take before "no wallet found" is shown instead of "looking for wallets". */
const DISCOVERY_GRACE_MS = 400

type Props = ViewProps<{ namespace?: string } | undefined>

/**
 * The connect methods plugins put into the `connect.methods` slot (the wallet list is the shell's own 'wallet'
 * method), in the connect-methods order, then the `connect.footer` buttons ("All wallets"). With
 * `features.legalCheckbox` nothing can be chosen until the terms are accepted.
 */
export default function Connect(props: Props) {
  const { slots, i18n, options } = props.ctx
  const sections = useWalletSections(props)
  // Opened to add one chain family: the title names it, as its chain plugin labels it.
  const family = props.data?.namespace ? props.ctx.chains.get(props.data.namespace) : undefined
  const familyTitle = family ? i18n.t('connect.titleFamily', { name: family.label ?? family.namespace }) : undefined
  useLayoutEffect(() => {
    if (familyTitle) props.setTitle(familyTitle)
  }, [familyTitle])
  const walletShown = sections.some((s) => s.section === 'injected' && s.items.length > 0)
  const methods = slots.list('connect.methods', { walletShown })
  const { termsConditionsUrl: terms, privacyPolicyUrl: privacy } = options
  const needsConsent = options.features.legalCheckbox && Boolean(terms || privacy)
  const [accepted, setAccepted] = useState(false)
  const locked = needsConsent && !accepted
  return (
    <>
      {needsConsent ? (
        <label className="vb-legal vb-legal-check" data-testid="legal-checkbox">
          <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
          <span>
            <Legal
              terms={terms}
              privacy={privacy}
              text={i18n.t('connect.legalAccept')}
              termsText={i18n.t('connect.terms')}
              privacyText={i18n.t('connect.privacy')}
            />
          </span>
        </label>
      ) : null}
      <fieldset className="vb-methods" disabled={locked} aria-disabled={locked || undefined} data-testid="connect-methods">
        {methods.map((method) =>
          method.load ? (
            <SlotComponent
              key={method.id}
              entry={method}
              load={method.load}
              errorText={i18n.t('view.unknown')}
              retryText={i18n.t('connecting.retry')}
            />
          ) : method.id === 'wallet' ? (
            <WalletMethod
              key="wallet"
              {...props}
              sections={sections}
              collapsed={options.features.collapseWallets || methods.some((m) => m.collapsesWallets)}
              leads={methods[0] === method && methods.length > 1}
            />
          ) : null,
        )}
      </fieldset>
      {!needsConsent && (terms || privacy) ? (
        <p className="vb-legal" data-testid="legal-notice">
          <Legal
            terms={terms}
            privacy={privacy}
            text={i18n.t('connect.legalNotice')}
            termsText={i18n.t('connect.terms')}
            privacyText={i18n.t('connect.privacy')}
          />
        </p>
      ) : null}
    </>
  )
}

/** "By connecting … you agree to the {terms} and {privacy}", with the links the host set. */
function Legal({
  terms,
  privacy,
  text,
  termsText,
  privacyText,
}: {
  terms?: string
  privacy?: string
  text: string
  termsText: string
  privacyText: string
}) {
  const links = [terms && { href: terms, label: termsText }, privacy && { href: privacy, label: privacyText }].filter(Boolean) as {
    href: string
    label: string
  }[]
  return (
    <>
      {text}{' '}
      {links.map((link, i) => (
        <span key={link.href}>
          {i > 0 ? ' · ' : null}
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        </span>
      ))}
    </>
  )
}

function useWalletSections({ ctx, data }: Props) {
  // Opened for one namespace (from the Account view's network list): wallets of other namespaces are left out.
  const only = data?.namespace
  const keep = (item: { data?: unknown; namespaces?: readonly string[] }) => {
    const namespace = (item.data as { namespace?: string } | undefined)?.namespace
    if (only && item.namespaces && !item.namespaces.includes(only)) return false
    return !only || namespace === undefined || namespace === only
  }
  return useStore(walletSections(ctx.wallets, only))
    .map(({ section, items }) => ({ section, items: items.filter(keep) }))
    .filter((s) => s.items.length > 0)
}

/** The wallet list in connector-type order, its footer buttons, and the collapsed form (`features.collapseWallets`). */
/**
 * `leads`: a browser wallet is shown, so the wallets come before other connect methods; the list then stops after
 * the browser wallets (the rest one click away in the footer's full list), so the methods below stay in view.
 */
function WalletMethod({
  ctx,
  sections: all,
  collapsed,
  leads,
}: Props & { sections: ReturnType<typeof useWalletSections>; collapsed?: boolean; leads?: boolean }) {
  const { router, i18n, slots } = ctx
  const [expanded, setExpanded] = useState(!collapsed)
  const [graceOver, setGraceOver] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setGraceOver(true), DISCOVERY_GRACE_MS)
    return () => clearTimeout(timer)
  }, [])
  const footer = slots.list('connect.footer')
  const browser = all.findIndex((s) => s.section === 'injected')
  const sections = leads && footer.length && browser >= 0 ? all.slice(0, browser + 1) : all
  const footerButtons = footer.length ? (
    <div className="vb-list-end">
      {footer.map((entry) => (
        <FooterButton
          key={entry.id}
          entry={entry}
          label={i18n.t(entry.label)}
          onChoose={() => entry.view && router.push(entry.view, entry.data)}
        />
      ))}
    </div>
  ) : null

  if (!expanded) {
    return (
      <button type="button" className="vb-item vb-item-more" data-testid="show-wallets" onClick={() => setExpanded(true)}>
        <span className="vb-item-name">{i18n.t('connect.showWallets')}</span>
        <span className="vb-chevron" aria-hidden="true">
          ›
        </span>
      </button>
    )
  }
  if (sections.length === 0) {
    return (
      <>
        <div className="vb-center" data-testid="wallet-list-empty">
          {graceOver ? (
            <>
              <p className="vb-strong">{i18n.t('connect.empty')}</p>
              <p className="vb-muted">{i18n.t('connect.emptyHint')}</p>
            </>
          ) : (
            <>
              <div className="vb-spinner" aria-hidden="true" />
              <p className="vb-muted">{i18n.t('connect.detecting')}</p>
            </>
          )}
        </div>
        {footerButtons}
      </>
    )
  }
  return (
    <>
      <ul className="vb-list" data-testid="wallet-list">
        {sections.flatMap(({ section, items }) =>
          items.map((item) => (
            <li key={`${section}:${item.id}`} data-section={section}>
              <button
                type="button"
                className="vb-item"
                data-wallet-id={item.id}
                disabled={item.disabled}
                onClick={() => router.push(item.view, item.data)}
              >
                <WalletImage src={item.imageUrl} name={item.name} />
                {item.hint ? (
                  <span className="vb-item-text">
                    <span className="vb-item-name">{item.name}</span>
                    <span className="vb-item-hint">{i18n.t(item.hint)}</span>
                  </span>
                ) : (
                  <span className="vb-item-name">{item.name}</span>
                )}
                {item.tag ? <span className="vb-tag">{i18n.t(item.tag)}</span> : null}
              </button>
            </li>
          )),
        )}
      </ul>
      {footerButtons}
    </>
  )
}

function FooterButton({ entry, label, onChoose }: { entry: SlotEntry; label: string; onChoose: () => void }) {
  return (
    <button type="button" className="vb-item vb-item-more" data-testid={`footer-${entry.id}`} onClick={onChoose}>
      <SlotIcon icon={entry.icon} label={label} />
      <span className="vb-item-name">{label}</span>
      <span className="vb-chevron" aria-hidden="true">
        ›
      </span>
    </button>
  )
}
