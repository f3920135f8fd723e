/** The address book's own strings: one catalog, so a key that is not here fails the type check. */
export const messages = {
  'addressBook.tab': 'Addresses',
  'addressBook.feature': 'Save address',
  'addressBook.title': 'Save an address',
  'addressBook.empty': 'No saved addresses',
  'addressBook.name': 'Name',
  'addressBook.address': 'Address',
  'addressBook.save': 'Save',
  'addressBook.discard': 'Discard',
  'addressBook.remove': 'Remove',
  'addressBook.saved': 'Saved {name}',
  'addressBook.unsaved': 'Save or discard the address you typed first',
  'addressBook.error.nameRequired': 'Enter a name',
  'addressBook.error.nameLong': 'At most {max} characters',
  'addressBook.error.addressRequired': 'Enter an address',
  'addressBook.error.addressInvalid': 'Not an address of this network',
} as const

export type MessageKeys = keyof typeof messages
