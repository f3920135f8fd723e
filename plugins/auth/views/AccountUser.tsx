import { cleanText } from 'vestibule/utils'
import { useStore, type TabProps } from 'vestibule/ui'
import { ID_AUTH } from '../state.js'

/** The embedded wallet's user (email, else user name) under the Account view's address, as plain cleaned text. */
export default function AccountUser({ ctx }: TabProps) {
  const chains = useStore(ctx.state.$chains)
  const namespace = useStore(ctx.state.$activeNamespace)
  const account = namespace ? chains[namespace]?.accountState : undefined
  const user = account?.connectorId === ID_AUTH ? cleanText(account.user?.email ?? account.user?.userName, 120) : ''
  if (!user) return null
  return (
    <p className="vb-muted vb-account-user" data-testid="account-user">
      {user}
    </p>
  )
}
