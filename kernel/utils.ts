/**
 * `vestibule/utils`: the helpers views and plugins share, apart from the kernel so a host that imports the
 * kernel pays only for the modal's core: amounts (parse, format), CAIP ids, network checks, the cleaning rules
 * for text, names and links a wallet or an API hands over, wallet-list building and the default orders, recent
 * wallets, the shell's container lookup, and the active account features act for. Framework-free, like the kernel.
 */
export { checkNetworks, networkProblems } from './network.js'
export { parseCaipAddress, parseCaipNetworkId, isCaipAddress, toCaipAddress, knownChainNamespaces } from './caip.js'
export { formatUnits, parseUnits, parseAmount, formatBalance, truncateDecimals, shortenAddress } from './format.js'
export { resolveContainer } from './container-option.js'
export { orderWith, orderByRank, type Ranked } from './ordering.js'
export { addRecentWallet, getRecentWallets, RECENT_WALLETS_MAX } from './recent.js'
export { createWalletSources } from './wallets.js'
export {
  connectorItem,
  isExcluded,
  isInjectedShown,
  mergeMultiChain,
  sectionOrder,
  walletSections,
  type MultiChainData,
} from './wallet-list.js'
// Names that pass for an address or pile up combining marks are refused wherever a name is looked up or shown.
export { looksLikeAddress, nameRefusal, nameRefusedError, refusalOf } from './name-refusal.js'
export {
  cleanName,
  cleanText,
  walletName,
  safeImageUrl,
  safeAnnouncedIcon,
  safeStoredImageUrl,
  safeWebLink,
  safeDeepLink,
  safeId,
  safeRdns,
  NAME_MAX,
  URL_MAX,
  GENERIC_WALLET_NAME,
} from './sanitize.js'
export { accountWithBalances, activeAccount, type AccountWithBalances, type ActiveAccount } from './active-account.js'
// Answers kept for a while by key, one request per key while it runs; only lazily loaded code needs them.
export { createRequestCache, type RequestCache, type RequestCacheOptions } from './request-cache.js'
// Automatic retries after passing faults (a server down, restarting or overloaded), a bounded number of times.
export { createBackoff, isPassingFault, type Backoff } from './backoff.js'
