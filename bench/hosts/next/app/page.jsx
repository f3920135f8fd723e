// A server component: the page is rendered on the server, the wallet part hydrates in the browser.
import { Wallet } from './wallet'

export default function Page() {
  return (
    <main>
      <h1>Vestibule on Next.js</h1>
      <Wallet />
    </main>
  )
}
