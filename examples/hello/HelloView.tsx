import { useState } from 'react'
import { Button, EmptyState, type ViewProps } from 'vestibule/ui'

/** Shown as the Hello view and as the Hello account tab. */
export default function HelloView({ ctx }: Pick<ViewProps<unknown, 'hello'>, 'ctx'>) {
  const [said, setSaid] = useState<string>()
  return (
    <div className="hello">
      {said ? <p className="hello-said">{said}</p> : <EmptyState title="Nothing said yet" />}
      <Button onClick={() => setSaid(ctx.api.greet())}>Greet</Button>
    </div>
  )
}

/** Styles ship with the view; the shell adds them to the modal's shadow root on first load. */
export const styles = '.hello { display: grid; gap: 8px; justify-items: center } .hello-said { font-weight: 600 }'
