import { useState, type FormEvent } from 'react'
import { Button, EmptyState, TextArea, type ViewProps } from 'vestibule/ui'

/** Shown as the Hello view and as the Hello account tab: a note of several lines goes with the greeting. */
export default function HelloView({ ctx }: Pick<ViewProps<unknown, 'hello'>, 'ctx'>) {
  const [said, setSaid] = useState<{ text: string; note: string }>()
  const [note, setNote] = useState('')
  const greet = (event: FormEvent) => {
    event.preventDefault()
    setSaid({ text: ctx.api.greet(), note: note.trim() })
  }
  return (
    <form className="hello" onSubmit={greet}>
      {said ? <p className="hello-said">{said.text}</p> : <EmptyState title="Nothing said yet" />}
      {said?.note ? <p className="hello-note">{said.note}</p> : null}
      <TextArea label={ctx.t('hello.note')} maxLength={140} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
      <Button type="submit">Greet</Button>
    </form>
  )
}

/** Styles ship with the view; the shell adds them to the modal's shadow root on first load. */
export const styles =
  '.hello { display: grid; gap: 8px; justify-items: center } .hello > .vb-field { justify-self: stretch } .hello-said { font-weight: 600 } .hello-note { white-space: pre-line; margin: 0 }'
