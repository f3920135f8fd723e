import { useEffect, useRef, useState } from 'react'
import type { ViewProps } from 'vestibule/ui'
import type { ConnectingWalletConnectData } from '../index.js'
import { browserPage, fallBackWhenMissing, fallsBackWhenMissing, installLink, walletLink } from '../links.js'
import { addMessages } from '../messages.js'
import { QrCode } from './QrCode.js'
import { CopyLink, PairingFrame, usePairing } from './Pairing.js'
import { safeImageUrl, walletName } from 'vestibule/utils'
import { chainFeature, hasChainFeature, type ViewContext } from 'vestibule/kernel'
/**
 * On a phone or in Telegram's in-app browser, the link a chain plugin gives for a wallet of its family that the page
 * cannot reach (Solana wallets: the page opened again in the wallet app's browser); undefined elsewhere.
 */
async function missingWalletLink(ctx: ViewContext, wallet: { name?: string } | undefined): Promise<string | undefined> {
  const { platform, chains } = ctx
  if (!wallet || typeof window === 'undefined' || !(platform.isMobile() || platform.isTelegram())) return undefined
  for (const adapter of chains.list()) {
    const link = hasChainFeature(adapter, 'missingWalletLink')
      ? await chainFeature(adapter, 'missingWalletLink')({ wallet, pageUrl: window.location.href })
      : undefined
    if (link) return link
  }
  return undefined
}

/**
 * A wallet whose family redirects when it is missing (see `missingWalletLink`): the page goes to the wallet app at
 * once, and the link stays offered as a button.
 */
function useMissingWalletRedirect(ctx: ViewContext, wallet: { name?: string } | undefined): string | undefined {
  const [inApp, setInApp] = useState<string | undefined>()
  const redirected = useRef(false)
  useEffect(() => {
    let live = true
    void missingWalletLink(ctx, wallet).then(
      (link) => {
        if (!live || !link) return
        setInApp(link)
        if (redirected.current) return
        redirected.current = true
        window.location.assign(link)
      },
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return inApp
}

/**
 * Pairing with one wallet of the catalog: a QR code on desktop (with its desktop and web app when it has
 * them), a deep link into its app on mobile. Links the catalog gives are followed only when safe.
 */
export default function ConnectingWalletConnect({ ctx, data, setTitle }: ViewProps<ConnectingWalletConnectData, 'walletConnect'>) {
  const { i18n, platform } = ctx
  addMessages(i18n)
  const wallet = data?.wallet
  const name = walletName(wallet?.name, i18n.t('walletConnect.title'))
  const image = safeImageUrl(wallet?.imageUrl)
  // Recent wallets are the catalog plugin's: it remembers the wallet this view was opened with.
  const { api } = usePairing(ctx)
  const [mobile] = useState(() => platform.isMobile())
  const inApp = useMissingWalletRedirect(ctx, wallet)
  const openInApp = inApp ? (
    <a className="vb-btn" data-testid="wc-open-in-app" href={inApp} target="_self" rel="noopener noreferrer">
      {i18n.t('walletConnect.openInApp', { name })}
    </a>
  ) : null
  // A user who does not have the wallet yet gets it from its store for this platform, else its homepage.
  const install = installLink(wallet?.links, platform)
  const getWallet = install ? (
    <p className="vb-muted" data-testid="wc-get-wallet">
      {i18n.t('walletConnect.getWallet', { name })}{' '}
      <a className="vb-link" href={install} target="_blank" rel="noopener noreferrer">
        {i18n.t('walletConnect.getIt')}
      </a>
    </p>
  ) : null
  useEffect(() => setTitle(name), [name])

  // A deep link into a wallet that is not installed fails without a word: inside Telegram, and on a phone with a
  // network of a family that redirects missing wallets (Solana), the wallet's page follows.
  // The family is the active network's when the view opened (pairing then marks every proposed family connecting).
  const fallback = useRef<(() => void) | undefined>(undefined)
  const [redirectsMissing] = useState(() => hasChainFeature(ctx.chains.get(ctx.state.$activeNamespace.get() ?? ''), 'missingWalletLink'))
  useEffect(() => () => fallback.current?.(), [])
  const follow =
    (href: string, app = false) =>
    () => {
      api.rememberDeepLink({ href, name })
      if (!app || !fallsBackWhenMissing(platform, redirectsMissing)) return
      fallback.current?.()
      fallback.current = fallBackWhenMissing(install, browserPage())
    }

  return (
    <PairingFrame ctx={ctx}>
      {(uri, expiresAt) => {
        const mobileLink = walletLink(wallet?.links?.mobile, uri)
        const desktopLink = walletLink(wallet?.links?.desktop, uri)
        const webLink = walletLink(wallet?.links?.webapp, uri)
        if (mobile) {
          return (
            <>
              {image ? <img className="vb-avatar vb-avatar-lg" src={image} alt="" /> : null}
              <p className="vb-strong">{i18n.t('walletConnect.continueIn', { name })}</p>
              {mobileLink ? (
                <a
                  className="vb-btn"
                  data-testid="wc-open-mobile"
                  href={mobileLink.redirect}
                  target="_self"
                  rel="noopener noreferrer"
                  onClick={follow(mobileLink.href, true)}
                >
                  {i18n.t('walletConnect.open', { name })}
                </a>
              ) : (
                <>
                  <QrCode
                    uri={uri}
                    label={i18n.t('walletConnect.qrLabel')}
                    textLabel={i18n.t('walletConnect.uriLabel')}
                    expiresAt={expiresAt}
                  />
                  <p className="vb-muted">{i18n.t('walletConnect.noLink', { name })}</p>
                </>
              )}
              {webLink ? (
                <a
                  className="vb-btn vb-btn-secondary"
                  data-testid="wc-open-web"
                  href={webLink.redirect}
                  target="_blank"
                  rel="noopener noreferrer"
                  onClick={follow(webLink.href)}
                >
                  {i18n.t('walletConnect.openWeb')}
                </a>
              ) : null}
              <CopyLink ctx={ctx} uri={uri} />
              {openInApp}
              {getWallet}
            </>
          )
        }
        return (
          <>
            <QrCode uri={uri} label={i18n.t('walletConnect.qrLabel')} textLabel={i18n.t('walletConnect.uriLabel')} expiresAt={expiresAt} />
            <p className="vb-muted">{i18n.t('walletConnect.scanWith', { name })}</p>
            {desktopLink || webLink ? (
              <div className="vb-row">
                {desktopLink ? (
                  <a
                    className="vb-btn vb-btn-secondary"
                    data-testid="wc-open-desktop"
                    href={desktopLink.redirect}
                    target="_self"
                    rel="noopener noreferrer"
                    onClick={follow(desktopLink.href, true)}
                  >
                    {i18n.t('walletConnect.openDesktop')}
                  </a>
                ) : null}
                {webLink ? (
                  <a
                    className="vb-btn vb-btn-secondary"
                    data-testid="wc-open-web"
                    href={webLink.redirect}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={follow(webLink.href)}
                  >
                    {i18n.t('walletConnect.openWeb')}
                  </a>
                ) : null}
              </div>
            ) : null}
            <CopyLink ctx={ctx} uri={uri} />
            {openInApp}
            {getWallet}
          </>
        )
      }}
    </PairingFrame>
  )
}
