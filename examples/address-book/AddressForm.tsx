import type { FormEvent } from 'react'
import { Button, TextInput, useStore, type ViewProps } from 'vestibule/ui'

/** The form: a name and an address, checked by the connected chain's address rule on Save. */
export default function AddressForm({ ctx }: Pick<ViewProps<unknown, 'addressBook'>, 'ctx'>) {
  const book = ctx.api
  const { form } = useStore(book.$state)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    book.save()
  }
  return (
    <form className="address-form" data-testid="address-form" onSubmit={submit} noValidate>
      <TextInput
        label={book.t('addressBook.name')}
        value={form.name}
        error={form.errors.name}
        onChange={(e) => book.edit('name', e.currentTarget.value)}
      />
      <TextInput
        label={book.t('addressBook.address')}
        value={form.address}
        error={form.errors.address}
        spellCheck={false}
        onChange={(e) => book.edit('address', e.currentTarget.value)}
      />
      <div className="address-form-actions">
        <Button type="button" variant="secondary" onClick={() => book.discard()}>
          {book.t('addressBook.discard')}
        </Button>
        <Button type="submit">{book.t('addressBook.save')}</Button>
      </div>
    </form>
  )
}

export const styles =
  '.address-form { display: grid; gap: 12px } .address-form-actions { display: flex; gap: 8px; justify-content: flex-end }'
