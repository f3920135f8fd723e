/**
 * The floors of the source tree, checked by `npx depcruise index.ts headless kernel ui chains plugins examples wagmi server` (part of `npm test`):
 * the kernel is the ground floor, the UI kit and shell stand on it, chain and feature plugins on both, and a
 * plugin reaches the floors below only through the package's public entries, as a third-party plugin does.
 * The package's main entry (`index.ts`) is the one module that composes the floors: kernel, shell and the hints
 * naming first-party plugins.
 */

/** The source files the package's public entries (`vestibule`, `vestibule/kernel`, `vestibule/utils`, …) map to. */
const PUBLIC_ENTRIES = ['^kernel/index[.]ts$', '^kernel/utils[.]ts$', '^ui/index[.]ts$', '^ui/kit/index[.]ts$', '^ui/react/index[.]tsx$']

export default {
  forbidden: [
    {
      name: 'kernel-stands-alone',
      comment: 'kernel/ is framework-free and knows no shell, chain family or feature plugin.',
      severity: 'error',
      from: { path: '^kernel/' },
      to: { path: '^(ui|chains|plugins|examples)/' },
    },
    {
      name: 'shell-knows-no-plugin',
      comment: 'ui/ draws what plugins register and names no chain family or feature plugin.',
      severity: 'error',
      from: { path: '^ui/' },
      to: { path: '^(chains|plugins|examples)/' },
    },
    {
      name: 'headless-draws-nothing',
      comment: 'headless/ and the React hooks never reach the shell or its views: a headless host never loads them.',
      severity: 'error',
      from: { path: '^(headless|ui/react)/' },
      to: { path: '^ui/(index[.]ts|shell|views|kit)' },
    },
    {
      name: 'chains-apart',
      comment: 'A chain plugin imports no other chain plugin and no feature plugin; chains/shared is common to the chain plugins.',
      severity: 'error',
      from: { path: '^chains/([^/]+)/' },
      to: { path: '^(chains|plugins)/', pathNot: '^chains/($1|shared)/' },
    },
    {
      name: 'plugins-apart',
      comment: 'A feature plugin imports no chain plugin and no other feature plugin; they meet through services and capabilities.',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^(chains|plugins)/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'public-entries-only',
      comment:
        'chains/, plugins/ and examples/ reach the kernel and the UI only through the public entries ' +
        '(vestibule, vestibule/kernel, vestibule/utils, vestibule/ui, vestibule/react).',
      severity: 'error',
      from: { path: '^(chains|plugins|examples|headless|wagmi)/' },
      to: { path: '^(kernel|ui)/', pathNot: PUBLIC_ENTRIES },
    },
    {
      name: 'hosts-side-by-entries',
      comment:
        'headless/ and wagmi/ stand beside a host: they reach chain and feature plugins only through the entries a host ' +
        'imports (vestibule/plugins/<feature>), never a module inside one; the option owners are the one shared table.',
      severity: 'error',
      from: { path: '^(headless|wagmi)/' },
      to: { path: '^(chains|plugins)/', pathNot: ['^(chains|plugins)/[^/]+/index[.]tsx?$', '^plugins/option-owners[.]ts$'] },
    },
    {
      name: 'by-package-name',
      comment: "A public entry is imported by the package's name ('vestibule/utils'), not by a relative path into the tree.",
      severity: 'error',
      from: { path: '^(chains|plugins|examples|headless|wagmi)/' },
      to: { path: PUBLIC_ENTRIES, dependencyTypesNot: ['aliased-tsconfig-paths'] },
    },
    {
      name: 'server-stays-apart',
      comment: 'vestibule/server runs on the host\'s server: no browser entry, kernel, shell, chain or feature plugin imports it, so it adds nothing to a page.',
      severity: 'error',
      from: { path: '^(index[.]ts|headless|kernel|ui|chains|plugins|examples|wagmi)(/|$)' },
      to: { path: '^server/' },
    },
    {
      name: 'server-without-the-page',
      comment: 'vestibule/server reaches the message rules of the siwx plugin and the chains\' signature verifiers, nothing of the page (shell, kernel, React).',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(ui|headless|wagmi|kernel|examples|chains|plugins)/|node_modules/(react|react-dom)/', pathNot: '^(plugins/siwx/messages[.]ts|chains/[^/]+/verify-message[.]ts)$' },
    },
    {
      name: 'kernel-no-cycles',
      comment:
        'No kernel module reaches itself through its imports, type-only ones included: the plugin contract\'s types sit in ' +
        'leaf modules that import no other kernel module, so the kernel can be read (and split) from its leaves up.',
      severity: 'error',
      from: { path: '^kernel/' },
      to: { path: '^kernel/', circular: true },
    },
    {
      name: 'no-cycles',
      comment: 'No module reaches itself through its imports.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports are imports too: a type from another floor ties the floors as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'types', 'default'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
