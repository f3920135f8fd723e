import { Button, EmptyState, ListItem, useStore, type TabProps } from 'vestibule/ui'

/** The Account tab: saved addresses, each with a remove button. */
export default function AddressList({ ctx }: TabProps<'addressBook'>) {
  const book = ctx.api
  const { entries } = useStore(book.$state)
  if (!entries.length) return <EmptyState title={book.t('addressBook.empty')} />
  return (
    <ul className="address-book" data-testid="address-book">
      {entries.map((entry) => (
        <li key={entry.address}>
          <ListItem
            name={entry.name}
            hint={entry.address}
            end={
              <Button variant="secondary" onClick={() => book.remove(entry.address)}>
                {book.t('addressBook.remove')}
              </Button>
            }
          />
        </li>
      ))}
    </ul>
  )
}

export const styles = '.address-book { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px }'
