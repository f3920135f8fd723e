// A page streamed in two parts: the Suspense boundary's content arrives (and hydrates) after the modal's state has
// changed in the browser. What the hooks in it hydrate with must still be what the server rendered.
import { Suspense } from 'react'
import { Wallet } from '../wallet'
import { LateStatus } from './late-status'
import { waitForRelease } from './gate'

export const dynamic = 'force-dynamic'

async function Late() {
  await waitForRelease()
  return <LateStatus />
}

export default function Page() {
  return (
    <main>
      <Wallet>
        <Suspense fallback={<p id="late">waiting</p>}>
          <Late />
        </Suspense>
      </Wallet>
    </main>
  )
}
