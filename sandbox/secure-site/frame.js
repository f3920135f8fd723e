// The secure site's frame page: it speaks the embedded wallet protocol with the page that embeds it (only that
// page's window and origin, checked on every message) and forwards each request to the secure site's API, which
// holds the keys. The session token stays in this origin's storage.
;(() => {
  const ancestor = location.ancestorOrigins?.[0] ?? (document.referrer ? new URL(document.referrer).origin : '')
  const parentOrigin = ancestor
  const TOKEN = 'vestibule-secure-session'
  // The chain the user last switched to, kept with the session so a restored connection starts on it.
  const CHAIN = 'vestibule-secure-chain'
  // `project`: the dapp's project id (from SyncDappData), named on every API call.
  const state = { email: undefined, updating: undefined, channel: undefined, project: '' }
  const token = () => localStorage.getItem(TOKEN) ?? ''
  // What the embedding page told the frame about itself: its theme and its dapp data, in order (tests read these).
  const received = (window.__FRAME__ = { themes: [], dappData: [] })
  const plain = (value) => JSON.parse(JSON.stringify(value ?? null))

  async function api(path, body) {
    const response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-vestibule-origin': parentOrigin,
        'x-vestibule-project': state.project,
        authorization: `Bearer ${token()}`,
      },
      body: JSON.stringify(body ?? {}),
    })
    const answer = await response.json().catch(() => ({ error: 'An error occurred' }))
    if (!response.ok) throw new Error(answer.error ?? 'An error occurred')
    return answer
  }
  const signedIn = (answer) => {
    localStorage.setItem(TOKEN, answer.token)
    localStorage.removeItem(CHAIN)
    return {}
  }
  const wait = (ms) => new Promise((r) => setTimeout(r, ms))

  const handlers = {
    ConnectEmail: async ({ email }) => ((state.email = email), api('email/start', { email })),
    ConnectOtp: async ({ otp }) => signedIn(await api('email/verify', { email: state.email, otp })),
    ConnectDevice: async () => ({}),
    GetUser: async () => api('user'),
    SetPreferredAccount: async ({ type }) => api('account/type', { type }),
    GetSmartAccountEnabledNetworks: async () => api('account/networks'),
    IsConnected: async () => ({
      isConnected:
        token() !== '' &&
        (await api('user').then(
          () => true,
          () => false,
        )),
    }),
    GetChainId: async () => ({ chainId: localStorage.getItem(CHAIN) ?? undefined }),
    SwitchNetwork: async ({ chainId }) => (localStorage.setItem(CHAIN, String(chainId)), { chainId }),
    RpcRequest: async (payload) => (await api('rpc', payload)).result,
    GetSocialRedirectUri: async ({ provider, returnTo }) => api('social/start', { provider, returnTo }),
    ConnectSocial: async ({ uri }) => signedIn(await api('social/connect', { uri })),
    GetFarcasterUri: async () => {
      const answer = await api('farcaster/start')
      state.channel = answer.channel
      return { url: answer.url }
    },
    ConnectFarcaster: async () => {
      const channel = state.channel
      for (;;) {
        // A reload (the user left the QR code) ends the wait.
        if (state.channel !== channel || !channel) throw new Error('Request was aborted')
        const answer = await api('farcaster/status', { channel })
        if (answer.token) return signedIn(answer)
        await wait(500)
      }
    },
    UpdateEmail: async ({ email }) => ((state.updating = email), api('email/update', { email })),
    UpdateEmailOtp: async ({ otp }) => api('email/update/verify', { email: state.updating, otp }),
    SignOut: async () => {
      await api('signout').catch(() => undefined)
      localStorage.removeItem(TOKEN)
      localStorage.removeItem(CHAIN)
      return {}
    },
    SyncTheme: async (theme) => (received.themes.push(plain(theme)), {}),
    SyncDappData: async (data) => {
      received.dappData.push(plain(data))
      state.project = typeof data.projectId === 'string' ? data.projectId : ''
      return {}
    },
    Reload: async () => ((state.channel = undefined), {}),
  }

  window.addEventListener('message', async (event) => {
    if (event.source !== window.parent || event.origin !== parentOrigin) return
    const m = event.data
    if (!m || m.vestibule !== 'auth' || typeof m.id !== 'string' || typeof m.type !== 'string' || !Object.hasOwn(handlers, m.type)) return
    const reply = (body) => window.parent.postMessage({ vestibule: 'auth', id: m.id, ...body }, parentOrigin)
    try {
      reply({ type: 'result', payload: await handlers[m.type](m.payload ?? {}) })
    } catch (error) {
      reply({ type: 'error', error: error instanceof Error ? error.message : 'An error occurred' })
    }
  })
  if (parentOrigin) window.parent.postMessage({ vestibule: 'auth', type: 'ready' }, parentOrigin)
})()
