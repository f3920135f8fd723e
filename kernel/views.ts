/**
 * Views and slots contributed by plugins. The kernel stores what a view is and how to load it; the shell
 * decides how to render it. `load` is a dynamic `import()` so a view's code is fetched on first display.
 */
export interface ViewDefinition {
  /** Resolves to a module whose default export the shell renders (a React component for the React shell). */
  load: () => Promise<{ default: unknown }>
  /** Message key or text for the header; the view may render its own heading instead. */
  title?: string
  /** Plugin that contributed it, for error messages. */
  plugin?: string
}

export interface ViewRegistry {
  register(id: string, definition: ViewDefinition): void
  get(id: string): ViewDefinition | undefined
  has(id: string): boolean
  ids(): string[]
}

export function createViewRegistry(): ViewRegistry {
  const views = new Map<string, ViewDefinition>()
  return {
    register(id, definition) {
      if (!id || typeof definition?.load !== 'function') throw new Error(`View "${id}" needs an id and a load() function`)
      const existing = views.get(id)
      if (existing) throw new Error(`View "${id}" is registered twice (by "${existing.plugin ?? 'kernel'}" and "${definition.plugin ?? 'kernel'}")`)
      views.set(id, definition)
    },
    get: (id) => views.get(id),
    has: (id) => views.has(id),
    ids: () => [...views.keys()],
  }
}

/** An entry a plugin puts into a named slot of the shell (connect methods, wallet features, header actions …). */
export interface SlotEntry {
  id: string
  /** Message key or text. */
  label: string
  icon?: string
  /** View to open when chosen. */
  view?: string
  order?: number
  /** Feature flag that gates the entry (spec §6): when the host turns it off the entry stays hidden. */
  feature?: string
}

/**
 * Named slots. Plugins may declare more by augmenting this interface; the shell renders the ones it knows.
 */
export interface SlotMap {
  'connect.methods': SlotEntry
  'account.features': SlotEntry
  'account.tabs': SlotEntry
  'header.actions': SlotEntry
}

export interface Slots {
  add<S extends keyof SlotMap>(slot: S, entry: SlotMap[S]): void
  list<S extends keyof SlotMap>(slot: S): readonly SlotMap[S][]
}

/** `isEnabled(feature)` tells whether a feature flag is on; entries gated by a disabled flag are not listed. */
export function createSlots(isEnabled: (feature: string) => boolean = () => true): Slots {
  const slots = new Map<string, SlotEntry[]>()
  return {
    add(slot, entry) {
      const list = slots.get(slot) ?? []
      if (list.some((e) => e.id === entry.id)) throw new Error(`Slot "${slot}" already has an entry "${entry.id}"`)
      slots.set(slot, [...list, entry].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)))
    },
    list: (slot) => (slots.get(slot) ?? []).filter((entry) => !entry.feature || isEnabled(entry.feature)) as never,
  }
}
