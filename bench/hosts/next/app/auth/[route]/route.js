// The sign-in server as Next.js route handlers (docs/server.md): every route of hostBackend under /auth/.
import { createSiwxServer } from 'vestibule/server'

const siwx = createSiwxServer({ origins: [process.env.SIWX_ORIGIN ?? 'http://127.0.0.1:3000'], chains: ['eip155:1'] })

export const { GET, POST, OPTIONS } = siwx
export const dynamic = 'force-dynamic'
