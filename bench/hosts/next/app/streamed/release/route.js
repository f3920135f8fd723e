import { release } from '../gate'

export const dynamic = 'force-dynamic'

export function GET() {
  return Response.json({ released: release() })
}
