import { createContext, useContext } from 'react'
import type { Modal, ViewContext } from '../../kernel/index.js'
import { kernelOf } from '../../kernel/kernel-of.js'
import { PLUGIN_REFUSED, servicesOn } from '../../kernel/plugin-host.js'
import { localeFormat } from '../../kernel/format.js'

const built = new WeakMap<Modal, Map<string, ViewContext>>()

/**
 * The context the shell hands a view or slot component of `plugin` (none for the shell's own views): one per
 * plugin and modal, built from the modal's kernel, which stays the shell's.
 */
export function viewContext(modal: Modal, plugin?: string): ViewContext {
  let contexts = built.get(modal)
  if (!contexts) built.set(modal, (contexts = new Map()))
  const known = contexts.get(plugin ?? '')
  if (known) return known
  const {
    router,
    i18n,
    navigation,
    pluginConnection,
    state,
    feedback,
    events,
    container,
    http,
    blockchainApi,
    options,
    platform,
    chains,
    wallets,
    views,
    slots,
  } = kernelOf(modal)
  const { connect, disconnect, switchNetwork, selectAccountTab, connected } = navigation
  let format: { locale: string; value: ReturnType<typeof localeFormat> } | undefined
  const context: ViewContext = {
    plugin,
    get api() {
      return plugin ? modal.getPlugin(plugin) : undefined
    },
    router,
    t: i18n.t,
    i18n,
    // Built again only when the locale changed (`modal.setLocale`).
    get format() {
      if (format?.locale !== i18n.locale) format = { locale: i18n.locale, value: localeFormat(i18n.locale) }
      return format.value
    },
    connection: { ...pluginConnection, connect, disconnect, switchNetwork, selectAccountTab, connected },
    state: { $modal: state.$modal, $chains: state.$chains, $activeNamespace: state.$activeNamespace, $snapshot: state.$snapshot },
    feedback,
    events,
    services: servicesOn(container, plugin ? `A view of plugin "${plugin}"` : 'A shell view', PLUGIN_REFUSED),
    http,
    blockchainApi,
    options,
    platform,
    // The registries read-only, in fact and not only in type.
    chains: { list: chains.list, get: chains.get, findConnector: chains.findConnector, $connectors: chains.$connectors },
    wallets,
    views: { has: views.has },
    slots: { list: slots.list },
  }
  contexts.set(plugin ?? '', context)
  return context
}

/** The modal the shell renders, for slot components drawn inside a view (each gets its own plugin's context). */
export const ShellModal = createContext<Modal | undefined>(undefined)

/** The context of `plugin`'s slot component, inside the shell. */
export function useViewContext(plugin: string | undefined): ViewContext {
  const modal = useContext(ShellModal)
  if (!modal) throw new Error('A slot component is drawn outside the modal shell')
  return viewContext(modal, plugin)
}
