/** A view made of the kit's multi-line input: one to fill (limit, error), one disabled, and a submit button. */
import { useState, type FormEvent } from 'react'
import { Button, TextArea } from 'vestibule/ui'

export default function NotesView() {
  const [note, setNote] = useState('')
  const [sent, setSent] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSent(note)
  }
  return (
    <form className="notes" onSubmit={submit} data-testid="notes">
      <TextArea
        label="Note"
        maxLength={20}
        value={note}
        error={/bad/.test(note) ? 'A note may not say bad' : undefined}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <TextArea label="Locked" disabled defaultValue="fixed text" />
      <Button type="submit">Save</Button>
      {sent !== undefined ? <output data-testid="notes-sent">{JSON.stringify(sent)}</output> : null}
    </form>
  )
}
export const styles = '.notes { display: grid; gap: 12px }'
