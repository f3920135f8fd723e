import { useEffect, useState } from 'react'
import { useStore } from 'vestibule/ui'
import type { ViewContext } from 'vestibule/kernel'
import type { AuthApi } from '../index.js'
import type { AuthClient } from '../client.js'
import { addMessages } from '../messages.js'

/** The plugin's state and its session code (loaded on demand) for a view or Connect section. */
export function useAuth(ctx: ViewContext) {
  addMessages(ctx.i18n)
  const api = ctx.api as AuthApi
  const state = useStore(api.$state)
  const run = (job: (client: AuthClient) => unknown) =>
    void api
      .client()
      .then((client) => (client.navigateWith(ctx.connection.connect), job(client)))
      .catch((error: unknown) => ctx.events.emit('error', { source: 'auth', error }))
  return { api, state, run }
}

/** The session code once loaded (views that only make sense with it). */
export function useClient(api: AuthApi) {
  const [client, setClient] = useState<AuthClient>()
  useEffect(() => {
    let live = true
    void api.client().then((c) => live && setClient(() => c))
    return () => {
      live = false
    }
  }, [api])
  return client
}
