// What `npm start` prints about the demo app: its pages and the query modes of the main page. Kept beside the
// server's routes (sandbox/server.mjs) and the main page's query reading (sandbox/app/main.tsx).

/** The demo app's pages: path and what each shows. */
export const PAGES = [
  ['/', 'the demo app: the modal with every plugin and family'],
  ['/gallery', 'every view of every plugin, in both themes'],
  ['/headless', 'a host drawing its own UI from vestibule/headless and the hooks (no shell)'],
  ['/headless-shell', 'the same plugins with the shell, for comparison'],
  ['/embedded', 'the modal embedded inline in the page'],
  ['/lifecycle', 'two modals on one page, one destroyed on request'],
  ['/wagmi', "an app on wagmi's hooks with the modal as its connector"],
  ['/extensions', 'the example plugin for plugin authors, and a failing one'],
  ['/address-book', 'the address-book example plugin'],
  ['/csp', 'the modal under a strict Content-Security-Policy (?nonce adds a nonce)'],
  ['/mobile-wallet', 'the Sandbox Mobile Wallet (pairs over WalletConnect)'],
]

/** The main page's query modes: the query and what it turns on. */
export const MODES = [
  [
    '?auth',
    'email and social login through the embedded wallet (&socials=google,github, &accountType=smartAccount, &emailShowWallets=off)',
  ],
  ['?siwx=optional|required', "sign-in (CAIP-122) through the sandbox's backend"],
  ['?siwe=optional|required', 'sign-in through the legacy siweConfig callbacks'],
  ['?theme=light|system', 'the light or the system theme (dark by default)'],
  ['?locale=de', 'another language (es, fr, de, pt, zh, ja, ko, ar)'],
  ['?basic', 'the modal without catalog options, token lists, on-ramp providers or swap networks'],
  ['?networkSwitch=off', 'no network switching'],
  ['?allWallets=off', 'no "All wallets" list'],
  ['?smartSessions=on', 'smart sessions'],
  ['?featured=<id>,…&exclude=<id>&include=<id>&custom=none', 'wallet catalog options'],
  ['?swapNetworks=31337,…', 'the networks Swap offers'],
  ['?container=<selector>', 'the modal rendered inside that element of the page'],
]

/** The pages and modes as `npm start` prints them, each line indented; `url` is the demo app's (ending in a slash). */
export function describePages(url) {
  const pages = PAGES.map(([path, what]) => [`${url}${path.slice(1)}`, what])
  const width = Math.max(...pages.map(([p]) => p.length)) + 2
  // A mode longer than the column goes on its own line, its description under it.
  const line = ([left, right]) => (left.length < width ? `  ${left.padEnd(width)}${right}` : `  ${left}\n  ${' '.repeat(width)}${right}`)
  return [
    'Demo pages',
    ...pages.map(line),
    `Query modes of the demo app (combine them with &, e.g. ${url}?auth&theme=light)`,
    ...MODES.map(line),
  ].join('\n')
}
